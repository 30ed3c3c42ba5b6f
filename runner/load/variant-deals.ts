/**
 * A variant's deals, checked before any game: every player count it seats, with every combination of the
 * option values that change the deck, the deal or the seatings, must deal the deck evenly (DEAL-TABLE-SIZE).
 * @module
 */
import { CARDS_PER_DECK } from '../../reference/cards.ts';
import { dealShape, dealSizes } from '../../reference/setup.ts';
import type { OptionSpec, OptionValue, ResolvedVariant, Rules, VariantSource } from '../../reference/types.ts';
import { applyOptions, optionValues } from '../../reference/variant.ts';
import { pointerTo } from './yaml-source.ts';

/** A problem with a variant's deals, and where in its file it comes from. */
export interface DealProblem {
  pointer: string;
  message: string;
}

type Knob = readonly ['deal', 'handSize' | 'tableSize' | 'packets'] | readonly ['deck', 'copies'] | readonly ['players', 'seatings'];

/** The knobs a deal depends on, by group and name, in the order a problem with the deal points at them. */
const DEAL_KNOBS: readonly Knob[] = [
  ['deal', 'handSize'],
  ['deal', 'tableSize'],
  ['deal', 'packets'],
  ['deck', 'copies'],
  ['players', 'seatings'],
];
/** The same, in the order a player count that cannot be dealt to points at them. */
const SEATING_KNOBS: readonly Knob[] = [['players', 'seatings'], ...DEAL_KNOBS.slice(0, 4)];

/**
 * The first combination of option values and player count that deals unevenly, or a player count no option
 * values can seat. A combination that deals fewer cards than one deal needs is refused at setup
 * (SETUP_DEAL_SIZE), as PlayPalace's host refuses it, and is no problem as long as another one seats that count.
 */
export function checkDeals(source: VariantSource, variant: ResolvedVariant): DealProblem | undefined {
  const defaults = applyOptions(variant);
  if (!defaults.ok) return undefined; // reported by the option checks
  const dealOptions = variant.options.filter((option) =>
    optionValues(option).some((value) => changesTheDeal(variant, option.name, value, defaults.value)),
  );
  const seatable = new Set<number>();
  for (const values of combinations(dealOptions)) {
    const rules = applyOptions(variant, values);
    if (!rules.ok) continue; // an option check's problem, or two options that do not go together
    for (const players of playerCounts(rules.value)) {
      if (dealShape(rules.value, players).handSize * players > CARDS_PER_DECK * rules.value.deck.copies) continue;
      seatable.add(players);
      const sizes = dealSizes(rules.value, players);
      if (sizes.ok) continue;
      const changed = dealOptions.filter((option) => values[option.name] !== option.default);
      const settings = changed.map((option) => `option "${option.name}" = ${String(values[option.name])}`);
      const where = settings.length === 0 ? '' : `with ${settings.join(', ')}, `;
      return {
        pointer: changed.length === 0 ? (seatingDealPointer(source, players) ?? knobPointer(source, DEAL_KNOBS)) : optionPointer(source, changed),
        message: `${where}${players} players cannot be dealt to: ${sizes.error.message}`,
      };
    }
  }
  const unseatable = playerCounts(defaults.value).find((players) => !seatable.has(players));
  if (unseatable === undefined) return undefined;
  const sizes = dealSizes(defaults.value, unseatable);
  const reason = sizes.ok ? '' : `: ${sizes.error.message}`;
  const anyOption = dealOptions.length === 0 ? '' : ' with any option values';
  return {
    pointer: knobPointer(source, SEATING_KNOBS),
    message: `${unseatable} players can never be dealt to${anyOption}${reason}`,
  };
}

function playerCounts(rules: Rules): number[] {
  return [...new Set(rules.players.seatings.flatMap((seating) => seating.players))].sort((a, b) => a - b);
}

function changesTheDeal(variant: ResolvedVariant, name: string, value: OptionValue, defaults: Rules): boolean {
  const rules = applyOptions(variant, { [name]: value });
  return (
    rules.ok &&
    DEAL_KNOBS.some(([group, knob]) => {
      const knobOf = (of: Rules): unknown => (of[group] as unknown as Record<string, unknown>)[knob];
      return JSON.stringify(knobOf(rules.value)) !== JSON.stringify(knobOf(defaults));
    })
  );
}

/** Every combination of the options' values, the defaults first. */
function* combinations(options: OptionSpec[], from = 0): Generator<Record<string, OptionValue>> {
  const option = options[from];
  if (option === undefined) {
    yield {};
    return;
  }
  const values = [option.default, ...optionValues(option).filter((value) => value !== option.default)];
  for (const rest of combinations(options, from + 1)) {
    for (const value of values) yield { ...rest, [option.name]: value };
  }
}

/** The `deal` of the seating the file gives n players, where it gives one. */
function seatingDealPointer(source: VariantSource, players: number): string | undefined {
  const seatings = source.rules?.players?.seatings ?? [];
  const index = seatings.findIndex((seating) => seating.players.includes(players));
  return seatings[index]?.deal === undefined ? undefined : pointerTo('rules', 'players', 'seatings', index, 'deal');
}

/** The first of the knobs the file sets, else its `extends` (the knob is inherited), else its rules. */
function knobPointer(source: VariantSource, knobs: readonly Knob[]): string {
  const written = knobs.find(([group, knob]) => Object.hasOwn(source.rules?.[group] ?? {}, knob));
  if (written !== undefined) return pointerTo('rules', ...written);
  return source.extends === undefined ? '/rules' : '/extends';
}

/** The first of the options the file declares among those changed, else its `extends` (they are inherited). */
function optionPointer(source: VariantSource, changed: OptionSpec[]): string {
  const index = (source.options ?? []).findIndex((own) => changed.some((option) => option.name === own.name));
  return index >= 0 ? pointerTo('options', index) : '/extends';
}
