/**
 * Illegal decisions of every shape a sloppy engine might let through: one that checks hand membership alone
 * (any capture goes), one that checks sums alone (the played card or cards not on the table), one that checks
 * card values alone (a card of the right value from elsewhere), and the rule checks themselves (compulsion, rank
 * priority, the automatic capture). The reference engine says which are refused, and with which code.
 * @module
 */
import {
  cardValue,
  checkDecision,
  type Decision,
  type ErrorCode,
  fullDeck,
  type GameState,
  handOf,
  legalDecisions,
  parseCard,
  type Rng,
  tableOf,
} from '../../reference/index.ts';

export const ILLEGAL_SHAPES = [
  'card-not-in-hand',
  'card-unknown',
  'capture-not-on-table',
  'capture-includes-played-card',
  'capture-wrong-sum',
  'capture-same-card-twice',
  'capture-right-value-wrong-card',
  'trail-when-a-capture-is-due',
  'sum-over-a-rank-match',
  'capture-not-the-automatic-one',
] as const;
export type IllegalShape = (typeof ILLEGAL_SHAPES)[number];

const pick = <T>(items: readonly T[], rng: Rng): T | undefined => (items.length === 0 ? undefined : items[rng.below(items.length)]);

/** Every subset of a few table cards (the table is short where it matters; at most 2^8 of them). */
function subsets(cards: readonly string[]): string[][] {
  const few = cards.slice(0, 8);
  const out: string[][] = [];
  for (let mask = 1; mask < 1 << few.length; mask++) out.push(few.filter((_, i) => (mask & (1 << i)) !== 0));
  return out;
}

const sum = (cards: readonly string[]): number => cards.reduce((total, card) => total + cardValue(parseCard(card)), 0);

/** A decision of this shape at this position, or undefined where the shape cannot be made here. */
function decisionOf(shape: IllegalShape, state: GameState, rng: Rng): Decision | undefined {
  const hand = handOf(state, state.turn);
  const table = tableOf(state);
  const card = pick(hand, rng);
  if (card === undefined) return undefined;
  const elsewhere = fullDeck(state.rules.deck.copies).filter((c) => !hand.includes(c) && !table.includes(c));
  switch (shape) {
    case 'card-not-in-hand': {
      const other = pick(elsewhere, rng);
      return other === undefined ? undefined : { card: other };
    }
    case 'card-unknown':
      return { card: pick(['11D', '0C', '7X', 'KD', ''], rng) as string };
    case 'capture-not-on-table': {
      const other = pick(elsewhere, rng);
      return other === undefined ? undefined : { card, capture: [other] };
    }
    case 'capture-includes-played-card':
      return { card, capture: [card, ...table.slice(0, 1)] };
    case 'capture-wrong-sum': {
      const wrong = subsets(table).filter((cards) => sum(cards) !== cardValue(parseCard(card)));
      const chosen = pick(wrong, rng);
      return chosen === undefined ? undefined : { card, capture: chosen };
    }
    case 'capture-same-card-twice': {
      const target = table.find((c) => cardValue(parseCard(c)) * 2 === cardValue(parseCard(card)));
      return target === undefined ? undefined : { card, capture: [target, target] };
    }
    case 'capture-right-value-wrong-card': {
      const value = cardValue(parseCard(card));
      const lookalike = pick(
        elsewhere.filter((c) => cardValue(parseCard(c)) === value),
        rng,
      );
      return lookalike === undefined ? undefined : { card, capture: [lookalike] };
    }
    case 'trail-when-a-capture-is-due':
      return { card, capture: [] };
    case 'sum-over-a-rank-match': {
      const value = cardValue(parseCard(card));
      if (!table.some((c) => cardValue(parseCard(c)) === value)) return undefined;
      const sums = subsets(table).filter((cards) => cards.length > 1 && sum(cards) === value);
      const chosen = pick(sums, rng);
      return chosen === undefined ? undefined : { card, capture: chosen };
    }
    case 'capture-not-the-automatic-one': {
      const legal = legalDecisions(state).filter((decision) => decision.card === card);
      const automatic = legal[0]?.capture ?? [];
      const other = pick(
        subsets(table).filter((cards) => cards.join() !== automatic.join()),
        rng,
      );
      return other === undefined ? undefined : { card, capture: other };
    }
  }
}

/**
 * An illegal decision at this position, drawn over the shapes in random order, with the code the reference
 * refuses it with; undefined if no shape gives one here (every candidate turned out legal).
 */
export function illegalDecision(state: GameState, rng: Rng): { decision: Decision; code: ErrorCode; shape: IllegalShape } | undefined {
  const order = rng.shuffle(ILLEGAL_SHAPES.map((_, i) => i));
  for (const index of order) {
    const shape = ILLEGAL_SHAPES[index] as IllegalShape;
    const decision = decisionOf(shape, state, rng);
    if (decision === undefined) continue;
    const checked = checkDecision(state, decision);
    if (!checked.ok) return { decision, code: checked.error.code, shape };
  }
  return undefined;
}
