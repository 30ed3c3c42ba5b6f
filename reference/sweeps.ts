/**
 * SWEEP-POINT, SWEEP-TIMING: recording a sweep and, where sweeps score at once, adding its points and
 * checking an instant win (END-INSTANT-WIN): after a sweep worth points, or after every sweep where
 * `instantWinAfter` says so. Points an opening table scores (TABLE-BONUS-FIFTEEN) are added the same way.
 * @module
 */
import { finishGame } from './game-end.ts';
import type { GameState } from './state.ts';

export function recordSweep(state: GameState, seat: number): void {
  const { rules } = state;
  const side = state.seats.sideOf[seat] as number;
  state.sweepLog[state.sweepLogLength++] = seat;
  state.tally(side, 'sweeps', 1);
  const points = rules.sweep.points;
  // Stryker disable next-line ConditionalExpression: with no listener (events null) emit drops the event; the guard only saves making it
  if (state.events !== null) state.emit({ type: 'sweep', seat, points });
  if (rules.sweep.timing !== 'immediate' || (points === 0 && rules.end.instantWinAfter === 'scoring-sweep')) return;
  scoreAtOnce(state, side, points);
}

/** Adds points scored during play to the side's round and total, and checks an instant win. */
export function scoreAtOnce(state: GameState, side: number, points: number): void {
  state.totals[side] += points;
  state.roundPoints[side] += points;
  if (state.rules.end.instantWin && (state.totals[side] as number) >= state.target) finishGame(state, 'instant-win', side);
}
