/**
 * The reference engine as an engine under test: replays a fixture's inputs in process and answers in the
 * same shape an external engine does.
 * @module
 */
import { GameSession, type Decision, type GameEvent, type GameState } from '../../reference/index.ts';
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
  const started = GameSession.start(request.rules, { players: request.players, firstDealer: request.firstDealer });
  if (!started.ok) {
    return { reply: { events, rejection: { round: 1, play: 0, code: started.error.code, message: started.error.message } } };
  }
  const game = started.value;
  const state = game.current;
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
    const awaitingDeck = state.status === 'awaiting-deck';
    const next = awaitingDeck ? input.decks[decksUsed] : input.plays[playsMade];
    if (next === undefined) break;
    if (awaitingDeck) decksUsed++;
    else playsMade++;
    const step = Array.isArray(next) ? game.supplyDeck(next) : game.applyDecision(next as Decision);
    if (!step.ok) {
      const rejection = { round, play: awaitingDeck ? 0 : playsMade, code: step.error.code, message: step.error.message };
      return { reply: { events, rejection }, state };
    }
    for (const event of step.value) events.push(event);
  }
  return { reply: { events }, state };
}
