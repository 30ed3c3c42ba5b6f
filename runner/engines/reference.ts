/**
 * The reference engine as an engine under test: replays a fixture's inputs in process and answers in the
 * same shape an external engine does.
 * @module
 */
import { GameSession, legalDecisions, type Decision, type GameEvent, type GameState } from '../../reference/index.ts';
import { InputCursor } from '../fixture/input-cursor.ts';
import type { ReplayReply, ReplayRequest } from '../fixture/fixture.ts';

/**
 * Feeds the deck orders and decisions round by round, whenever the game asks for one. Stops at the first
 * refusal, when the game is over, or when the round it is in has no more input (a partial game).
 */
export function replayOnReference(request: ReplayRequest): ReplayReply {
  return replayToPosition(request).reply;
}

/** The legal decisions once the request's inputs are played: none if the replay stops short of a decision. */
export function legalOnReference(request: ReplayRequest): Decision[] {
  const { state } = replayToPosition(request);
  return state === undefined ? [] : legalDecisions(state);
}

/** The replay and the state it ends in (undefined if the game could not start). */
export function replayToPosition(request: ReplayRequest): { reply: ReplayReply; state?: GameState } {
  const events: GameEvent[] = [];
  const started = GameSession.start(request.rules, { players: request.players, firstDealer: request.firstDealer });
  if (!started.ok) {
    return { reply: { events, rejection: { round: 1, play: 0, code: started.error.code, message: started.error.message } } };
  }
  const game = started.value;
  const inputs = new InputCursor(request.rounds);
  for (let input = inputs.next(game.current); input !== undefined; input = inputs.next(game.current)) {
    const step = input.kind === 'deck' ? game.supplyDeck(input.deck) : game.applyDecision(input.decision);
    if (!step.ok) {
      const play = input.kind === 'deck' ? 0 : input.number;
      return { reply: { events, rejection: { round: input.round, play, code: step.error.code, message: step.error.message } }, state: game.current };
    }
    for (const event of step.value) events.push(event);
  }
  return { reply: { events }, state: game.current };
}
