/**
 * Variant files: read, checked against spec/variant.schema.json, resolved through `extends` by the reference,
 * and checked with every value of every option they declare. Each problem is reported where it is written.
 *
 * A variant's id is its file name, and the variant it extends is the file `<parent id>.yaml` beside it, or else
 * in the folders searched after it: the user's (`--variants`), then the package's variants/.
 * @module
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { serialize } from 'node:v8';
import type { OptionSpec, OptionValue, ResolvedVariant, VariantSource } from '../../reference/types.ts';
import { applyOptions, optionValues, resolveVariant } from '../../reference/variant.ts';
import { VARIANTS_DIR } from '../util/repo-paths.ts';
import { checkDeals } from './variant-deals.ts';
import { byPosition, type LoadError, type LoadResult } from './load-result.ts';
import { checkAgainstSchema } from './schemas.ts';
import { type NodePart, pointerTo, readYamlFile, type YamlSource } from './yaml-source.ts';

const VARIANT_SUFFIX = '.yaml';

/** A variant file that passed the schema: its source as written, and where each of its nodes is. */
export interface VariantFile {
  path: string;
  source: VariantSource;
  yaml: YamlSource;
}

export interface VariantCheck {
  path: string;
  result: LoadResult<ResolvedVariant>;
}

const failure = (errors: LoadError[]): LoadResult<never> => ({ ok: false, errors: errors.sort(byPosition) });

const errorAt = (yaml: YamlSource, pointer: string, message: string, part: NodePart = 'value'): LoadError => ({
  file: yaml.file,
  ...yaml.locate(pointer, part),
  message,
});

/** One file on its own: YAML, schema, file name. Its `extends` is not followed. */
export async function loadVariantFile(path: string): Promise<LoadResult<VariantFile>> {
  const read = await readYamlFile(path);
  if (!read.ok) return read;
  const yaml = read.value;
  const problems = checkAgainstSchema('variant', yaml.value);
  if (problems.length > 0) return failure(problems.map((p) => errorAt(yaml, p.pointer, p.message, p.part)));

  const source = yaml.value as VariantSource;
  const errors: LoadError[] = [];
  const fileId = basename(path, VARIANT_SUFFIX);
  if (source.id !== fileId) errors.push(errorAt(yaml, '/id', `id "${source.id}" must equal the file name "${fileId}"`));
  const optionNames = new Set<string>();
  for (const [index, option] of (source.options ?? []).entries()) {
    if (optionNames.has(option.name)) {
      errors.push(errorAt(yaml, `/options/${index}/name`, `option "${option.name}" is declared twice`));
    }
    optionNames.add(option.name);
  }
  return errors.length > 0 ? failure(errors) : { ok: true, value: { path, source, yaml } };
}

/** The variant files of a directory, sorted. */
export async function listVariantFiles(dir = VARIANTS_DIR): Promise<LoadResult<string[]>> {
  try {
    const names = (await readdir(dir)).filter((name) => name.endsWith(VARIANT_SUFFIX)).sort();
    return { ok: true, value: names.map((name) => join(dir, name)) };
  } catch (error) {
    return failure([{ file: dir, line: 0, col: 0, message: `cannot read directory: ${(error as Error).message}` }]);
  }
}

/**
 * The valid variants of a directory by id, and beside them the problems of each invalid file by the id its
 * name gives: an invalid file stops only what needs that variant (see `unknownVariantMessage`).
 */
export class VariantRegistry extends Map<string, ResolvedVariant> {
  readonly invalid = new Map<string, LoadError[]>();
}

/**
 * Every variant of a directory (the package's variants/ unless told), and of the user's own variant sources
 * (`extra`: folders of variant files and single files), resolved. Fails when a folder cannot be read, or when two
 * files give the same id (a user's variant does not silently replace one of the package's).
 */
export async function loadVariantRegistry(dir = VARIANTS_DIR, extra: readonly string[] = []): Promise<LoadResult<VariantRegistry>> {
  const files = await listVariantFiles(dir);
  if (!files.ok) return files;
  const paths = [...files.value];
  const folders: string[] = [];
  for (const source of new Set(extra.map((path) => resolve(path)))) {
    if (source === resolve(dir)) continue;
    if (!(await isDirectory(source))) {
      paths.push(source);
      continue;
    }
    const listed = await listVariantFiles(source);
    if (!listed.ok) return listed;
    folders.push(source);
    paths.push(...listed.value);
  }
  const registry = new VariantRegistry();
  const fileOf = new Map<string, string>();
  const twice: LoadError[] = [];
  for (const { path, result } of await checkVariantFiles([...new Set(paths)], [...folders, dir])) {
    const id = basename(path, VARIANT_SUFFIX);
    const first = fileOf.get(id);
    if (first !== undefined) {
      twice.push({ file: path, line: 0, col: 0, message: `variant "${id}" is given twice: here and in ${first}; rename one (its file name is its id)` });
      continue;
    }
    fileOf.set(id, path);
    if (result.ok) registry.set(result.value.id, result.value);
    else registry.invalid.set(id, result.errors);
  }
  return twice.length > 0 ? failure(twice) : { ok: true, value: registry };
}

/** Why a variant id cannot be used: its file's first problem, or that there is no such variant. */
export function unknownVariantMessage(variants: ReadonlyMap<string, ResolvedVariant>, id: string): string {
  const [problem] = variants instanceof VariantRegistry ? (variants.invalid.get(id) ?? []) : [];
  if (problem !== undefined) {
    const where = problem.line === 0 ? basename(problem.file) : `${basename(problem.file)}:${problem.line}:${problem.col}`;
    return `variant "${id}" has errors (${where}: ${problem.message})`;
  }
  return `unknown variant "${id}" (known: ${[...variants.keys()].join(', ')})`;
}

/**
 * Each file resolved with its ancestors, read whether or not they are listed: a parent is looked for beside the
 * file, then in each of `searchDirs` in turn (by default the package's variants/).
 */
export async function checkVariantFiles(paths: string[], searchDirs: readonly string[] = [VARIANTS_DIR]): Promise<VariantCheck[]> {
  const loaded = new Map<string, LoadResult<VariantFile>>();
  const load = async (path: string): Promise<LoadResult<VariantFile>> => {
    const key = resolve(path);
    const known = loaded.get(key);
    if (known !== undefined) return known;
    const result = await loadVariantFile(path);
    loaded.set(key, result);
    return result;
  };
  /** Where the ids a file names are looked for, in order. */
  const placesFrom = (path: string): string[] => [...new Set([dirname(resolve(path)), ...searchDirs.map((dir) => resolve(dir))])];

  const requested = await Promise.all(paths.map(load));
  // Read every ancestor first, so that the reference's resolution can look them up synchronously.
  await Promise.all(
    paths.map(async (path, index) => {
      const places = placesFrom(path);
      const seen = new Set<string>();
      for (let next: LoadResult<VariantFile> | undefined = requested[index]; next?.ok === true && next.value.source.extends !== undefined; ) {
        const parent = next.value.source.extends;
        if (seen.has(parent)) break;
        seen.add(parent);
        const parentPath = await firstFile(places.map((place) => join(place, `${parent}${VARIANT_SUFFIX}`)));
        next = parentPath === undefined ? undefined : await load(parentPath);
      }
    }),
  );

  return paths.map((path, index) => {
    const file = requested[index] as LoadResult<VariantFile>;
    if (!file.ok) return { path, result: file };
    const places = placesFrom(path);
    const found = (id: string): LoadResult<VariantFile> | undefined => {
      for (const place of places) {
        const result = loaded.get(join(place, `${id}${VARIANT_SUFFIX}`));
        if (result !== undefined) return result;
      }
      return undefined;
    };
    return { path, result: resolveVariantFile(file.value, found) };
  });
}

async function firstFile(candidates: string[]): Promise<string | undefined> {
  for (const candidate of candidates) if (await isFile(candidate)) return candidate;
  return undefined;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

type FileLookup = (id: string) => LoadResult<VariantFile> | undefined;

/**
 * The variants, each as its source and resolved rules (v8's serialization, which tells undefined, NaN and Infinity
 * apart), whose every option value and deal this process has checked and found good: the checks are functions of
 * those two alone, and took most of a registry's loading, which a process running many commands (the tests) does
 * again and again. A variant with problems is checked each time, to place them in its file.
 */
const PASSED_VALUE_CHECKS = new Set<string>();

function resolveVariantFile(file: VariantFile, besideFile: FileLookup): LoadResult<ResolvedVariant> {
  const { source, yaml } = file;
  const lookup = (id: string): VariantSource | undefined => {
    const found = besideFile(id);
    return found?.ok ? found.value.source : undefined;
  };
  const resolved = resolveVariant(source.id, lookup);
  if (resolved.ok) {
    const checked = serialize([source, resolved.value]).toString('latin1');
    if (PASSED_VALUE_CHECKS.has(checked)) return resolved;
    const errors = checkOptionValues(file, resolved.value);
    const deals = errors.length > 0 ? undefined : checkDeals(source, resolved.value);
    if (deals !== undefined) errors.push(errorAt(yaml, deals.pointer, deals.message));
    if (errors.length > 0) return failure(errors);
    PASSED_VALUE_CHECKS.add(checked);
    return resolved;
  }

  const { code, message } = resolved.error;
  if (code === 'VARIANT_CYCLE') return failure([errorAt(yaml, '/extends', message)]);
  const parent = source.extends;
  const parentFile = parent === undefined ? undefined : besideFile(parent);
  if (parent !== undefined && parentFile !== undefined && !(parentFile.ok && resolveVariant(parent, lookup).ok)) {
    const message = `parent variant "${parent}" has errors (see ${parent}${VARIANT_SUFFIX})`;
    return failure([errorAt(yaml, '/extends', message)]);
  }
  if (code === 'VARIANT_UNKNOWN') return failure([errorAt(yaml, '/extends', message)]);

  const resolvesWith = (changed: VariantSource): boolean =>
    resolveVariant(source.id, (id) => (id === source.id ? changed : lookup(id))).ok;
  const [pointer, part] = locateInconsistency(source, resolvesWith);
  return failure([errorAt(yaml, pointer, message, part)]);
}

/**
 * The reference names an inconsistency in words only. To point at the part of the file that causes it, resolve
 * the variant again without parts of the file: first without its options, then with one option at a time.
 */
function locateInconsistency(
  source: VariantSource,
  resolvesWith: (changed: VariantSource) => boolean,
): [pointer: string, part: NodePart] {
  const options = source.options ?? [];
  if (!resolvesWith({ ...source, options: [] })) return locateInRules(source, resolvesWith);
  for (const [index, option] of options.entries()) {
    const withOption = (changed: OptionSpec): boolean => resolvesWith({ ...source, options: [changed] });
    if (withOption(option)) continue;
    const { cases, ...withoutCases } = option;
    if (!withOption(withoutCases)) return [`/options/${index}/default`, 'value'];
    for (const [value, patch] of Object.entries(cases ?? {})) {
      const withThisCase = { ...option, cases: { [value]: patch } };
      if (!withOption(withThisCase)) return [pointerTo('options', index, 'cases', value), 'key'];
    }
    return [`/options/${index}`, 'value'];
  }
  return ['/options', 'key'];
}

/** The first knob of the file's rules without which they resolve; the whole `rules` when there is none. */
function locateInRules(
  source: VariantSource,
  resolvesWith: (changed: VariantSource) => boolean,
): [pointer: string, part: NodePart] {
  for (const [group, knobs] of Object.entries(source.rules ?? {})) {
    for (const knob of Object.keys(knobs ?? {})) {
      const { [knob]: _left, ...rest } = knobs as Record<string, unknown>;
      if (resolvesWith({ ...source, options: [], rules: { ...source.rules, [group]: rest } })) {
        return [pointerTo('rules', group, knob), 'value'];
      }
    }
  }
  return ['/rules', 'key'];
}

/**
 * Every value of every option (the others at their defaults) must give rules the reference accepts and the schema
 * allows: an option's range may not exceed the knob it sets. An inherited option is checked again because this
 * variant's rules may not suit it; its problems are reported at `extends`.
 */
function checkOptionValues(file: VariantFile, variant: ResolvedVariant): LoadError[] {
  const errors: LoadError[] = [];
  const ownOptions = file.source.options ?? [];
  for (const option of variant.options) {
    const problem = optionValues(option)
      .map((value) => problemWithOptionValue(variant, option.name, value))
      .find((found) => found !== undefined);
    if (problem === undefined) continue;
    const index = ownOptions.findIndex((own) => own.name === option.name);
    errors.push(
      index < 0
        ? errorAt(file.yaml, '/extends', `inherited ${problem}`)
        : errorAt(file.yaml, `/options/${index}`, problem),
    );
  }
  return errors;
}

function problemWithOptionValue(variant: ResolvedVariant, name: string, value: OptionValue): string | undefined {
  const applied = applyOptions(variant, { [name]: value });
  const prefix = `option "${name}" = ${String(value)}:`;
  if (!applied.ok) return `${prefix} ${applied.error.message}`;
  const [problem] = checkAgainstSchema('variant#/$defs/rulesPatch', applied.value);
  if (problem === undefined) return undefined;
  return `${prefix} ${problem.pointer.slice(1).replaceAll('/', '.')} ${problem.message}`;
}
