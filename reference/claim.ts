/**
 * CAP-TABLE-CLAIM: before its play, the seat to play may take table cards that make 15 (Escoba's "renuncio"):
 * whether it may claim now, which claims the rules allow, and checking a named one. Taking the cards is a move
 * like any other (play.ts).
 * @module
 */
import { canCapture, locateOnTable, subsetsTotalling, totalValue } from './capture.ts';
import { cardValue } from './cards.ts';
import type { GameState } from './state.ts';

/** What the claimed cards total. No card is worth as much, so a claim takes two cards or more. */
const CLAIM_TOTAL = 15;

export type ClaimProblem = 'CLAIM_NOT_ON_TABLE' | 'CLAIM_NOT_FIFTEEN' | 'CLAIM_NOT_LEFT';

/** Why the seat to play may not claim at all now (its rules have no claims, or it has claimed this turn), or undefined. */
export function claimRefusal(state: GameState): 'CLAIM_OFF' | 'CLAIM_TWICE' | undefined {
  if (state.rules.capture.tableClaim === 'none') return 'CLAIM_OFF';
  return state.claimed ? 'CLAIM_TWICE' : undefined;
}

/**
 * The card every claim must take, where only what a trail left may be claimed (`after-discard`): the card the last
 * play trailed though it could capture, or -1 where it left none. Undefined where any 15 may be claimed.
 */
function cardLeft(state: GameState): number | undefined {
  return state.rules.capture.tableClaim === 'after-discard' ? state.renuncio : undefined;
}

/**
 * Checks a claim named by card codes, for a seat that may claim (`claimRefusal`). On success writes the positions
 * taken (earliest copies of each card) into `out` in ascending order and returns their count; otherwise returns
 * the problem.
 */
export function resolveClaim(state: GameState, codes: readonly number[], out: Int16Array): number | ClaimProblem {
  const taken = locateOnTable(state.table, state.tableLength, codes, out);
  if (taken < codes.length) return 'CLAIM_NOT_ON_TABLE';
  if (totalValue(codes) !== CLAIM_TOTAL) return 'CLAIM_NOT_FIFTEEN';
  const left = cardLeft(state);
  if (left !== undefined && !codes.includes(left)) return 'CLAIM_NOT_LEFT';
  return taken;
}

/**
 * Every claim the seat to play may make now, each the table positions it takes in ascending order (sets that
 * differ only in which copy of a card they take listed once): none once it has claimed this turn.
 */
export function listClaims(state: GameState): number[][] {
  if (claimRefusal(state) !== undefined) return [];
  const { table, tableLength } = state;
  const left = cardLeft(state);
  if (left === undefined) return subsetsTotalling(table, tableLength, CLAIM_TOTAL);
  if (left < 0) return [];
  // The card was trailed by the last play, and nothing has left the table since: it is the last card there.
  const last = tableLength - 1;
  return subsetsTotalling(table, last, CLAIM_TOTAL - cardValue(left)).map((set) => [...set, last]);
}

/**
 * What a trail of this card leaves on the table, where the rules have claims: the card itself where it could have
 * captured on the table it joins (a renuncio), else -1. Called before the card joins the table. Only `after-discard`
 * claims use it, but it is kept under either reading: which one is played is decided in one place, `cardLeft`.
 */
export function renuncioOf(state: GameState, code: number): number {
  const { capture } = state.rules;
  return capture.tableClaim !== 'none' && canCapture(capture, state.table, state.tableLength, cardValue(code)) ? code : -1;
}
