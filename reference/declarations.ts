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

/**
 * The declaration worth most that the hand makes, the first listed among equals, or undefined. The wild card
 * stands for the value that serves best: the lowest in a total, the others' value in three of a kind.
 */
export function bestDeclaration(declarations: readonly HandDeclaration[], hand: ArrayLike<number>, wild: number): HandDeclaration | undefined {
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
  const alikeTotal = (shared === 0 ? LOWEST_VALUE : shared) * hand.length;
  let best: HandDeclaration | undefined;
  for (const declaration of declarations) {
    const made =
      declaration.kind === 'low'
        ? total <= (declaration.atMost as number)
        : alike && (declaration.kind === 'three-of-a-kind' || alikeTotal <= (declaration.atMost as number));
    if (made && (best === undefined || declaration.sweeps > best.sweeps)) best = declaration;
  }
  return best;
}

/**
 * DEAL-DECLARATION: every hand just dealt that makes a declaration scores it, its sweeps recorded one by one,
 * from the seat to play (the first player) on.
 */
export function declareHands(state: GameState): void {
  const declarations = state.rules.declarations.hands;
  if (declarations.length === 0) return;
  const { players, handSize } = state.seats;
  const first = state.turn;
  for (let i = 0; i < players && !isOver(state); i++) {
    const seat = (first + i) % players;
    const hand = state.hands.subarray(seat * handSize, seat * handSize + (state.handLength[seat] as number));
    const declaration = bestDeclaration(declarations, hand, state.wildCard);
    if (declaration === undefined) continue;
    state.emit({ type: 'declaration', round: state.round, seat, kind: declaration.kind, cards: formatCards(hand), sweeps: declaration.sweeps });
    for (let sweep = 0; sweep < declaration.sweeps && !isOver(state); sweep++) recordSweep(state, seat);
  }
}
