/**
 * Illegal decisions of every shape a sloppy engine might let through: one that checks hand membership alone
 * (any capture goes), one that checks sums alone (the played card or cards not on the table), one that checks
 * card values alone (a card of the right value from elsewhere), and the rule checks themselves (compulsion, rank
 * priority, the automatic capture, which table claims are allowed). The reference engine says which are refused,
 * and with which code.
 * @module
 */
import {
  captureTarget,
  cardValue,
  checkDecision,
  type Decision,
  type ErrorCode,
  fullDeck,
  type GameState,
  handOf,
  isClaim,
  legalDecisions,
  parseCard,
  type PlayDecision,
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
  'claim-not-fifteen',
  'claim-not-left',
  'value-named-not-wild',
] as const;
export type IllegalShape = (typeof ILLEGAL_SHAPES)[number];

/**
 * The shapes drawn under these rules: the claims' only where the rules have claims (CAP-TABLE-CLAIM), a value named
 * for a card that is not wild only where the wild card is named in play (DEAL-WILD-CARD), so that the games of
 * every other variant draw, and so play, as they did before these rules existed.
 */
const shapesFor = (state: GameState): readonly IllegalShape[] =>
  ILLEGAL_SHAPES.filter(
    (shape) =>
      (state.rules.capture.tableClaim !== 'none' || !shape.startsWith('claim-')) &&
      (state.rules.declarations.wildInPlay === 'named' || shape !== 'value-named-not-wild'),
  );

const pick = <T>(items: readonly T[], rng: Rng): T | undefined => (items.length === 0 ? undefined : items[rng.below(items.length)]);

/** What every shape looks at: the hand and the table, as the player sees them. */
interface Position {
  state: GameState;
  hand: string[];
  table: string[];
  /** The values of the first 8 table cards, whose subsets are tried (at most 2^8 of them). */
  values: number[];
}

/** The subsets of the first table cards (a bit per card) whose value sum passes `keep`. */
function subsetsWhere(position: Position, keep: (sum: number, mask: number) => boolean): number[] {
  const { values } = position;
  const sums = new Int32Array(1 << values.length);
  const kept: number[] = [];
  for (let mask = 1; mask < sums.length; mask++) {
    const low = 31 - Math.clz32(mask & -mask);
    sums[mask] = (sums[mask & (mask - 1)] as number) + (values[low] as number);
    if (keep(sums[mask] as number, mask)) kept.push(mask);
  }
  return kept;
}

const cardsOf = (position: Position, mask: number): string[] => position.table.filter((_, i) => i < 8 && (mask & (1 << i)) !== 0);

/** The cards of the deck in neither the hand nor on the table. */
const elsewhere = (position: Position): string[] =>
  fullDeck(position.state.rules.deck.copies).filter((c) => !position.hand.includes(c) && !position.table.includes(c));

const valueOf = (card: string): number => cardValue(parseCard(card));

/** A decision of this shape at this position, or undefined where the shape cannot be made here. */
function decisionOf(shape: IllegalShape, position: Position, rng: Rng): Decision | undefined {
  const { hand, table } = position;
  const card = pick(hand, rng);
  if (card === undefined) return undefined;
  const value = valueOf(card);
  const someSubset = (keep: (sum: number, mask: number) => boolean): string[] | undefined => {
    const mask = pick(subsetsWhere(position, keep), rng);
    return mask === undefined ? undefined : cardsOf(position, mask);
  };
  const withCapture = (capture: string[] | undefined): Decision | undefined => (capture === undefined ? undefined : { card, capture });
  const withClaim = (claim: string[] | undefined): Decision | undefined => (claim === undefined ? undefined : { claim });
  switch (shape) {
    case 'card-not-in-hand': {
      const other = pick(elsewhere(position), rng);
      return other === undefined ? undefined : { card: other };
    }
    case 'card-unknown':
      return { card: pick(['11D', '0C', '7X', 'KD', ''], rng) as string };
    case 'capture-not-on-table': {
      const other = pick(elsewhere(position), rng);
      return withCapture(other === undefined ? undefined : [other]);
    }
    case 'capture-includes-played-card':
      return { card, capture: [card, ...table.slice(0, 1)] };
    case 'capture-wrong-sum':
      return withCapture(someSubset((sum) => sum !== value));
    case 'capture-same-card-twice': {
      const target = table.find((c) => valueOf(c) * 2 === value);
      return withCapture(target === undefined ? undefined : [target, target]);
    }
    case 'capture-right-value-wrong-card': {
      const lookalike = pick(
        elsewhere(position).filter((c) => valueOf(c) === value),
        rng,
      );
      return withCapture(lookalike === undefined ? undefined : [lookalike]);
    }
    case 'trail-when-a-capture-is-due':
      return { card, capture: [] };
    case 'sum-over-a-rank-match':
      if (!table.some((c) => valueOf(c) === value)) return undefined;
      return withCapture(someSubset((sum, mask) => (mask & (mask - 1)) !== 0 && sum === value));
    case 'capture-not-the-automatic-one': {
      // Another capture that adds up is what an engine checking the sum alone lets through: tried first.
      const played = legalDecisions(position.state).find((decision): decision is PlayDecision => !isClaim(decision) && decision.card === card);
      const automatic = (played?.capture ?? []).join();
      const target = captureTarget(position.state.rules.capture, value);
      const other = (mask: number): boolean => cardsOf(position, mask).join() !== automatic;
      return withCapture(someSubset((sum, mask) => sum === target && other(mask)) ?? someSubset((_, mask) => other(mask)));
    }
    case 'claim-not-fifteen':
      return withClaim(someSubset((sum, mask) => (mask & (mask - 1)) !== 0 && sum !== 15));
    case 'claim-not-left': {
      // A 15 without the card the last trail left, where it left one: it was trailed last, so it is last on the
      // table (its bit, where it is among the first cards, whose subsets are tried).
      const last = table.length - 1;
      const leftBit = position.state.renuncio >= 0 && last < position.values.length ? 1 << last : 0;
      return withClaim(someSubset((sum, mask) => sum === 15 && (mask & leftBit) === 0));
    }
    case 'value-named-not-wild': {
      // What an engine that lets any card be named lets through: an ordinary card named one value higher.
      const ordinary = card === position.state.rules.declarations.wild ? undefined : card;
      return ordinary === undefined ? undefined : { card: ordinary, as: (value % 10) + 1 };
    }
  }
}

/**
 * An illegal decision at this position, drawn over the shapes in random order, with the code the reference
 * refuses it with; undefined if no shape gives one here (every candidate turned out legal).
 */
export function illegalDecision(state: GameState, rng: Rng): { decision: Decision; code: ErrorCode; message: string; shape: IllegalShape } | undefined {
  const table = tableOf(state);
  const position = { state, hand: handOf(state, state.turn), table, values: table.slice(0, 8).map(valueOf) };
  const shapes = shapesFor(state);
  const order = rng.shuffle(shapes.map((_, i) => i));
  for (const index of order) {
    const shape = shapes[index] as IllegalShape;
    const decision = decisionOf(shape, position, rng);
    if (decision === undefined) continue;
    const checked = checkDecision(state, decision);
    if (!checked.ok) return { decision, code: checked.error.code, message: checked.error.message, shape };
  }
  return undefined;
}
