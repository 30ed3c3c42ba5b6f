/**
 * END-*: when the game ends and who wins: the target, ties at the top and their tie-breaks, inverse mode,
 * single-round games; the final ranking.
 * @module
 */
import type { GameState } from './state.ts';
import { firstToReach } from './scoring.ts';
import type { GameEndReason } from './types.ts';

/**
 * END-RANKING: the winner first, then the other sides by total (ascending in inverse mode); sides with equal
 * totals by the tie-break keys where `rankTies` says so (most first), then by lowest index.
 */
function ranking(state: GameState, winner: number | null): number[] {
  const totals = state.totals;
  const { inverse, rankTies, tieBreaks } = state.rules.end;
  const sign = inverse ? 1 : -1;
  const keys = rankTies === 'tie-breaks' ? tieBreaks : [];
  const sides = Array.from({ length: state.seats.sides }, (_, side) => side);
  const byKeys = (a: number, b: number): number => {
    for (const key of keys) {
      const difference = state.tallyOf(b, key) - state.tallyOf(a, key);
      if (difference !== 0) return difference;
    }
    return 0;
  };
  // The sort is stable, so sides still equal stay in index order.
  sides.sort((a, b) => sign * ((totals[a] as number) - (totals[b] as number)) || byKeys(a, b));
  return winner === null ? sides : [winner, ...sides.filter((side) => side !== winner)];
}

export function finishGame(state: GameState, reason: GameEndReason, winner: number | null): void {
  const totals = Array.from(state.totals);
  state.result = { reason, winner, ranking: ranking(state, winner), totals };
  state.status = 'over';
  state.emit({ type: 'game-end', reason, winner, ranking: state.result.ranking, totals });
}

/** The sides among `tied` that remain tied after the tie-breaks, in index order. */
function breakTie(state: GameState, tied: number[]): number[] {
  let remaining = tied;
  for (const key of state.rules.end.tieBreaks) {
    const counts = remaining.map((side) => state.tallyOf(side, key));
    const best = Math.max(...counts);
    remaining = remaining.filter((_, i) => counts[i] === best);
  }
  return remaining;
}

/** END-INVERSE: eliminates the sides at or over the target; returns the sides eliminated now. */
function eliminate(state: GameState): number[] {
  const out: number[] = [];
  // Stryker disable next-line EqualityOperator: `<=` also asks side `sides`: eliminated[sides] is past the end (undefined), not 0, so nothing happens
  for (let side = 0; side < state.seats.sides; side++) {
    if (state.eliminated[side] === 0 && (state.totals[side] as number) >= state.target) {
      state.eliminated[side] = 1;
      out.push(side);
    }
  }
  return out;
}

/** What a scored round decides: in inverse mode, the sides eliminated now; if the game is over, how. */
export interface RoundVerdict {
  eliminated?: number[];
  end?: { reason: GameEndReason; winner: number | null };
}

const NOTHING_DECIDED: RoundVerdict = Object.freeze({});

/** Decides, once a round is scored, whether the game is over. Eliminates sides in inverse mode. */
export function judgeRound(state: GameState): RoundVerdict {
  const { end } = state.rules;
  const totals = state.totals;
  if (end.mode === 'target' && !end.inverse && !totals.some((total) => total >= state.target)) return NOTHING_DECIDED;
  const sides = Array.from({ length: state.seats.sides }, (_, side) => side);
  if (end.mode === 'single-round') {
    const top = Math.max(...totals);
    const leaders = sides.filter((side) => totals[side] === top);
    return { end: { reason: 'single-round', winner: leaders.length === 1 ? (leaders[0] as number) : null } };
  }
  if (end.inverse) {
    const eliminated = eliminate(state);
    const standing = sides.filter((side) => state.eliminated[side] === 0);
    if (standing.length > 1) return { eliminated };
    // The last side standing, if one is left, has the lowest total: every other side is at or over the target,
    // and it is under. If none is left, the lowest total wins, the lowest index among equals.
    const lowest = Math.min(...totals);
    return { eliminated, end: { reason: 'inverse', winner: sides.find((side) => totals[side] === lowest) as number } };
  }
  // A side has reached the target (see the first line), so the top total is among those that reached it.
  return highestOf(state, sides, 'target');
}

/**
 * END-COUNTING-OUT: the sides the award that stopped the count took to the target. One wins; of several (one
 * award took them there together, under `countingOutTie: higher-total`) the highest total wins, as END-TARGET
 * decides among its leaders.
 */
export function judgeCountingOut(state: GameState, reached: number[]): RoundVerdict {
  return highestOf(state, reached, 'counting-out');
}

/** END-TARGET, END-TIE-BREAKS, END-EXACT-TIE: the side of `sides` with the highest total wins, if one is decided. */
function highestOf(state: GameState, sides: number[], reason: GameEndReason): RoundVerdict {
  const totals = state.totals;
  const top = Math.max(...sides.map((side) => totals[side] as number));
  const leaders = breakTie(state, sides.filter((side) => totals[side] === top));
  if (leaders.length === 1) return { end: { reason, winner: leaders[0] as number } };
  switch (state.rules.end.exactTie) {
    case 'lowest-seat':
      return { end: { reason, winner: leaders[0] as number } };
    case 'draw':
      return { end: { reason, winner: null } };
    case 'last-round-order': {
      const first = firstToReach(state);
      return first === null ? NOTHING_DECIDED : { end: { reason, winner: first } };
    }
    case 'another-round':
      return NOTHING_DECIDED;
  }
}
