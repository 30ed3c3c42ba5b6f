/**
 * The reference engine as an engine under test: replays a fixture's inputs in process and answers in the
 * same shape an external engine does.
 * @module
 */
import * as plainReference from '../../reference/index.ts';
import type { Decision, GameEvent, GameState } from '../../reference/index.ts';
import { InputCursor } from '../fixture/input-cursor.ts';
import { type LegalPosition, type ReplayReply, type ReplayRequest, requestBefore } from '../fixture/fixture.ts';

/** The reference engine's module: the plain one, or one playing known bugs (runner/causes/patched-reference.ts). */
export type Reference = typeof plainReference;

export const PLAIN_REFERENCE: Reference = plainReference;

/**
 * Feeds the deck orders and decisions round by round, whenever the game asks for one. Stops at the first
 * refusal, when the game is over, or when the round it is in has no more input (a partial game).
 */
export function replayOnReference(request: ReplayRequest, reference: Reference = PLAIN_REFERENCE): ReplayReply {
  return replayToPosition(request, undefined, reference).reply;
}

/** The legal decisions once the request's inputs are played: none if the replay stops short of a decision. */
export function legalOnReference(request: ReplayRequest, reference: Reference = PLAIN_REFERENCE): Decision[] {
  const { state } = replayToPosition(request, undefined, reference);
  return state === undefined ? [] : reference.legalDecisions(state);
}

/**
 * The legal decisions at each position, in the order given, from one replay of the whole request: what
 * `legalOnReference` answers for the request cut before that play. A position the replay does not reach as a
 * play (past the inputs, or after a refusal) is answered from the request cut there.
 */
export function legalAtPositions(request: ReplayRequest, positions: readonly LegalPosition[], reference: Reference = PLAIN_REFERENCE): Decision[][] {
  const keyOf = (round: number, play: number): string => `${round}:${play}`;
  const answers = new Map<string, Decision[]>();
  const wanted = new Set(positions.map(({ round, play }) => keyOf(round, play)));
  replayToPosition(
    request,
    (round, play, state) => {
      const key = keyOf(round, play);
      if (wanted.has(key)) answers.set(key, reference.legalDecisions(state));
    },
    reference,
  );
  return positions.map(({ round, play }) => answers.get(keyOf(round, play)) ?? legalOnReference(requestBefore(request, round, play), reference));
}

/**
 * The replay and the state it ends in (undefined if the game could not start). `beforePlay` sees the state each
 * time a play is due, before the play is made.
 */
export function replayToPosition(
  request: ReplayRequest,
  beforePlay?: (round: number, play: number, state: GameState) => void,
  reference: Reference = PLAIN_REFERENCE,
): { reply: ReplayReply; state?: GameState } {
  const events: GameEvent[] = [];
  const started = reference.GameSession.start(request.rules, { players: request.players, firstDealer: request.firstDealer });
  if (!started.ok) {
    return { reply: { events, rejection: { round: 1, play: 0, code: started.error.code, message: started.error.message } } };
  }
  const game = started.value;
  const inputs = new InputCursor(request.rounds);
  for (let input = inputs.next(game.current); input !== undefined; input = inputs.next(game.current)) {
    if (input.kind === 'play') beforePlay?.(input.round, input.number, game.current);
    const step = input.kind === 'deck' ? game.supplyDeck(input.deck) : game.applyDecision(input.decision);
    if (!step.ok) {
      const play = input.kind === 'deck' ? 0 : input.number;
      return { reply: { events, rejection: { round: input.round, play, code: step.error.code, message: step.error.message } }, state: game.current };
    }
    for (const event of step.value) events.push(event);
  }
  return { reply: { events }, state: game.current };
}
