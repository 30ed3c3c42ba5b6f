/**
 * Variants as data: the defaults of every knob, `extends` resolution, host options, and the checks that a
 * complete rule set is coherent. Plain objects in, plain objects out; reading files is the runner's job.
 * @module
 */
import { parseCard } from './cards.ts';
import {
  err,
  ok,
  type OptionSpec,
  type OptionValue,
  type ResolvedVariant,
  type Result,
  type Rules,
  type RulesPatch,
  type VariantSource,
} from './types.ts';

/**
 * The value every knob takes when no variant sets it: traditional two-player Scopa as most sources describe
 * it (see `spec/rules.md`). `spec/variant.schema.json` carries the same values as `default`s; a test keeps
 * them equal.
 */
export const DEFAULT_RULES: Rules = {
  deck: {
    copies: 1,
    coinsSuit: 'D',
    suitNames: { D: 'denari', H: 'coppe', S: 'spade', C: 'bastoni' },
    ranks: [
      { value: 1, name: 'asso', primiera: 16 },
      { value: 2, name: '2', primiera: 12 },
      { value: 3, name: '3', primiera: 13 },
      { value: 4, name: '4', primiera: 14 },
      { value: 5, name: '5', primiera: 15 },
      { value: 6, name: '6', primiera: 18 },
      { value: 7, name: '7', primiera: 21 },
      { value: 8, name: 'fante', primiera: 10 },
      { value: 9, name: 'cavallo', primiera: 10 },
      { value: 10, name: 're', primiera: 10 },
    ],
  },
  players: { seatings: [{ players: [2], teamModes: ['individual'] }], teamMode: 'auto' },
  deal: {
    handSize: 3,
    tableSize: 4,
    packets: [],
    order: 'hands-first',
    packet: 'hand',
    startSeat: 'first-player',
    tableOrder: 'dealt',
    sortSuits: ['D', 'H', 'S', 'C'],
    firstDealer: 'last-seat',
    rotation: 'forward',
  },
  openingTable: { redeal: [], bonus: { enabled: false, beneficiary: 'dealer', thirty: 'two-groups', wild: false, lowTable: { under: 0, sweeps: 0 }, points: [] } },
  declarations: { hands: [], several: 'best', when: 'deal', wild: 'none', wildInPlay: 'face' },
  capture: {
    mode: 'match-or-sum',
    rankMatch: 'one',
    rankPriority: true,
    compulsion: 'played-card',
    chooser: 'player',
    sums: 'any',
    autoTieBreak: 'include-earliest',
    aceTakesAll: false,
    tableClaim: 'none',
    aceOnAce: 'ordinary',
    aceOnEmptyTable: 'trailed',
    aceFirstPlay: 'free',
    aceCapture: 'whole-table',
  },
  sweep: { points: 1, lastPlay: false, timing: 'round-end', aceTakesAll: false },
  remainder: { whenNobodyCaptured: 'discard' },
  scoring: {
    categories: [
      { id: 'cards', kind: 'most-cards', points: 1, ties: 'nobody' },
      { id: 'coins', kind: 'most-coins', points: 1, ties: 'nobody' },
      { id: 'settebello', kind: 'card', card: '7D', points: 1, ties: 'nobody' },
      { id: 'primiera', kind: 'primiera', points: 1, ties: 'nobody', incomplete: 'void' },
      { id: 'sweeps', kind: 'sweeps' },
    ],
    poolTeamCards: true,
  },
  end: {
    mode: 'target',
    target: 11,
    targetPlus: 'none',
    exactTie: 'another-round',
    tieBreaks: [],
    rankTies: 'side',
    countingOut: false,
    countingOutTie: 'higher-total',
    instantWin: false,
    instantWinAfter: 'scoring-sweep',
    inverse: false,
  },
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Objects merge key by key; arrays and scalars in the patch replace what was there. */
export function mergePatch<T>(base: T, patch: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(patch)) return structuredClone(patch === undefined ? base : patch) as T;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const next = Object.hasOwn(base, key) ? mergePatch((base as Record<string, unknown>)[key], value) : structuredClone(value);
    // A key named __proto__ must stay an ordinary key; assignment would set the prototype instead.
    if (key === '__proto__') Object.defineProperty(merged, key, { value: next, enumerable: true, writable: true, configurable: true });
    else merged[key] = next;
  }
  return merged as T;
}

/**
 * Resolves `extends` chains: the root variant's rules are merged over the defaults, each child's over its
 * parent's. Options are inherited; a child option with the same name replaces the parent's. A knob a child
 * sets becomes the default of the inherited option that sets it, so that the child plays what it says; a
 * child knob that an inherited option would still replace, or that the option cannot take, is refused.
 */
export function resolveVariant(
  id: string,
  lookup: (id: string) => VariantSource | undefined,
): Result<ResolvedVariant> {
  const chain: VariantSource[] = [];
  for (let next: string | undefined = id; next !== undefined; ) {
    const source = lookup(next);
    if (source === undefined) {
      const via = chain.length === 0 ? '' : ` (extended by "${chain[chain.length - 1]?.id}")`;
      return err('VARIANT_UNKNOWN', `unknown variant "${next}"${via}`);
    }
    if (chain.some((seen) => seen.id === source.id)) {
      return err('VARIANT_CYCLE', `the extends chain of "${id}" loops: ${[...chain, source].map((v) => v.id).join(' -> ')}`);
    }
    chain.push(source);
    next = source.extends;
  }
  let rules = DEFAULT_RULES;
  const options = new Map<string, OptionSpec>();
  for (const source of chain.reverse()) {
    rules = mergePatch(rules, source.rules ?? {});
    const written = knobsWritten(source.rules);
    const redeclared = new Set((source.options ?? []).map((option) => option.name));
    for (const [name, option] of options) {
      if (redeclared.has(name)) continue;
      const adopted = adoptWrittenKnob(source.id, option, written);
      if (typeof adopted === 'string') return err('VARIANT_INCONSISTENT', adopted);
      options.set(name, adopted);
    }
    const names = new Set<string>();
    for (const option of source.options ?? []) {
      if (names.has(option.name)) {
        return err('VARIANT_INCONSISTENT', `variant "${source.id}" declares option "${option.name}" twice`);
      }
      names.add(option.name);
      const knob = option.sets;
      if (knob !== undefined && written.has(knob) && written.get(knob) !== option.default) {
        return err(
          'VARIANT_INCONSISTENT',
          `variant "${source.id}" sets rules.${knob} to ${String(written.get(knob))}, but its option "${option.name}" ` +
            `sets that knob to its default ${String(option.default)}, so rules.${knob} would never be played`,
        );
      }
      options.set(option.name, option);
    }
  }
  const leaf = chain[chain.length - 1] as VariantSource;
  const variant: ResolvedVariant = {
    id: leaf.id,
    title: leaf.title,
    source: leaf.source,
    rules,
    options: [...options.values()],
  };
  const problem = checkOptionDeclarations(variant) ?? checkRules(rules);
  return problem === undefined ? ok(variant) : err('VARIANT_INCONSISTENT', `variant "${leaf.id}": ${problem}`);
}

/** The knobs a rules patch sets, by `group.knob` (the paths an option's `sets` names), with their values. */
function knobsWritten(patch: RulesPatch | undefined): Map<string, unknown> {
  const written = new Map<string, unknown>();
  for (const [group, knobs] of Object.entries(patch ?? {})) {
    for (const [knob, value] of Object.entries(isPlainObject(knobs) ? knobs : {})) written.set(`${group}.${knob}`, value);
  }
  return written;
}

/**
 * An option inherited by variant `id`, whose rules set the knobs `written`: its default becomes the value the
 * variant gives the knob it sets. Returns why not when the option cannot take that value, or when the case of
 * its default would replace a knob the variant sets.
 */
function adoptWrittenKnob(id: string, option: OptionSpec, written: Map<string, unknown>): OptionSpec | string {
  const inherited = `its inherited option "${option.name}"`;
  let adopted = option;
  if (option.sets !== undefined && written.has(option.sets)) {
    const value = written.get(option.sets) as OptionValue;
    const problem = checkOptionValue(option, value);
    if (problem !== undefined) {
      return `variant "${id}" sets rules.${option.sets} to ${String(value)}, which ${inherited} cannot take ` +
        `(${problem}); declare the option again in "${id}"`;
    }
    adopted = { ...option, default: value };
  }
  const casePatch = adopted.cases?.[String(adopted.default)];
  const replaced = [...knobsWritten(casePatch).keys()].find((knob) => written.has(knob));
  if (replaced !== undefined) {
    return `variant "${id}" sets rules.${replaced}, which ${inherited} replaces at its default ` +
      `${String(adopted.default)}; declare the option again in "${id}"`;
  }
  return adopted;
}

function checkOptionDeclarations(variant: ResolvedVariant): string | undefined {
  for (const option of variant.options) {
    const problem = checkOptionValue(option, option.default);
    if (problem !== undefined) return `option "${option.name}" default: ${problem}`;
    if (option.type === 'integer' && (option.min === undefined || option.max === undefined)) {
      return `integer option "${option.name}" needs min and max`;
    }
    if (option.type === 'enum' && option.values === undefined) return `enum option "${option.name}" needs values`;
    for (const key of Object.keys(option.cases ?? {})) {
      const value = option.type === 'boolean' ? key === 'true' : option.type === 'integer' ? Number(key) : key;
      // A case applies when its key is the value written as String(value), so only that spelling is accepted.
      if (checkOptionValue(option, value) !== undefined || String(value) !== key) {
        return `option "${option.name}" has a case for "${key}", which is not one of its values`;
      }
    }
  }
  return undefined;
}

/** Every value an option can take, in order. */
export function optionValues(option: OptionSpec): OptionValue[] {
  switch (option.type) {
    case 'boolean':
      return [false, true];
    case 'enum':
      return option.values ?? [];
    case 'integer': {
      const min = option.min ?? 0;
      return Array.from({ length: (option.max ?? min) - min + 1 }, (_, offset) => min + offset);
    }
  }
}

function checkOptionValue(option: OptionSpec, value: OptionValue): string | undefined {
  switch (option.type) {
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return `expected an integer, got ${JSON.stringify(value)}`;
      if ((option.min !== undefined && value < option.min) || (option.max !== undefined && value > option.max)) {
        return `${value} is out of range ${option.min}..${option.max}`;
      }
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `expected true or false, got ${JSON.stringify(value)}`;
    case 'enum':
      return typeof value === 'string' && (option.values ?? []).includes(value)
        ? undefined
        : `expected one of ${(option.values ?? []).join(', ')}, got ${JSON.stringify(value)}`;
  }
}

function setKnob(rules: Rules, path: string, value: OptionValue): Rules {
  const [group, knob] = path.split('.') as [keyof Rules, string];
  return mergePatch(rules, { [group]: { [knob]: value } } as RulesPatch);
}

/**
 * The rules a game is played with: the variant's rules with the host's option values applied (defaults for
 * the options not given). Unknown options and values out of range are refused.
 */
export function applyOptions(variant: ResolvedVariant, values: Record<string, OptionValue> = {}): Result<Rules> {
  for (const [name, value] of Object.entries(values)) {
    const option = variant.options.find((o) => o.name === name);
    if (option === undefined) {
      const known = variant.options.map((o) => o.name);
      return err(
        'OPTION_UNKNOWN',
        `variant "${variant.id}" has no option "${name}"` +
          (known.length === 0 ? ' (it declares none)' : `; its options are ${known.join(', ')}`),
      );
    }
    const problem = checkOptionValue(option, value);
    if (problem !== undefined) return err('OPTION_VALUE', `option "${name}": ${problem}`);
  }
  let rules = variant.rules;
  for (const option of variant.options) {
    const value = Object.hasOwn(values, option.name) ? (values[option.name] as OptionValue) : option.default;
    if (option.sets !== undefined) rules = setKnob(rules, option.sets, value);
    const cases = option.cases ?? {};
    if (Object.hasOwn(cases, String(value))) rules = mergePatch(rules, cases[String(value)]);
  }
  const problem = checkRules(rules);
  return problem === undefined ? ok(rules) : err('VARIANT_INCONSISTENT', problem);
}

/** Checks that a schema cannot express: knobs that contradict each other. Returns the first problem found. */
export function checkRules(rules: Rules): string | undefined {
  const { deck, capture, sweep, scoring, end } = rules;
  const values = deck.ranks.map((rank) => rank.value).join(',');
  if (values !== '1,2,3,4,5,6,7,8,9,10') return `deck.ranks must list values 1..10 in order, got ${values}`;
  if (capture.chooser === 'auto' && capture.compulsion === 'none') {
    return 'capture.chooser "auto" captures whenever the played card can, so capture.compulsion cannot be "none"';
  }
  if (capture.chooser === 'auto' && capture.sums === 'fewest-cards') {
    return 'capture.chooser "auto" picks the capture itself, so capture.sums cannot be "fewest-cards" (a rule for the player who chooses)';
  }
  if (capture.tableClaim !== 'none' && capture.mode !== 'fifteen') {
    return `capture.tableClaim "${capture.tableClaim}" claims table cards making 15, which only capture.mode "fifteen" plays`;
  }
  const { declarations } = rules;
  if (declarations.wild !== 'none' && parseCard(declarations.wild) < 0) return `declarations.wild "${declarations.wild}" is no card in canonical notation`;
  const { bonus } = rules.openingTable;
  if (bonus.wild && declarations.wild === 'none') return 'openingTable.bonus.wild needs a wild card, declarations.wild';
  if (bonus.wild && bonus.thirty === 'two-groups') return 'openingTable.bonus.wild cannot be read with thirty "two-groups" (no source splits a table holding the wild card)';
  const { wildInPlay } = declarations;
  if (wildInPlay !== 'face' && declarations.wild === 'none') return `declarations.wildInPlay "${wildInPlay}" needs a wild card, declarations.wild`;
  if (wildInPlay !== 'face' && capture.compulsion === 'any-card') {
    return `declarations.wildInPlay "${wildInPlay}" cannot be read with capture.compulsion "any-card" (no source says whether the wild card can capture for it)`;
  }
  if (wildInPlay === 'kept' && (capture.tableClaim !== 'none' || rules.deck.copies > 1)) {
    return 'declarations.wildInPlay "kept" cannot be read with table claims or several decks (no source keeps a value on a table claimed from, or on two wild cards)';
  }
  const lowWithoutLimit = declarations.hands.find((declaration) => declaration.kind !== 'three-of-a-kind' && declaration.atMost === undefined);
  if (lowWithoutLimit !== undefined) return `a declaration of kind "${lowWithoutLimit.kind}" needs atMost, the highest total it allows`;
  const ids = new Set<string>();
  for (const category of scoring.categories) {
    if (ids.has(category.id)) return `scoring category id "${category.id}" is used twice`;
    ids.add(category.id);
    if (category.kind === 'card' && (category.card === undefined || parseCard(category.card) < 0)) {
      return `scoring category "${category.id}" of kind "card" needs a card in canonical notation`;
    }
    if (category.tieRanks?.includes(7) === true) {
      return `scoring category "${category.id}": tieRanks decide equal counts of sevens, so they cannot list 7`;
    }
  }
  const hasSweepCategory = scoring.categories.some((c) => c.kind === 'sweeps');
  if (sweep.timing === 'round-end' && !hasSweepCategory && sweep.points > 0 && scoring.categories.length > 0) {
    return 'sweeps scored at round end need a category of kind "sweeps" (its place in the list is when they are counted)';
  }
  if (sweep.timing === 'immediate' && hasSweepCategory) {
    return 'sweeps scored immediately cannot also have a "sweeps" category';
  }
  if (end.countingOut && sweep.timing !== 'round-end') return 'end.countingOut needs sweep.timing "round-end"';
  if (end.countingOut && scoring.categories.some((c) => c.winsGame === true)) {
    return 'end.countingOut cannot use a category that wins the game (winsGame): no source says which comes first, the target or the win';
  }
  if (end.instantWin && sweep.timing !== 'immediate') return 'end.instantWin needs sweep.timing "immediate"';
  if (end.mode === 'single-round' && (end.inverse || end.countingOut)) {
    return 'a single-round game cannot use end.inverse or end.countingOut';
  }
  const readsTargetEarly = (['countingOut', 'instantWin'] as const).find((knob) => end[knob]);
  if (end.targetPlus !== 'none' && readsTargetEarly !== undefined) {
    return `end.targetPlus "${end.targetPlus}" sets the target once round 1 is scored, but end.${readsTargetEarly} reads it in round 1`;
  }
  return undefined;
}
