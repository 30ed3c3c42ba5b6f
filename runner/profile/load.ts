/**
 * Profile files (`run --profile <file>`, YAML or JSON) and profiles sent in an engine's hello: checked against
 * spec/profile.schema.json and against the variants they name. Each problem is reported where it is written.
 * @module
 */
import { CATEGORY_KINDS, type Category, checkRules, type ResolvedVariant, type Rules } from '../../reference/index.ts';
import { byPosition, type LoadError, type LoadResult, type SourcePosition } from '../load/load-result.ts';
import { checkAgainstSchema, type SchemaProblem } from '../load/schemas.ts';
import { unknownVariantMessage } from '../load/variants.ts';
import { pointerTo, readYamlFile } from '../load/yaml-source.ts';
import { nearestValue } from '../util/nearest.ts';
import { readAsDeclared } from './plan.ts';
import { type EngineProfile, isWholeCategory, type VariantProfile } from './profile.ts';

/**
 * What is wrong with a profile as data: its schema, then what the schema cannot say (a variant that does not
 * exist or is named twice, an option the variant does not have, a player count it does not seat, a category id or
 * kind its variant does not have under any option or a knob its kind does not take, an award field to omit of a
 * category no variant has, rules that contradict each other once merged).
 */
export function profileProblems(data: unknown, variants: ReadonlyMap<string, ResolvedVariant>): SchemaProblem[] {
  const schema = checkAgainstSchema('profile', data);
  if (schema.length > 0) return schema;
  const profile = data as EngineProfile;
  const declarations = profile.variants === '*' ? [...variants.keys()].map((id) => ({ id })) : profile.variants;
  const played = declarations.flatMap((declared) => {
    const variant = variants.get(declared.id);
    return variant === undefined ? [] : categoriesOf(variant, readAsDeclared(variant.rules, declared));
  });
  const problems = omitProblems(profile.reports, played, (id) => `no variant of the profile has a category "${id}"`, ['reports']);
  if (profile.variants === '*') return problems;
  const seen = new Set<string>();
  for (const [index, declared] of profile.variants.entries()) {
    const at = (...path: (string | number)[]): string => pointerTo('variants', index, ...path);
    const variant = variants.get(declared.id);
    if (variant === undefined) {
      problems.push({ pointer: at('id'), part: 'value', message: unknownVariantMessage(variants, declared.id) });
      continue;
    }
    if (seen.has(declared.id)) problems.push({ pointer: at('id'), part: 'value', message: `variant "${declared.id}" is declared twice` });
    seen.add(declared.id);
    for (const name of Object.keys(declared.options ?? {})) {
      if (!variant.options.some((option) => option.name === name)) {
        const known = variant.options.map((option) => option.name);
        const options = known.length === 0 ? 'it declares none' : `its options are ${known.join(', ')}`;
        problems.push({ pointer: at('options', name), part: 'key', message: `variant "${declared.id}" has no option "${name}"; ${options}` });
      }
    }
    for (const [name, support] of Object.entries(declared.options ?? {})) {
      if (!Array.isArray(support) && support.min !== undefined && support.max !== undefined && support.min > support.max) {
        problems.push({ pointer: at('options', name), part: 'value', message: `the range of ${name} is empty: min ${support.min} is above max ${support.max}` });
      }
    }
    const seated = variant.rules.players.seatings.flatMap((seating) => seating.players);
    for (const [i, players] of (declared.players ?? []).entries()) {
      if (!seated.includes(players)) {
        problems.push({ pointer: at('players', i), part: 'value', message: `${declared.id} does not seat ${players} players (it seats ${seated.join(', ')})` });
      }
    }
    const read = readAsDeclared(variant.rules, declared);
    const categories = categoriesOf(variant, read);
    const wrongCategories = categoryProblems(declared, read, categories, at);
    problems.push(...wrongCategories);
    problems.push(...omitProblems(declared.reports, categories, (id) => `${declared.id} has no category "${id}"`, ['variants', index, 'reports']));
    // Rules merged with a category refused above would only say the same mistake again, in other words.
    const problem = wrongCategories.length === 0 ? checkRules(read) : undefined;
    if (problem !== undefined) {
      problems.push({ pointer: at('id'), part: 'value', message: `the rules declared for ${declared.id}, merged over its own, contradict each other: ${problem}` });
    }
  }
  return problems;
}

/**
 * Every category a variant may score: its own, those its options' cases write, and those of its rules as the
 * profile declares them (`read`: a whole category added among them).
 */
function categoriesOf(variant: ResolvedVariant, read: Rules): Category[] {
  const cases = variant.options.flatMap((option) => Object.values(option.cases ?? {}).flatMap((patch) => patch.scoring?.categories ?? []));
  return [...variant.rules.scoring.categories, ...cases, ...read.scoring.categories];
}

/**
 * What is wrong with a variant's `categories`: a key that is neither the kind nor the id of a category it may score
 * (`none` and knobs; a whole category is named by the id it gives), a knob the kind of a category it reaches does not
 * take, a whole category its kind does not allow as written. `read` is the variant's rules as declared.
 */
function categoryProblems(declared: VariantProfile, read: Rules, categories: readonly Category[], at: (...path: (string | number)[]) => string): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const declaredWhole = new Set(Object.entries(declared.categories ?? {}).flatMap(([id, declaration]) => (isWholeCategory(declaration) ? [id] : [])));
  // What a key may name: the id or kind of a category the variant may score and the profile does not give whole.
  const nameable = categories.filter((category) => !declaredWhole.has(category.id));
  const ids = new Set(nameable.map((category) => category.id));
  const kinds = new Set<string>(nameable.map((category) => category.kind));
  for (const [key, declaration] of Object.entries(declared.categories ?? {})) {
    if (isWholeCategory(declaration)) {
      if (Object.hasOwn(declaration, 'id')) problems.push({ pointer: at('categories', key, 'id'), part: 'key', message: `the key names the category ("${key}"): leave "id" out` });
      const category = read.scoring.categories.find((candidate) => candidate.id === key);
      for (const found of checkAgainstSchema('variant#/$defs/category', category)) {
        problems.push({ pointer: at('categories', key) + found.pointer, part: found.part, message: `${declared.id}'s category "${key}" (${declaration.kind}): ${withoutKeys(found.message, ['id'])}` });
      }
      continue;
    }
    if (!ids.has(key) && !kinds.has(key)) {
      problems.push({ pointer: at('categories', key), part: 'key', message: unnamedCategoryMessage(declared.id, key, nameable) });
      continue;
    }
    if (declaration === 'none') continue;
    // A knob of another kind (a tieRanks merged into most-cards) would change what the reference plays: refused.
    const reached = read.scoring.categories.filter((category) => (category.kind === key || category.id === key) && !declaredWhole.has(category.id));
    for (const category of reached) {
      for (const found of checkAgainstSchema('variant#/$defs/category', category)) {
        const knob = found.pointer.split('/')[1] ?? '';
        if (!Object.hasOwn(declaration, knob)) continue;
        problems.push({ pointer: at('categories', key, knob), part: found.part, message: `${declared.id}'s category "${category.id}" (${category.kind}): ${withoutKeys(found.message, ['id', 'kind'])}` });
      }
    }
  }
  return problems;
}

/**
 * The variant schema's message for a key a category does not take, its list of allowed keys without those a profile
 * may not write there (`id`, the key being the id; `kind` among knobs, where it would make a whole category).
 */
const withoutKeys = (message: string, refused: readonly string[]): string =>
  message.replace(/\(allowed: ([^)]*)\)$/, (_, allowed: string) => `(allowed: ${allowed.split(', ').filter((key) => !refused.includes(key)).join(', ')})`);

/**
 * A `categories` key that names no category of the variant (`nameable`): a kind it never scores, with each category
 * it has as `id (kind)`; else the nearest id or kind, or its ids.
 */
function unnamedCategoryMessage(variant: string, key: string, nameable: readonly Category[]): string {
  if ((CATEGORY_KINDS as readonly string[]).includes(key)) {
    const named = new Set(nameable.map((category) => (category.id === category.kind ? category.id : `${category.id} (${category.kind})`)));
    return `${variant} scores no category of kind "${key}" under any option; its categories are ${[...named].join(', ')}`;
  }
  const ids = new Set(nameable.map((category) => category.id));
  const near = nearestValue(new Set([...ids, ...nameable.map((category) => category.kind)]), key);
  const hint = near === undefined ? `its categories are ${[...ids].join(', ')}` : `did you mean ${near}?`;
  return `"${key}" is no category kind, nor the id of a category ${variant} has; ${hint}`;
}

/** `award.<id>.<field>` entries of `omit` naming a category none of `categories` has, where they are written. */
function omitProblems(reports: EngineProfile['reports'], categories: readonly Category[], missing: (id: string) => string, path: (string | number)[]): SchemaProblem[] {
  if (typeof reports !== 'object') return [];
  const ids = new Set(categories.map((category) => category.id));
  return (reports.omit ?? []).flatMap((entry, i): SchemaProblem[] => {
    const [, id, field] = /^award\.([^.]+)\.([^.]+)$/.exec(entry) ?? [];
    if (id === undefined || ids.has(id)) return [];
    const near = nearestValue(ids, id);
    const hint = near === undefined ? '' : `; did you mean award.${near}.${field}?`;
    return [{ pointer: pointerTo(...path, 'omit', i), part: 'value', message: `${missing(id)}${hint}` }];
  });
}

/** A profile file, checked; every problem as file:line:col. */
export async function loadProfileFile(path: string, variants: ReadonlyMap<string, ResolvedVariant>): Promise<LoadResult<EngineProfile>> {
  const read = await readYamlFile(path);
  if (!read.ok) return read;
  const yaml = read.value;
  const problems = profileProblems(yaml.value, variants);
  if (problems.length === 0) return { ok: true, value: yaml.value as EngineProfile };
  const errors: LoadError[] = problems.map((problem) => {
    const position: SourcePosition = yaml.locate(problem.pointer, problem.part);
    return { file: path, ...position, message: problem.message };
  });
  return { ok: false, errors: errors.sort(byPosition) };
}
