/**
 * The end of a round: the remainder (SWEEP-REMAINDER), the round's scoring and its round-end event, then either
 * the end of the game or the next round.
 * @module
 */
import { CARDS_PER_DECK, VALUES_PER_SUIT } from './cards.ts';
import { beginRound, firstPlayer } from './deal.ts';
import { finishGame, judgeCountingOut, judgeRound, type RoundVerdict } from './game-end.ts';
import { scoreRound } from './scoring.ts';
import type { GameState } from './state.ts';

/** SWEEP-REMAINDER: who takes the table where nobody captured in the round; -1 where it is discarded. */
function nobodyCapturedOwner(state: GameState): number {
  switch (state.rules.remainder.whenNobodyCaptured) {
    case 'discard':
      return -1;
    case 'dealer':
      return state.dealer;
    case 'first-player':
      return firstPlayer(state);
  }
}

function takeRemainder(state: GameState): void {
  const cards = state.table.subarray(0, state.tableLength);
  const owner = state.lastCapturer >= 0 ? state.lastCapturer : nobodyCapturedOwner(state);
  // Stryker disable next-line ConditionalExpression: addToPile(-1, code) writes only negative indexes of typed arrays, which are dropped, and reads no prime to beat
  if (owner >= 0) for (const code of cards) state.addToPile(owner, code);
  // Stryker disable next-line ConditionalExpression: with no listener (events null) emit drops the event; the guard only saves formatting the cards
  if (state.events !== null) {
    state.emit({ type: 'remainder', seat: owner >= 0 ? owner : null, cards: Array.from(cards, (code) => state.tableCardName(code)) });
  }
  state.tableLength = 0;
}

/** END-TIE-BREAKS: the round's captures join the whole-game counts. */
function tallyRound(state: GameState): void {
  const { players, sideOf } = state.seats;
  const settebello = state.coinsSuitIndex * VALUES_PER_SUIT + 6;
  // Stryker disable next-line EqualityOperator: `<=` also tallies seat `players`, whose side (sideOf[players]) is undefined: the tally index is NaN and the write is dropped
  for (let seat = 0; seat < players; seat++) {
    const side = sideOf[seat];
    state.tally(side, 'cards', state.pileSize[seat]);
    state.tally(side, 'coins', state.pileCoins[seat]);
    state.tally(side, 'sevens', state.pileSevens[seat]);
    state.tally(side, 'settebello', state.piles[seat * CARDS_PER_DECK + settebello]);
  }
}

/** END-TARGET (`targetPlus`): the first round's winner's points, the most any side scored in it, join the target. */
function raiseTarget(state: GameState): void {
  if (state.round === 1 && state.rules.end.targetPlus === 'first-round-winner-points') state.target += Math.max(...state.roundPoints);
}

export function endRound(state: GameState): void {
  takeRemainder(state);
  tallyRound(state);
  const scoringEnd = scoreRound(state);
  raiseTarget(state);
  const verdict: RoundVerdict =
    scoringEnd === null ? judgeRound(state) : scoringEnd.reason === 'counting-out' ? judgeCountingOut(state, scoringEnd.sides) : { end: scoringEnd };
  // Stryker disable next-line ConditionalExpression: with no listener (events null) emit drops the event; the guard only saves copying the points and totals
  if (state.events !== null) {
    const roundEnd = { type: 'round-end', round: state.round, points: Array.from(state.roundPoints), totals: Array.from(state.totals) } as const;
    state.emit(state.rules.end.inverse ? { ...roundEnd, eliminated: verdict.eliminated ?? [] } : roundEnd);
  }
  if (verdict.end === undefined) beginRound(state);
  else finishGame(state, verdict.end.reason, verdict.end.winner);
}
