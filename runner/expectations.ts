/**
 * Expectations written from the reference engine: what `generate` and `update` put in a generated fixture.
 * Every event, each round's score sheet, the result, and where asked the legal decisions before plays.
 * @module
 */
import type { GameEvent } from '../reference/types.ts';
import { legalOnReference } from './engines/reference.ts';
import type { Expectations, ExpectedLegal, ExpectedRound, ReplayReply, ReplayRequest } from './fixture.ts';
import { requestBefore } from './replay.ts';

/** The reference engine's legal decisions before each of the given plays of a request (rounds and plays from 1). */
export function legalFromReference(request: ReplayRequest, positions: readonly { round: number; play: number }[]): ExpectedLegal[] {
  return positions.map(({ round, play }) => ({ round, play, decisions: legalOnReference(requestBefore(request, round, play)) }));
}

export function expectationsFromReplay(reply: ReplayReply, sides: number, sideOf: (seat: number) => number): Expectations {
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
