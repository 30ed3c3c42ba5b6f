/**
 * Which entries of the ambiguity register (spec/ambiguities.md) a reading is: those of its rule with a reading whose
 * `Knob:` names that knob at that value; where none does, every entry of its rule; where its rule has none, the
 * entries that name it.
 * @module
 */
import { isDeepStrictEqual } from 'node:util';
import type { OptionValue, ResolvedVariant, RulesPatch } from '../../reference/index.ts';
import { type EngineProfile, isWholeCategory } from '../profile/profile.ts';
import { type RegisterEntry, readRegister } from '../util/register.ts';
import { ruleAt, valueAt } from './candidates.ts';

/**
 * Whether a register knob (`thirty: none`, `capture.sums: fewest-cards`, or a value alone, `first-player`) names the
 * knob at `path` (`openingTable.bonus.thirty`) at `value`. A value alone names it only in an entry of its rule.
 */
function names(written: string, path: readonly string[], value: string, ofItsRule: boolean): boolean {
  const [knob, shown] = written.includes(': ') ? written.split(': ', 2) : [undefined, written];
  if (shown?.trim() !== value) return false;
  if (knob === undefined) return ofItsRule;
  const segments = knob.trim().split('.');
  return segments.length <= path.length && segments.every((segment, i) => path[path.length - segments.length + i] === segment);
}

/** The register entries with a reading whose knob names `knob` at `value`. */
function entriesNaming(knob: string, value: OptionValue, rule: string | null, register: readonly RegisterEntry[]): RegisterEntry[] {
  const path = knob.split('.');
  const ofRule = (entry: RegisterEntry): boolean => rule !== null && entry.rules.includes(rule);
  return register.filter((entry) => entry.readings.some((reading) => reading.knobs.some((written) => names(written, path, String(value), ofRule(entry)))));
}

/**
 * Whether a source documents the reading: some reading of the register names its knob at its value. A declaration
 * no source documents is no reading, whatever a profile may say (it is marked in every report of a run).
 */
export const isDocumented = (knob: string, value: OptionValue, rule: string | null, register: readonly RegisterEntry[] = readRegister()): boolean =>
  entriesNaming(knob, value, rule, register).length > 0;

/** The register entries a reading is, by id. */
export function ambiguitiesOf(knob: string, value: OptionValue, rule: string | null, register: readonly RegisterEntry[] = readRegister()): string[] {
  const ofRule = (entry: RegisterEntry): boolean => rule !== null && entry.rules.includes(rule);
  const named = entriesNaming(knob, value, rule, register);
  const namedOfRule = named.filter(ofRule);
  const ofItsRule = register.filter(ofRule);
  const chosen = namedOfRule.length > 0 ? namedOfRule : ofItsRule.length > 0 ? ofItsRule : named;
  return chosen.map((entry) => entry.id);
}

/** A declared knob at its value: a category's `none` or whole category as one knob, `categories.<id>`. */
interface Declared {
  knob: string;
  value: unknown;
  rule: string | null;
}

/**
 * Whether the variant itself plays a declared knob at its value, at its defaults or in a case of one of its options:
 * a declaration of the variant's own rule, which the variant documents. A category knob is the variant's own where a
 * category of that id or kind has it; a whole category, where the variant has that very category.
 */
function isVariantsOwn(variant: ResolvedVariant, { knob, value }: Declared): boolean {
  const settings: RulesPatch[] = [variant.rules, ...variant.options.flatMap((option) => Object.values(option.cases ?? {}))];
  const [area, key = '', field] = knob.split('.');
  if (area === 'categories') {
    const categories = settings.flatMap((setting) => setting.scoring?.categories ?? []);
    if (field === undefined) return categories.some((category) => category.id === key && isDeepStrictEqual(category, { id: key, ...(value as object) }));
    return categories.some((category) => (category.id === key || category.kind === key) && isDeepStrictEqual(valueAt(category, [field]), value));
  }
  if (area === 'redeals') {
    const conditions = settings.flatMap((setting) => setting.openingTable?.redeal ?? []);
    return conditions.some((condition) => condition.rule === key && field !== undefined && isDeepStrictEqual(valueAt(condition, [field]), value));
  }
  return settings.some((setting) => isDeepStrictEqual(valueAt(setting, knob.split('.')), value));
}

/**
 * The declarations of a profile no source documents: each knob its `rules`, `categories` and `redeals` set to a value
 * no reading of the register names, as `variant knob: value`. A knob at the variant's own value is documented by the
 * variant, as is a fixed value of a host option; what the engine plays and reports (players, team modes, omit) reads
 * no rule.
 */
export function undocumentedDeclarations(profile: EngineProfile, variants: ReadonlyMap<string, ResolvedVariant>, register: readonly RegisterEntry[] = readRegister()): string[] {
  if (profile.variants === '*') return [];
  return profile.variants.flatMap((declared) => {
    const variant = variants.get(declared.id);
    const knobs: Declared[] = [
      ...leaves(declared.rules ?? {}, []).map(([path, value]) => ({ knob: path.join('.'), value, rule: ruleAt(path.join('.')) })),
      ...Object.entries(declared.categories ?? {}).flatMap(([category, set]): Declared[] =>
        typeof set === 'string' || isWholeCategory(set)
          ? [{ knob: `categories.${category}`, value: set, rule: null }]
          : Object.entries(set).map(([knob, value]) => ({ knob: `categories.${category}.${knob}`, value, rule: null })),
      ),
      ...Object.entries(declared.redeals ?? {}).flatMap(([rule, set]) => Object.entries(set).map(([knob, value]) => ({ knob: `redeals.${rule}.${knob}`, value, rule }))),
    ];
    return knobs
      .filter((declaration) => variant === undefined || !isVariantsOwn(variant, declaration))
      .filter(({ knob, value, rule }) => !isDocumented(knob, typeof value === 'object' ? JSON.stringify(value) : (value as OptionValue), rule, register))
      .map(({ knob, value }) => `${declared.id} ${knob}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  });
}

/** Every value of a rules patch other than a map, with its path. */
const leaves = (node: object, path: string[]): [string[], unknown][] =>
  Object.entries(node).flatMap(([key, value]): [string[], unknown][] =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? leaves(value, [...path, key]) : [[[...path, key], value]],
  );
