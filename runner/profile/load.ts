/**
 * Profile files (`run --profile <file>`, YAML or JSON) and profiles sent in an engine's hello: checked against
 * spec/profile.schema.json and against the variants they name. Each problem is reported where it is written.
 * @module
 */
import { checkRules, type ResolvedVariant } from '../../reference/index.ts';
import { byPosition, type LoadError, type LoadResult, type SourcePosition } from '../load/load-result.ts';
import { checkAgainstSchema, type SchemaProblem } from '../load/schemas.ts';
import { unknownVariantMessage } from '../load/variants.ts';
import { pointerTo, readYamlFile } from '../load/yaml-source.ts';
import { readAsDeclared } from './plan.ts';
import type { EngineProfile } from './profile.ts';

/**
 * What is wrong with a profile as data: its schema, then what the schema cannot say (a variant that does not
 * exist or is named twice, an option the variant does not have, a player count it does not seat, a category
 * knob its category's kind does not take, rules that contradict each other once merged).
 */
export function profileProblems(data: unknown, variants: ReadonlyMap<string, ResolvedVariant>): SchemaProblem[] {
  const schema = checkAgainstSchema('profile', data);
  if (schema.length > 0) return schema;
  const profile = data as EngineProfile;
  if (profile.variants === '*') return [];
  const problems: SchemaProblem[] = [];
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
    // A knob of another kind (a tieRanks merged into most-cards) would change what the reference plays: refused.
    for (const [key, knobs] of Object.entries(declared.categories ?? {})) {
      for (const category of read.scoring.categories.filter((candidate) => candidate.kind === key || candidate.id === key)) {
        for (const found of checkAgainstSchema('variant#/$defs/category', category)) {
          const knob = found.pointer.split('/')[1] ?? '';
          if (!Object.hasOwn(knobs, knob)) continue;
          problems.push({ pointer: at('categories', key, knob), part: found.part, message: `${declared.id}'s category "${category.id}" (${category.kind}): ${found.message}` });
        }
      }
    }
    const problem = checkRules(read);
    if (problem !== undefined) {
      problems.push({ pointer: at('id'), part: 'value', message: `the rules declared for ${declared.id}, merged over its own, contradict each other: ${problem}` });
    }
  }
  return problems;
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
