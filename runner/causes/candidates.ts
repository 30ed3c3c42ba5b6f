/**
 * The readings `diagnose` tries for a variant, one change at a time from what the engine declares: every other
 * value of every enumerated or yes-or-no knob of the rules, of each scoring category the games use, no limit to a
 * redeal that has one, and each value of each host option, fixed. The knobs and their values come from
 * spec/variant.schema.json and the variant, so that a knob or value added there is tried with no change here.
 * @module
 */
import { applyOptions, checkRules, type OptionSpec, type OptionValue, type ResolvedVariant } from '../../reference/index.ts';
import { CATEGORY_RULES } from '../divergences/rule-of.ts';
import { readAsDeclared } from '../profile/plan.ts';
import { fixedValue, type VariantProfile } from '../profile/profile.ts';
import { commentRules, resolvedNode, type SchemaNode, variantSchemaDefs } from '../util/variant-schema.ts';
import { type Declaration, withReading } from './declare.ts';

/** One reading to try: one knob of one variant's declaration at one value. */
export interface Candidate {
  variant: string;
  /** The knob: a rules path (`sweep.lastPlay`), `categories.<id>.<knob>`, `redeals.<rule>.maxDeals` or `options.<name>`. */
  knob: string;
  value: OptionValue;
  /** The rule the knob decides: the first its schema `$comment` names; null for an option that sets no knob. */
  rule: string | null;
  /** What the engine's profile declares for it. */
  declaration: Declaration;
}

/** The groups of the rules that say which game is played (its cards, its seats), not how one of its rules is read. */
const NOT_READINGS = new Set(['deck', 'players']);

type Leaf = { path: string[]; values: OptionValue[]; rule: string | null };

/** The values a knob's schema node allows, where they can be listed: an enum's, or true and false. */
function listedValues(node: SchemaNode): OptionValue[] | undefined {
  const resolved = resolvedNode(node);
  if (resolved.enum !== undefined) return resolved.enum;
  return resolved.type === 'boolean' ? [true, false] : undefined;
}

/** Every enumerated or yes-or-no knob under `properties`, with its path, values and rule, depth first. */
function listedKnobs(properties: Record<string, SchemaNode>, path: string[] = []): Leaf[] {
  return Object.entries(properties).flatMap(([key, node]): Leaf[] => {
    const values = listedValues(node);
    if (values !== undefined) return [{ path: [...path, key], values, rule: commentRules(node)[0] ?? null }];
    const inner = resolvedNode(node).properties;
    return inner === undefined ? [] : listedKnobs(inner, [...path, key]);
  });
}

const rulesProperties = (): Record<string, SchemaNode> => resolvedNode(variantSchemaDefs().rulesPatch as SchemaNode).properties ?? {};

/** The knobs of the rules a reading may change. */
const readingKnobs = (): Leaf[] =>
  listedKnobs(Object.fromEntries(Object.entries(rulesProperties()).filter(([group]) => !NOT_READINGS.has(group))));

/** The rule of the knob at a dotted rules path (`end.target`), from the schema. */
export function ruleAt(path: string): string | null {
  let properties: Record<string, SchemaNode> | undefined = rulesProperties();
  let node: SchemaNode | undefined;
  for (const key of path.split('.')) {
    node = properties?.[key];
    properties = node === undefined ? undefined : resolvedNode(node).properties;
  }
  return node === undefined ? null : (commentRules(node)[0] ?? null);
}

/** Each category kind's schema node (the `then` of the category's `if kind is ...`). */
function categoryNodes(): Map<string, SchemaNode> {
  const nodes = new Map<string, SchemaNode>();
  for (const branch of variantSchemaDefs().category?.allOf ?? []) {
    const kind = branch.if?.properties?.kind;
    const then = branch.then === undefined ? undefined : resolvedNode(branch.then);
    if (kind === undefined || then === undefined) continue;
    for (const name of kind.enum ?? (kind.const === undefined ? [] : [kind.const])) nodes.set(name, then);
  }
  return nodes;
}

/**
 * The knobs of a category kind with listed values, each with its rule: the one rule every kind with that knob names
 * (`ties`: SCORE-TIES), or else the kind's own (`incomplete`: SCORE-PRIMIERA).
 */
function categoryKnobs(kind: string): Leaf[] {
  const nodes = categoryNodes();
  const own = nodes.get(kind)?.properties ?? {};
  return Object.entries(own).flatMap(([knob, node]): Leaf[] => {
    const values = listedValues(node);
    if (values === undefined) return [];
    const sharing = [...nodes.values()].filter((other) => other.properties?.[knob] !== undefined);
    const common = sharing.map(commentRules).reduce((kept, rules) => kept.filter((rule) => rules.includes(rule)));
    const rule = common.length === 1 ? (common[0] as string) : CATEGORY_RULES[kind as keyof typeof CATEGORY_RULES];
    return [{ path: [knob], values, rule }];
  });
}

/** The value at a path of keys, or undefined. */
export const valueAt = (data: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), data);

const patchAt = (path: readonly string[], value: OptionValue): Record<string, unknown> =>
  path.reduceRight<Record<string, unknown>>((inner, key, i) => (i === path.length - 1 ? { [key]: value } : { [key]: inner }), {});

/**
 * The values of an option to try fixed: every value of an enum or a yes-or-no option; of a number, those the variant
 * names (its default, bounds and cases) and those the games judged play.
 */
function optionValues(option: OptionSpec, played: readonly Record<string, OptionValue>[]): OptionValue[] {
  if (option.type === 'enum') return option.values ?? [];
  if (option.type === 'boolean') return [true, false];
  const named = [option.default, option.min, option.max, ...Object.keys(option.cases ?? {}).map(Number), ...played.map((options) => options[option.name])];
  const inRange = (value: unknown): value is number =>
    typeof value === 'number' && Number.isInteger(value) && value >= (option.min ?? value) && value <= (option.max ?? value);
  return [...new Set(named.filter(inRange))].sort((a, b) => a - b);
}

/** The rule an option decides: that of the knob it sets, or of the first knob its cases change. */
function optionRule(option: OptionSpec): string | null {
  if (option.sets !== undefined) return ruleAt(option.sets);
  const patch = Object.values(option.cases ?? {})[0];
  const leafPath = (node: unknown, path: string[]): string[] => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return path;
    const [key, inner] = Object.entries(node)[0] ?? [];
    return key === undefined ? path : leafPath(inner, [...path, key]);
  };
  return patch === undefined ? null : ruleAt(leafPath(patch, []).join('.'));
}

/**
 * The readings to try for `variant`, declared as `declared` says, over the games judged (`played`: the option values
 * of each, whose categories, redeals and option values they take). A reading whose rules contradict each other once
 * declared is left out.
 */
export function candidatesOf(variant: ResolvedVariant, declared: VariantProfile, played: readonly Record<string, OptionValue>[]): Candidate[] {
  const settings = new Map([{}, ...played].map((options) => [JSON.stringify(options), options]));
  const rulesPlayed = [...settings.values()].flatMap((options) => {
    const applied = applyOptions(variant, options);
    return applied.ok ? [applied.value] : [];
  });
  const [defaults] = rulesPlayed;
  if (defaults === undefined) return [];
  const own = readAsDeclared(defaults, declared);
  const candidates: Candidate[] = [];
  const consider = (knob: string, value: OptionValue, rule: string | null, declaration: Declaration, rules = defaults): void => {
    if (checkRules(readAsDeclared(rules, withReading(declared, declaration))) === undefined) candidates.push({ variant: variant.id, knob, value, rule, declaration });
  };

  for (const { path, values, rule } of readingKnobs()) {
    for (const value of values) if (valueAt(own, path) !== value) consider(path.join('.'), value, rule, { rules: patchAt(path, value) });
  }

  const declaredRules = rulesPlayed.map((rules) => readAsDeclared(rules, declared));
  const categories = new Map(declaredRules.flatMap((rules) => rules.scoring.categories).map((category) => [category.id, category]));
  for (const category of categories.values()) {
    for (const { path, values, rule } of categoryKnobs(category.kind)) {
      const [knob] = path as [string];
      for (const value of values) {
        if (valueAt(category, path) !== value) consider(`categories.${category.id}.${knob}`, value, rule, { categories: { [category.id]: { [knob]: value } } });
      }
    }
  }

  const limited = new Set(declaredRules.flatMap((rules) => rules.openingTable.redeal).filter((condition) => condition.maxDeals > 0).map((condition) => condition.rule));
  for (const rule of limited) consider(`redeals.${rule}.maxDeals`, 0, rule, { redeals: { [rule]: { maxDeals: 0 } } });

  for (const option of variant.options) {
    const fixed = fixedValue<OptionValue>(declared.options?.[option.name]);
    for (const value of optionValues(option, played)) {
      const applied = applyOptions(variant, { [option.name]: value });
      if (value !== fixed && applied.ok) consider(`options.${option.name}`, value, optionRule(option), { options: { [option.name]: [value] } }, applied.value);
    }
  }
  return candidates;
}
