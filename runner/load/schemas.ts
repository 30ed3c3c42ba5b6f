/**
 * The JSON Schemas of spec/, compiled once, and their errors turned into sentences a person can act on.
 *
 * A schema is named by its path under spec/ without `.schema.json` (`variant`; later `fixture`,
 * `protocol/replay`), optionally followed by a fragment naming a part of it (`variant#/$defs/rulesPatch`).
 * Every schema file is added before the first is compiled, so they may `$ref` one another.
 * @module
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Ajv2020, AnySchemaObject, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { nearestValue } from '../util/nearest.ts';
import { cacheFolder, SPEC_DIR } from '../util/repo-paths.ts';
import { type NodePart, pointerTo } from './yaml-source.ts';

/** A schema violation: where (a JSON pointer into the data, and which part of that node) and what. */
export interface SchemaProblem {
  pointer: string;
  part: NodePart;
  message: string;
  /** Set when the problem is a required key missing: that key. */
  missingKey?: string;
}

const SCHEMA_SUFFIX = '.schema.json';

const requireHere = createRequire(import.meta.url);
const AJV_VERSION = (requireHere('ajv/package.json') as { version: string }).version;
// Ajv itself is loaded only to compile what the cache does not hold: the validators compiled ahead need its small
// runtime modules alone, and loading the whole of it took a tenth of a short run's start.
const newAjv = (options: ConstructorParameters<typeof Ajv2020>[0]): Ajv2020 =>
  new (requireHere('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020(options);
// The module is CommonJS with a function for exports, which TypeScript's view of its default export misses.
const standaloneCode = (): typeof import('ajv/dist/standalone/index.js').default =>
  requireHere('ajv/dist/standalone') as typeof import('ajv/dist/standalone/index.js').default;

interface SchemaRegistry {
  /** Compiles what the cache does not hold: made on first need, since adding the schemas checks them too. */
  ajv: () => Ajv2020;
  /** Schema name -> the schema as written, for describing alternatives and following local `$ref`s. */
  roots: Map<string, AnySchemaObject>;
  /** The validators compiled ahead, from the compile cache: the schema files and `CACHED_PARTS`. */
  cached: Map<string, ValidateFunction>;
}

// verbose: errors carry the failing data and schema, which the messages below quote. discriminator: a `oneOf`
// whose branches are told apart by one key (`kind`, `type`) checks only the branch that key names, so the
// errors are that branch's alone.
const AJV_OPTIONS = { strict: true, allErrors: true, verbose: true, discriminator: true } as const;

/**
 * Parts of schema files that loaders check on their own, compiled ahead with the files; with them, the answer of
 * each protocol message (`protocol/replay#/$defs/response`), which --validate-protocol checks.
 */
const CACHED_PARTS = [
  'fixture#/$defs/card',
  'fixture#/$defs/errorCode',
  'fixture#/$defs/event',
  'fixture#/$defs/expectations',
  'fixture#/$defs/game',
  'fixture#/$defs/provenance',
  'fixture#/$defs/ruleId',
  'fixture#/properties/id',
  'variant#/$defs/category',
  'variant#/$defs/rulesPatch',
];
const responsesOf = (roots: Map<string, AnySchemaObject>): string[] =>
  [...roots].filter(([name, root]) => name.startsWith('protocol/') && (root.$defs as Record<string, unknown> | undefined)?.response !== undefined).map(([name]) => `${name}#/$defs/response`);

let registry: SchemaRegistry | undefined;

function schemaRegistry(): SchemaRegistry {
  if (registry !== undefined) return registry;
  const texts = new Map<string, string>();
  for (const file of readdirSync(SPEC_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith(SCHEMA_SUFFIX)) texts.set(file.slice(0, -SCHEMA_SUFFIX.length).replaceAll('\\', '/'), readFileSync(join(SPEC_DIR, file), 'utf8'));
  }
  const roots = new Map<string, AnySchemaObject>();
  for (const [name, text] of texts) roots.set(name, JSON.parse(text) as AnySchemaObject);
  const withSchemas = (ajv: Ajv2020): Ajv2020 => {
    for (const [name, text] of texts) ajv.addSchema(JSON.parse(text) as AnySchemaObject, name);
    return ajv;
  };
  let live: Ajv2020 | undefined;
  const ajv = (): Ajv2020 => (live ??= withSchemas(newAjv(AJV_OPTIONS)));
  const names = [...roots.keys(), ...CACHED_PARTS, ...responsesOf(roots)];
  const ref = (name: string): string => {
    const [file = '', fragment] = name.split('#');
    return fragment === undefined ? file : `${String(roots.get(file)?.$id)}#${fragment}`;
  };
  const cached = compiledAhead(texts, names, () => {
    const source = withSchemas(newAjv({ ...AJV_OPTIONS, code: { source: true } }));
    return standaloneCode()(source, Object.fromEntries(names.map((name, i) => [`v${i}`, ref(name)])));
  });
  registry = { ajv, roots, cached: new Map(cached === undefined ? [] : names.map((name, i) => [name, cached[`v${i}`] as ValidateFunction])) };
  return registry;
}

/**
 * Compiling the schemas is most of a short run's start: their validators are kept as ajv's standalone code in a
 * cache file named by a hash of the schemas, ajv's version and options (SCOPA_CONFORMANCE_CACHE names the folder,
 * `off` turns it off). A cache that cannot be written or read is no error: the schemas are compiled as usual.
 */
function compiledAhead(texts: Map<string, string>, names: string[], generate: () => string): Record<string, unknown> | undefined {
  const folder = cacheFolder();
  if (folder === undefined) return undefined;
  const hash = createHash('sha256').update(AJV_VERSION).update(JSON.stringify(AJV_OPTIONS)).update(JSON.stringify(names));
  for (const [name, text] of texts) hash.update(`\0${name}\0${text}`);
  const file = join(folder, `schemas-${hash.digest('hex').slice(0, 20)}.cjs`);
  let code: string;
  try {
    code = readFileSync(file, 'utf8');
  } catch {
    code = generate();
    try {
      mkdirSync(folder, { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, code);
      renameSync(temporary, file);
    } catch {
      // A read-only install: compiled each time.
    }
  }
  const module = { exports: {} as Record<string, unknown> };
  new Function('require', 'module', 'exports', code)(requireHere, module, module.exports);
  return module.exports;
}

function compiled(name: string): { validate: ValidateFunction; root: AnySchemaObject } {
  const { ajv, roots, cached } = schemaRegistry();
  const [file = '', fragment] = name.split('#');
  const root = roots.get(file);
  const validate = cached.get(name) ?? ajv().getSchema(fragment === undefined ? file : `${String(root?.$id)}#${fragment}`);
  if (root === undefined || validate === undefined) {
    throw new Error(`no schema "${name}" in ${SPEC_DIR}; known: ${[...roots.keys()].join(', ')}`);
  }
  return { validate, root };
}

/**
 * The problems of `data` under the named schema; none when it is valid. A whole number past 2^53 - 1 is a problem
 * first of all: it was read as another number than the one written (9007199254740993 reads as ...992).
 */
export function checkAgainstSchema(name: string, data: unknown): SchemaProblem[] {
  if (hasInexactInteger(data)) return inexactIntegers(data);
  const { validate, root } = compiled(name);
  if (validate(data)) return [];
  return describeErrors(validate.errors ?? [], root);
}

/** At most this many inexact numbers are named: one is enough to fix the file, a few show a pattern. */
const INEXACT_SHOWN = 10;

/** Whether a value holds a whole number a JavaScript number does not hold exactly: the quick look, no allocation. */
function hasInexactInteger(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && !Number.isSafeInteger(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (hasInexactInteger(value[i])) return true;
    return false;
  }
  for (const key in value) if (Object.hasOwn(value, key) && hasInexactInteger((value as Record<string, unknown>)[key])) return true;
  return false;
}

/** Every whole number of a value that a JavaScript number does not hold exactly, with where it is. */
function inexactIntegers(value: unknown, path: (string | number)[] = [], found: SchemaProblem[] = []): SchemaProblem[] {
  if (found.length >= INEXACT_SHOWN) return found;
  if (typeof value === 'number') {
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
      found.push({
        pointer: pointerTo(...path),
        part: 'value',
        message: `a whole number past ${Number.MAX_SAFE_INTEGER} is not read exactly (this one reads as ${value}): write a smaller one`,
      });
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => inexactIntegers(item, [...path, index], found));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) inexactIntegers(item, [...path, key], found);
  }
  return found;
}

function describeErrors(errors: ErrorObject[], root: AnySchemaObject): SchemaProblem[] {
  // An anyOf speaks for the attempts of all its branches at its node and below.
  const alternativesAt = errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath);
  const explainedByAnyOf = (e: ErrorObject): boolean =>
    e.keyword !== 'anyOf' &&
    alternativesAt.some((path) => e.instancePath === path || e.instancePath.startsWith(`${path}/`));

  return (
    errors
      // `if` only repeats that its `then` failed, and `propertyNames` that a key failed: the others say how.
      .filter((e) => e.keyword !== 'if' && e.keyword !== 'propertyNames' && !explainedByAnyOf(e))
      .map((e) => describeError(e, root))
  );
}

function describeError(error: ErrorObject, root: AnySchemaObject): SchemaProblem {
  const problem = describeValueError(error, root);
  // ajv marks the errors of a `propertyNames` schema with the key they are about.
  const { propertyName } = error as { propertyName?: string };
  if (propertyName === undefined) return problem;
  const message = `invalid key "${propertyName}": ${problem.message}`;
  return { pointer: error.instancePath + pointerTo(propertyName), part: 'key', message };
}

function describeValueError(error: ErrorObject, root: AnySchemaObject): SchemaProblem {
  const at = (message: string, pointer = error.instancePath, part: NodePart = 'value'): SchemaProblem => ({
    pointer,
    part,
    message,
  });
  const params = error.params as Record<string, unknown>;
  const parentSchema = error.parentSchema ?? {};
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const allowed = Object.keys((parentSchema.properties ?? {}) as object);
      return at(`unknown key "${key}" (allowed: ${allowed.join(', ')})`, error.instancePath + pointerTo(key), 'key');
    }
    case 'required': {
      const key = String(params.missingProperty);
      return { ...at(`missing key "${key}"`, error.instancePath, 'key'), missingKey: key };
    }
    case 'type':
      return at(`expected ${describeType(String(params.type))}, got ${describeValue(error.data)}`);
    case 'enum':
      return at(describeEnumMismatch(params.allowedValues as unknown[], error.data));
    case 'const':
      return at(`expected ${JSON.stringify(params.allowedValue)}, got ${describeValue(error.data)}`);
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return at(`must be ${String(params.comparison)} ${String(params.limit)}, got ${describeValue(error.data)}`);
    case 'pattern': {
      // A schema may name what its pattern means in its `title`.
      const { title } = parentSchema as { title?: unknown };
      const wanted = typeof title === 'string' ? title : `a string matching /${String(params.pattern)}/`;
      return at(`expected ${wanted}, got ${describeValue(error.data)}`);
    }
    case 'minLength':
      return at(params.limit === 1 ? 'must not be empty' : `must be at least ${String(params.limit)} characters long`);
    case 'minItems':
    case 'maxItems':
      return at(`${describeItemCount(parentSchema)}, got ${(error.data as unknown[]).length}`);
    case 'minProperties':
    case 'maxProperties':
      return at(`${describeKeyCount(parentSchema)}, got ${Object.keys(error.data as object).length}`);
    case 'uniqueItems':
      return at(`items ${String(params.j)} and ${String(params.i)} are the same; each may appear once`);
    case 'anyOf': {
      const alternatives = (error.schema as AnySchemaObject[]).map((branch) => describeSchema(branch, root));
      return at(`expected ${alternatives.join(' or ')}, got ${describeValue(error.data)}`);
    }
    case 'discriminator': {
      const tag = String(params.tag);
      if (params.error === 'tag' && (error.data as Record<string, unknown>)[tag] === undefined) {
        return at(`missing key "${tag}"`, error.instancePath, 'key');
      }
      const values = discriminatorValues(parentSchema, tag, root);
      return at(describeEnumMismatch(values, params.tagValue), error.instancePath + pointerTo(tag));
    }
    default:
      return at(error.message ?? `fails "${error.keyword}"`);
  }
}

/** Long vocabularies (rule ids, error codes) are not listed; the nearest value is suggested instead. */
const MAX_LISTED_VALUES = 12;

function describeEnumMismatch(allowed: unknown[], value: unknown): string {
  if (allowed.length <= MAX_LISTED_VALUES) return `expected one of ${allowed.join(', ')}, got ${describeValue(value)}`;
  const nearest = typeof value === 'string' ? nearestValue(allowed.map(String), value) : undefined;
  const hint = nearest === undefined ? '' : `; did you mean ${nearest}?`;
  return `${describeValue(value)} is not one of the ${allowed.length} allowed values${hint}`;
}

/** The values of a discriminated `oneOf`'s tag, one per branch, in branch order. */
function discriminatorValues(schema: AnySchemaObject, tag: string, root: AnySchemaObject): unknown[] {
  const branches = (schema.oneOf ?? []) as AnySchemaObject[];
  return branches.flatMap((branch) => {
    const tagSchema = (resolveLocalRef(branch, root).properties as Record<string, AnySchemaObject> | undefined)?.[tag];
    if (tagSchema === undefined) return [];
    return 'const' in tagSchema ? [tagSchema.const] : ((tagSchema.enum ?? []) as unknown[]);
  });
}

/** A subschema with a local `$ref` (`#/$defs/...`) followed. */
function resolveLocalRef(schema: AnySchemaObject, root: AnySchemaObject): AnySchemaObject {
  if (typeof schema.$ref !== 'string' || !schema.$ref.startsWith('#/')) return schema;
  const target = schema.$ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, segment) => (node as Record<string, unknown> | undefined)?.[segment], root);
  return target === undefined ? schema : (target as AnySchemaObject);
}

function describeType(type: string): string {
  switch (type) {
    case 'null':
      return 'null';
    case 'object':
      return 'a map';
    case 'array':
      return 'a list';
    case 'integer':
      return 'an integer';
    default:
      return `a ${type}`;
  }
}

const MAX_QUOTED_LENGTH = 60;

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value !== null && typeof value === 'object') return 'a map';
  if (typeof value === 'string' && value.length > MAX_QUOTED_LENGTH) {
    return `${JSON.stringify(value.slice(0, MAX_QUOTED_LENGTH - 3))}...`;
  }
  // JSON has no NaN or infinity and would print them as null.
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return JSON.stringify(value);
}

function describeKeyCount(schema: AnySchemaObject): string {
  // A schema may name which keys it wants in its `title`, as a pattern's schema names what it means.
  const { minProperties, maxProperties, title } = schema as { minProperties?: number; maxProperties?: number; title?: unknown };
  const keys = typeof title === 'string' ? ` (${title})` : '';
  if (minProperties !== undefined && minProperties === maxProperties) return `expected exactly ${minProperties} keys${keys}`;
  if (maxProperties !== undefined) return `expected at most ${maxProperties} keys${keys}`;
  return minProperties === 1 ? `expected at least one key${keys}` : `expected at least ${String(minProperties)} keys${keys}`;
}

function describeItemCount(schema: AnySchemaObject): string {
  const { minItems, maxItems } = schema as { minItems?: number; maxItems?: number };
  if (minItems !== undefined && minItems === maxItems) return `expected exactly ${minItems} items`;
  if (maxItems === undefined) return `expected at least ${String(minItems)} items`;
  if (minItems === undefined) return `expected at most ${maxItems} items`;
  return `expected ${minItems} to ${maxItems} items`;
}

/** A short phrase for the values a (sub)schema accepts: `an integer from 0 to 40`, `"remainder"`. */
function describeSchema(schema: AnySchemaObject, root: AnySchemaObject): string {
  const target = resolveLocalRef(schema, root);
  if (target !== schema) return describeSchema(target, root);
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.map((value) => JSON.stringify(value));
    return values.length === 1 ? (values[0] as string) : `one of ${values.join(', ')}`;
  }
  if ('const' in schema) return JSON.stringify(schema.const);
  if (typeof schema.type === 'string') {
    const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
    const range = minimum !== undefined && maximum !== undefined ? ` from ${minimum} to ${maximum}` : '';
    return describeType(schema.type) + range;
  }
  return 'a valid value';
}
