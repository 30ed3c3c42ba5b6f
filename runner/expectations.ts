/**
 * Expectations written from the reference engine: what `generate` and `update` put in a generated fixture.
 * Every event, each round's score sheet, the result, and where asked the legal decisions before plays.
 * @module
 */
import { type GameState, startGame } from '../reference/index.ts';
import type { GameEvent } from '../reference/types.ts';
import { legalOnReference, replayOnReference } from './engines/reference.ts';
import type { Expectations, ExpectedLegal, ExpectedRound, ReplayReply, ReplayRequest } from './fixture.ts';
import { requestBefore } from './fixture.ts';

/** The reference engine's legal decisions before each of the given plays of a request (rounds and plays from 1). */
export function legalFromReference(request: ReplayRequest, positions: readonly { round: number; play: number }[]): ExpectedLegal[] {
  return positions.map(({ round, play }) => ({ round, play, decisions: legalOnReference(requestBefore(request, round, play)) }));
}

/**
 * What an engine's reply to a request says, written down as expectations (its sides from the request's rules);
 * undefined if the game cannot start.
 */
export function expectationsFromReply(request: ReplayRequest, reply: ReplayReply): Expectations | undefined {
  const started = startGame(request.rules, { players: request.players, firstDealer: request.firstDealer });
  if (!started.ok) return undefined;
  return expectationsOfSeats(reply, started.value.seats);
}

/** What a reply says, written down as expectations, for a game with these seats. */
export function expectationsOfSeats(reply: ReplayReply, seats: Pick<GameState['seats'], 'sides' | 'sideOf'>): Expectations {
  const { sides } = seats;
  const sideOf = (seat: number): number => seats.sideOf[seat] as number;
  const rounds: ExpectedRound[] = [];
  let awards: NonNullable<ExpectedRound['awards']> = {};
  let sweeps = new Array<number>(sides).fill(0);
  let result: Expectations['result'];
  for (const event of reply.events) {
    switch (event.type) {
      case 'sweep':
        sweeps[sideOf(event.seat)]++;
        break;
      case 'award':
        awards[event.category] = { counts: event.counts, points: event.points };
        break;
      case 'round-end':
        rounds.push({ round: event.round, awards, points: event.points, totals: event.totals, sweeps });
        awards = {};
        sweeps = new Array<number>(sides).fill(0);
        break;
      case 'game-end':
        result = { reason: event.reason, winner: event.winner, ranking: event.ranking, totals: event.totals };
        break;
      default:
        break;
    }
  }
  const events: GameEvent[] = reply.events;
  const expectations: Expectations = { events: { match: 'all', list: events }, rounds };
  if (result !== undefined) expectations.result = result;
  if (reply.rejection !== undefined) {
    const { round, play, code } = reply.rejection;
    expectations.reject = { round, play, code };
  }
  return expectations;
}

/**
 * Everything the reference engine says of a game: its events, score sheets, result or refusal, and the legal
 * decisions at the given positions. Undefined if the game cannot start (its setup is refused).
 */
export function expectationsOnReference(
  request: ReplayRequest,
  legalPositions?: readonly { round: number; play: number }[],
): { expect: Expectations; reply: ReplayReply } | undefined {
  const reply = replayOnReference(request);
  const expect = expectationsFromReply(request, reply);
  if (expect === undefined) return undefined;
  if (legalPositions !== undefined) expect.legal = legalFromReference(request, legalPositions);
  return { expect, reply };
}
