/**
 * The reference engine as an engine under test: replays a fixture's inputs in process and answers in the
 * same shape an external engine does.
 * @module
 */
import { applyDecision, startGame, supplyDeck, type GameEvent, type GameState } from '../../reference/index.ts';
import type { ReplayReply, ReplayRequest } from '../fixture.ts';

/**
 * Feeds the deck orders and decisions round by round, whenever the game asks for one. Stops at the first
 * refusal, when the game is over, or when the round it is in has no more input (a partial game).
 */
export function replayOnReference(request: ReplayRequest): ReplayReply {
  return replayToPosition(request).reply;
}

/** The replay and the state it ends in (undefined if the game could not start). */
export function replayToPosition(request: ReplayRequest): { reply: ReplayReply; state?: GameState } {
  const events: GameEvent[] = [];
  const started = startGame(request.rules, { players: request.players, firstDealer: request.firstDealer });
  if (!started.ok) {
    return { reply: { events, rejection: { round: 1, play: 0, code: started.error.code, message: started.error.message } } };
  }
  let state = started.value;
  let decksUsed = 0;
  let playsMade = 0;
  let round = 1;
  while (state.status !== 'over') {
    if (state.round !== round) {
      round = state.round;
      decksUsed = 0;
      playsMade = 0;
    }
    const input = request.rounds[round - 1];
    if (input === undefined) break;
    if (state.status === 'awaiting-deck') {
      const deck = input.decks[decksUsed];
      if (deck === undefined) break;
      decksUsed++;
      const step = supplyDeck(state, deck);
      if (!step.ok) return { reply: { events, rejection: { round, play: 0, code: step.error.code, message: step.error.message } }, state };
      state = step.value.state;
      events.push(...step.value.events);
    } else {
      const decision = input.plays[playsMade];
      if (decision === undefined) break;
      playsMade++;
      const step = applyDecision(state, decision);
      if (!step.ok) {
        return { reply: { events, rejection: { round, play: playsMade, code: step.error.code, message: step.error.message } }, state };
      }
      state = step.value.state;
      events.push(...step.value.events);
    }
  }
  return { reply: { events }, state };
}
