/**
 * DEAL-DECLARATION, DEAL-WILD-CARD: Cirulla's declarations of the hand ("accusi"). Each hand dealt that
 * totals little or holds three of a kind is shown and scores sweeps for its holder, in playing order from
 * the first player, as soon as the deal is made.
 * @module
 */
import { cardValue, formatCards } from './cards.ts';
import { recordSweep } from './sweeps.ts';
import type { GameState } from './state.ts';
import type { HandDeclaration } from './types.ts';

// A sweep may end the game (END-INSTANT-WIN); a function, so that the type checker does not take the status as fixed.
const isOver = (state: GameState): boolean => state.status === 'over';

/** The lowest card value: what the wild card counts as in a total. */
const LOWEST_VALUE = 1;

/** What a hand adds up to for the declarations: its total and, where its cards are all of one value, that value's. */
function handShape(hand: ArrayLike<number>, wild: number): { total: number; alikeTotal: number | undefined } {
  let total = 0;
  let shared = 0;
  let alike = true;
  for (let i = 0; i < hand.length; i++) {
    const code = hand[i] as number;
    if (code === wild) {
      total += LOWEST_VALUE;
      continue;
    }
    const value = cardValue(code);
    total += value;
    if (shared === 0) shared = value;
    else if (value !== shared) alike = false;
  }
  return { total, alikeTotal: alike ? (shared === 0 ? LOWEST_VALUE : shared) * hand.length : undefined };
}

const makes = (declaration: HandDeclaration, { total, alikeTotal }: ReturnType<typeof handShape>): boolean =>
  declaration.kind === 'low'
    ? total <= (declaration.atMost as number)
    : alikeTotal !== undefined && (declaration.kind === 'three-of-a-kind' || alikeTotal <= (declaration.atMost as number));

/**
 * Every declaration the hand makes, in the order listed. The wild card stands for the value that serves each best:
 * the lowest in a total, the others' value in three of a kind.
 */
export function declarationsMade(declarations: readonly HandDeclaration[], hand: ArrayLike<number>, wild: number): HandDeclaration[] {
  const shape = handShape(hand, wild);
  return declarations.filter((declaration) => makes(declaration, shape));
}

/** The declaration worth most that the hand makes, the first listed among equals, or undefined. */
export function bestDeclaration(declarations: readonly HandDeclaration[], hand: ArrayLike<number>, wild: number): HandDeclaration | undefined {
  let best: HandDeclaration | undefined;
  for (const declaration of declarationsMade(declarations, hand, wild)) if (best === undefined || declaration.sweeps > best.sweeps) best = declaration;
  return best;
}

/**
 * DEAL-DECLARATION: every hand just dealt that makes a declaration scores it, from the seat to play (the first
 * player) on; where hands are declared at their first play instead (`declarations.when: first-play`), none is here.
 */
export function declareHands(state: GameState): void {
  if (state.rules.declarations.hands.length === 0 || state.rules.declarations.when === 'first-play') return;
  const { players } = state.seats;
  const first = state.turn;
  for (let i = 0; i < players && !isOver(state); i++) declareHand(state, (first + i) % players);
}

/**
 * DEAL-DECLARATION: the seat's hand, as dealt, scores the declaration worth most that it makes, or under
 * `declarations.several: each` every one, each with its sweeps recorded one by one.
 */
export function declareHand(state: GameState, seat: number): void {
  const { hands: declarations, several } = state.rules.declarations;
  const { handSize } = state.seats;
  const hand = state.hands.subarray(seat * handSize, seat * handSize + (state.handLength[seat] as number));
  const best = several === 'best' ? bestDeclaration(declarations, hand, state.wildCard) : undefined;
  const made = several === 'best' ? (best === undefined ? [] : [best]) : declarationsMade(declarations, hand, state.wildCard);
  for (const declaration of made) {
    if (isOver(state)) return;
    state.emit({ type: 'declaration', round: state.round, seat, kind: declaration.kind, cards: formatCards(hand), sweeps: declaration.sweeps });
    for (let sweep = 0; sweep < declaration.sweeps && !isOver(state); sweep++) recordSweep(state, seat);
  }
}
