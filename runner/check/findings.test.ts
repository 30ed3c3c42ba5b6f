/**
 * findDivergences over two rounds: every independent divergence and none that follows from another (the rest
 * of a round after a play, the round's points after a category, the totals and the end after any score,
 * everything after a refusal, a round the engine never reached), each whole; what an engine that reports less
 * is judged on; where a stop or an extra play shows, and its rule.
 */
import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../../reference/index.ts';
import { findDivergences } from './compare.ts';
import type { Divergence } from './divergence.ts';
import type { Expectations, Fixture, ReplayReply } from '../fixture/fixture.ts';
import { reportingOf } from '../profile/profile.ts';
import { SWEEPING_EVENTS, SWEEPING_PLAYS, variantRules } from '../test-helpers.ts';

const pagat = variantRules('pagat');

// Two hand-made pagat rounds (the comparison reads events as data): seat 0 sweeps at play 1, seat 1 trails, seat 0
// captures, seat 1 trails; the remainder, three awards, the round-end; after round 2 the game-end.
const deal = (round: number): GameEvent => ({ type: 'deal', round, deal: 1, dealer: round % 2, hands: [['10C', '7C', '5S'], ['7H', '9D', '6S']], table: ['2D', '3C', '4H', '1S'] });
const { sweepCapture, sweep, trail, capture, lastTrail, remainder } = SWEEPING_EVENTS;
const awards = (round: number): GameEvent[] => [
  { type: 'award', round, category: 'cards', counts: [7, 1], points: [1, 0] },
  { type: 'award', round, category: 'coins', counts: [1, 0], points: [1, 0] },
  { type: 'award', round, category: 'sweeps', counts: [1, 0], points: [1, 0] },
];
const roundEnd = (round: number): GameEvent => ({ type: 'round-end', round, points: [3, 0], totals: [3 * round, 0] });
const gameEnd: GameEvent = { type: 'game-end', reason: 'target', winner: 0, ranking: [0, 1], totals: [6, 0] };
const roundOf = (round: number): GameEvent[] => [deal(round), sweepCapture, sweep, trail, capture, lastTrail, remainder, ...awards(round), roundEnd(round)];
/** 0-10 round 1 (2 the sweep, 4 the capture, 7-9 the awards, 10 the round-end), 11-21 round 2, 22 the game-end. */
const EVENTS: GameEvent[] = [...roundOf(1), ...roundOf(2), gameEnd];
const PLAYS = SWEEPING_PLAYS;

const fixtureOf = (expect: Expectations, plays: number[] = [4, 4]): Fixture => ({
  id: 'test/two-rounds',
  title: 'two rounds',
  variant: 'pagat',
  options: {},
  players: 2,
  tags: [],
  rules: [],
  provenance: { kind: 'hand-verified', reasoning: 'test\ntest' },
  rounds: plays.map((count) => ({ decks: [[]], plays: Array.from({ length: count }, (_, i) => PLAYS[i % 4] as (typeof PLAYS)[number]) })),
  expect,
});

/** Every event expected, and each round's scores and the result besides. */
const EXPECTED = (): Fixture =>
  fixtureOf({
    events: { match: 'all', list: EVENTS },
    rounds: [
      { round: 1, points: [3, 0], totals: [3, 0], sweeps: [1, 0], awards: { coins: { counts: [1, 0], points: [1, 0] } } },
      { round: 2, points: [3, 0], totals: [6, 0], sweeps: [1, 0] },
    ],
    result: { winner: 0, totals: [6, 0] },
  });

/** The events with the one at `index` replaced, or removed without `by`. */
const at = (events: GameEvent[], index: number, by?: GameEvent): GameEvent[] =>
  by === undefined ? events.filter((_, i) => i !== index) : events.map((event, i) => (i === index ? by : event));
const withAll = (...changes: [number, GameEvent][]): GameEvent[] => changes.reduce((events, [index, by]) => at(events, index, by), EVENTS);

const brief = (divergences: Divergence[]): unknown[] => divergences.map((d) => [d.kind, d.round, d.play, d.eventIndex, d.rule ?? null]);
const found = (reply: Partial<ReplayReply>, fixture = EXPECTED(), reporting?: ReturnType<typeof reportingOf>): Divergence[] =>
  findDivergences(fixture, { events: [], ...reply }, pagat, reporting);

test('the reply as expected: nothing', () => {
  expect(found({ events: EVENTS })).toEqual([]);
});

describe('what follows from a divergence is not reported again', () => {
  test('a category scored wrong: the round\'s points, the next round\'s totals and the end follow from it', () => {
    const events = withAll(
      [8, { ...awards(1)[1], points: [0, 1] } as GameEvent],
      [10, { ...roundEnd(1), points: [2, 1], totals: [2, 1] } as GameEvent],
      [21, { ...roundEnd(2), totals: [5, 1] } as GameEvent],
      [22, { ...gameEnd, totals: [5, 1] } as GameEvent],
    );
    expect(found({ events })).toEqual([
      {
        kind: 'event-mismatch',
        round: 1,
        play: 4,
        eventIndex: 8,
        expectedIndex: 8,
        rule: 'SCORE-MOST-COINS',
        expected: awards(1)[1],
        actual: { ...awards(1)[1], points: [0, 1] },
      },
    ]);
  });

  test('a play that differs: the rest of its round follows; the next round is dealt afresh and compared', () => {
    const events = withAll([4, { ...capture, captured: ['7S'] } as GameEvent], [8, { ...awards(1)[1], points: [0, 1] } as GameEvent], [18, { ...awards(2)[0], counts: [6, 2] } as GameEvent]);
    expect(brief(found({ events }))).toEqual([
      ['event-mismatch', 1, 3, 4, 'CAP-CHOICE'],
      ['event-mismatch', 2, 4, 18, 'SCORE-MOST-CARDS'],
    ]);
  });

  test('a sweep missing before a play that differs: both; the missing sweep where the play after it is', () => {
    const events = at(at(EVENTS, 4, { ...capture, captured: ['7S'] } as GameEvent), 2);
    expect(found({ events })).toEqual([
      { kind: 'missing-event', round: 1, play: 1, eventIndex: 2, expectedIndex: 2, rule: 'SWEEP-POINT', expected: sweep, actual: null },
      { kind: 'event-mismatch', round: 1, play: 3, eventIndex: 3, expectedIndex: 4, rule: 'CAP-CHOICE', expected: capture, actual: { ...capture, captured: ['7S'] } },
    ]);
  });

  test('a sweep too many: the sweeps count and the sweeps award follow from it; another category is its own', () => {
    const events = [...EVENTS.slice(0, 5), sweep, ...EVENTS.slice(5)];
    const changed = at(at(events, 10, { ...awards(1)[2], counts: [2, 0], points: [2, 0] } as GameEvent), 9, { ...awards(1)[1], points: [0, 1] } as GameEvent);
    expect(brief(found({ events: changed }))).toEqual([
      ['extra-event', 1, 3, 5, 'SWEEP-POINT'],
      ['event-mismatch', 1, 4, 9, 'SCORE-MOST-COINS'],
    ]);
  });

  test('the same rule in two rounds: both', () => {
    const events = withAll([8, { ...awards(1)[1], points: [0, 1] } as GameEvent], [19, { ...awards(2)[1], points: [0, 1] } as GameEvent]);
    expect(brief(found({ events }))).toEqual([
      ['event-mismatch', 1, 4, 8, 'SCORE-MOST-COINS'],
      ['event-mismatch', 2, 4, 19, 'SCORE-MOST-COINS'],
    ]);
  });

  test('totals that differ while every earlier score agreed: reported (the round-end, and the round\'s totals)', () => {
    const events = withAll([21, { ...roundEnd(2), totals: [7, 0] } as GameEvent], [22, { ...gameEnd, totals: [7, 0] } as GameEvent]);
    expect(found({ events })).toEqual([
      { kind: 'event-mismatch', round: 2, play: 4, eventIndex: 21, expectedIndex: 21, expected: roundEnd(2), actual: { ...roundEnd(2), totals: [7, 0] } },
      { kind: 'round-mismatch', round: 2, play: 4, eventIndex: 21, field: 'totals', expected: [6, 0], actual: [7, 0] },
    ]);
  });

  test('round points that differ: the later totals and the end follow', () => {
    const events = withAll(
      [10, { ...roundEnd(1), points: [4, 0], totals: [4, 0] } as GameEvent],
      [21, { ...roundEnd(2), totals: [7, 0] } as GameEvent],
      [22, { ...gameEnd, totals: [7, 0] } as GameEvent],
    );
    expect(brief(found({ events }))).toEqual([
      ['event-mismatch', 1, 4, 10, null],
      ['round-mismatch', 1, 4, 10, null],
    ]);
  });

  test('only the winner differs: the end, once', () => {
    const events = at(EVENTS, 22, { ...gameEnd, winner: 1, ranking: [1, 0] } as GameEvent);
    expect(found({ events })).toEqual([
      { kind: 'event-mismatch', round: 2, play: 4, eventIndex: 22, expectedIndex: 22, rule: 'END-TARGET', expected: gameEnd, actual: { ...gameEnd, winner: 1, ranking: [1, 0] } },
    ]);
  });

  test('an engine that stops mid-round without refusing: the stop; nothing about the round it never reached', () => {
    expect(found({ events: EVENTS.slice(0, 3) })).toEqual([
      { kind: 'stopped-early', round: 1, play: 2, eventIndex: 3, rule: 'PLAY-TURN', expected: { plays: 4 }, actual: { plays: 1 } },
    ]);
  });

  test('an engine that ends the game a round early: the end; nothing about the round it never played', () => {
    const events = [...roundOf(1), { ...gameEnd, totals: [3, 0] }];
    expect(found({ events })).toEqual([
      { kind: 'event-mismatch', round: 1, play: 4, eventIndex: 11, expectedIndex: 22, rule: 'END-TARGET', expected: gameEnd, actual: { ...gameEnd, totals: [3, 0] } },
    ]);
  });

  test('a refusal: nothing at or after it', () => {
    expect(found({ events: EVENTS.slice(0, 3), rejection: { round: 1, play: 2, code: 'NOT_YOUR_TURN' } })).toEqual([
      { kind: 'unexpected-rejection', round: 1, play: 2, eventIndex: 3, rule: 'PLAY-TURN', expected: null, actual: { round: 1, play: 2, code: 'NOT_YOUR_TURN' } },
    ]);
  });

  test('a refusal: what came before it still counts, in an earlier round; in its own round, only its first play', () => {
    const events = [...at(EVENTS.slice(0, 11), 8, { ...awards(1)[1], points: [0, 1] } as GameEvent), ...EVENTS.slice(11, 13)];
    expect(brief(found({ events, rejection: { round: 2, play: 2, code: 'NOT_YOUR_TURN' } }))).toEqual([
      ['event-mismatch', 1, 4, 8, 'SCORE-MOST-COINS'],
      ['unexpected-rejection', 2, 2, 13, 'PLAY-TURN'],
    ]);
    const sameRound = [...EVENTS.slice(0, 4), { ...capture, captured: ['7S'] } as GameEvent, lastTrail];
    expect(brief(found({ events: sameRound, rejection: { round: 1, play: 5, code: 'GAME_OVER' } }))).toEqual([['event-mismatch', 1, 3, 4, 'CAP-CHOICE']]);
  });
});

describe('an engine that reports less is judged on what it reports', () => {
  const only = (types: string[]): GameEvent[] => EVENTS.filter((event) => types.includes(event.type));
  const PLAYS_AND_SCORES = ['capture', 'trail', 'sweep', 'round-end', 'game-end'];

  test('plays and scores: no deal, award or remainder is missed; a play that differs still is', () => {
    const reporting = reportingOf('plays-and-scores');
    expect(found({ events: only(PLAYS_AND_SCORES) }, EXPECTED(), reporting)).toEqual([]);
    const events = at(only(PLAYS_AND_SCORES), 3, { ...capture, captured: ['7S'] } as GameEvent);
    expect(found({ events }, EXPECTED(), reporting)).toEqual([
      { kind: 'event-mismatch', round: 1, play: 3, eventIndex: 3, expectedIndex: 4, rule: 'CAP-CHOICE', expected: capture, actual: { ...capture, captured: ['7S'] } },
    ]);
  });

  test('totals only: the round points it leaves out are not compared; the totals are', () => {
    const reporting = reportingOf('totals');
    const roundEnds = only(['round-end', 'game-end']);
    expect(found({ events: roundEnds.map((event) => (event.type === 'round-end' ? { ...event, points: [9, 9] } : event)) }, EXPECTED(), reporting)).toEqual([]);
    const wrong = roundEnds.map((event) => (event.type === 'round-end' && event.round === 2 ? { ...event, totals: [9, 9] } : event));
    expect(brief(found({ events: wrong }, EXPECTED(), reporting))).toEqual([
      ['event-mismatch', 2, 0, 1, null],
      ['round-mismatch', 2, 0, 1, null],
    ]);
  });
});

describe('where an engine stops or plays on, and why', () => {
  const trails = (count: number): GameEvent[] => Array.from({ length: count }, (_, i) => ({ type: 'trail', seat: i % 2, card: `${i + 1}D` }) as GameEvent);
  const playsOnly = (plays: number[]): Fixture => fixtureOf({}, plays);

  test('every hand played out and no new deal: DEAL-REFILL, after the last play and its sweeps', () => {
    expect(found({ events: [deal(1), ...trails(6)] }, playsOnly([8]))).toEqual([
      { kind: 'stopped-early', round: 1, play: 7, eventIndex: 7, rule: 'DEAL-REFILL', expected: { plays: 8 }, actual: { plays: 6 } },
    ]);
    const swept = [deal(1), ...trails(5), { type: 'capture', seat: 1, card: '6D', captured: [] } as GameEvent, sweep, sweep];
    expect(found({ events: swept }, playsOnly([8]))).toEqual([
      { kind: 'stopped-early', round: 1, play: 7, eventIndex: 9, rule: 'DEAL-REFILL', expected: { plays: 8 }, actual: { plays: 6 } },
    ]);
  });

  test('a stop within a deal: PLAY-TURN', () => {
    expect(found({ events: [deal(1), ...trails(5)] }, playsOnly([8]))).toEqual([
      { kind: 'stopped-early', round: 1, play: 6, eventIndex: 6, rule: 'PLAY-TURN', expected: { plays: 8 }, actual: { plays: 5 } },
    ]);
  });

  test('a round never reached: where the events end; a game the engine ended: the end\'s rule', () => {
    expect(found({ events: [deal(1), ...trails(2), roundEnd(1)] }, playsOnly([2, 2]))).toEqual([
      { kind: 'stopped-early', round: 2, play: 1, eventIndex: 4, rule: 'PLAY-TURN', expected: { plays: 2 }, actual: { plays: 0 } },
    ]);
    const ended = [deal(1), ...trails(2), roundEnd(1), { ...gameEnd, reason: 'instant-win' } as GameEvent];
    expect(found({ events: ended }, playsOnly([2, 2]))).toEqual([
      { kind: 'stopped-early', round: 2, play: 1, eventIndex: 5, rule: 'END-INSTANT-WIN', expected: { plays: 2 }, actual: { plays: 0 } },
    ]);
  });

  test('plays in a round the fixture does not have, whatever its number: the first of them', () => {
    const events = [deal(1), ...trails(2), roundEnd(1), deal(3), ...trails(1), roundEnd(3)];
    expect(found({ events }, playsOnly([2]))).toEqual([
      { kind: 'extra-play', round: 3, play: 1, eventIndex: 5, rule: 'PLAY-TURN', expected: { plays: 0 }, actual: { plays: 1 } },
    ]);
  });

  test('without deals, a play after a round-end opens the next round: a third play there is extra', () => {
    expect(found({ events: [...trails(2), roundEnd(1), ...trails(3)] }, playsOnly([2, 2]))).toEqual([
      { kind: 'extra-play', round: 2, play: 3, eventIndex: 5, rule: 'PLAY-TURN', expected: { plays: 2 }, actual: { plays: 3 } },
    ]);
  });

  test('an engine that does not report plays is not counted', () => {
    expect(found({ events: [roundEnd(1)] }, playsOnly([2]), reportingOf('totals'))).toEqual([]);
  });
});

describe('each round\'s scores (expect.rounds), whole', () => {
  const rounds = (expected: Expectations['rounds'], plays?: number[]): Fixture => fixtureOf({ rounds: expected }, plays);
  const countingOut = { ...pagat, end: { ...pagat.end, countingOut: true } };

  test('sweeps per side, counted from the sweeps (a seat\'s side is the seat modulo the sides), shown at the remainder', () => {
    expect(found({ events: EVENTS }, rounds([{ round: 2, sweeps: [2, 0] }]))).toEqual([
      { kind: 'sweeps-mismatch', round: 2, play: 4, eventIndex: 17, rule: 'SWEEP-POINT', field: 'sweeps', expected: [2, 0], actual: [1, 0] },
    ]);
    const seat3 = at(EVENTS, 2, { type: 'sweep', seat: 3, points: 1 });
    expect(found({ events: seat3 }, rounds([{ round: 1, sweeps: [1, 0] }]))).toEqual([
      { kind: 'sweeps-mismatch', round: 1, play: 4, eventIndex: 6, rule: 'SWEEP-POINT', field: 'sweeps', expected: [1, 0], actual: [0, 1] },
    ]);
    const notASeat = at(EVENTS, 2, { type: 'sweep', seat: 0.5, points: 1 });
    expect(found({ events: notASeat }, rounds([{ round: 1, sweeps: [1, 0] }]))[0]).toMatchObject({ actual: [0, 0] });
  });

  test('sweeps without a remainder: at the round-end; without either: after the events, at the fixture\'s last play', () => {
    expect(found({ events: at(EVENTS, 6) }, rounds([{ round: 1, sweeps: [0, 0] }]))).toEqual([
      { kind: 'sweeps-mismatch', round: 1, play: 4, eventIndex: 9, rule: 'SWEEP-POINT', field: 'sweeps', expected: [0, 0], actual: [1, 0] },
    ]);
    expect(found({ events: EVENTS.slice(0, 6) }, rounds([{ round: 1, sweeps: [0, 0] }], [4]))).toEqual([
      { kind: 'sweeps-mismatch', round: 1, play: 4, eventIndex: 6, rule: 'SWEEP-POINT', field: 'sweeps', expected: [0, 0], actual: [1, 0] },
    ]);
  });

  test('a category: its counts first, then its points, at its award', () => {
    expect(found({ events: EVENTS }, rounds([{ round: 2, awards: { cards: { counts: [6, 2], points: [0, 1] } } }]))).toEqual([
      {
        kind: 'award-mismatch',
        round: 2,
        play: 4,
        eventIndex: 18,
        rule: 'SCORE-MOST-CARDS',
        category: 'cards',
        field: 'counts',
        expected: { counts: [6, 2], points: [0, 1] },
        actual: { counts: [7, 1], points: [1, 0] },
      },
    ]);
    expect(found({ events: EVENTS }, rounds([{ round: 2, awards: { cards: { counts: [7, 1], points: [0, 1] } } }]))[0]).toMatchObject({ field: 'points', eventIndex: 18 });
    expect(found({ events: EVENTS }, rounds([{ round: 1, awards: { sweeps: { points: [2, 0] } } }]))[0]).toMatchObject({ field: 'points', eventIndex: 9, rule: 'SCORE-SWEEPS' });
  });

  test('a category with no award: at the round-end; under counting out, END-COUNTING-OUT', () => {
    const primiera = rounds([{ round: 2, awards: { primiera: { points: [1, 0] } } }]);
    const missing = { kind: 'award-mismatch', round: 2, play: 4, eventIndex: 21, rule: 'SCORE-PRIMIERA', category: 'primiera', field: 'missing', expected: { points: [1, 0] }, actual: null };
    expect(found({ events: EVENTS }, primiera)).toEqual([missing]);
    expect(findDivergences(primiera, { events: EVENTS }, countingOut)).toEqual([{ ...missing, rule: 'END-COUNTING-OUT' }]);
  });

  test('a category with no award after the engine ended the game: still its finding, the only one', () => {
    expect(found({ events: [...EVENTS.slice(0, 7), gameEnd] }, rounds([{ round: 1, awards: { primiera: { points: [1, 0] } } }], [4]))).toEqual([
      { kind: 'award-mismatch', round: 1, play: 4, eventIndex: 8, rule: 'SCORE-PRIMIERA', category: 'primiera', field: 'missing', expected: { points: [1, 0] }, actual: null },
    ]);
  });

  test('what the engine does not report of an award is not compared', () => {
    const awardTypes = ['deal', 'capture', 'trail', 'sweep', 'remainder', 'award', 'round-end', 'game-end'] as const;
    const withoutCounts = reportingOf({ events: [...awardTypes], omit: ['award.counts'] });
    expect(found({ events: EVENTS }, rounds([{ round: 2, awards: { cards: { counts: [6, 2], points: [1, 0] } } }]), withoutCounts)).toEqual([]);
    expect(found({ events: EVENTS }, rounds([{ round: 2, awards: { cards: { counts: [6, 2], points: [0, 1] } } }]), withoutCounts)[0]).toMatchObject({ field: 'points' });
    const withoutPoints = reportingOf({ events: [...awardTypes], omit: ['award.points'] });
    expect(found({ events: EVENTS }, rounds([{ round: 2, awards: { cards: { counts: [7, 1], points: [0, 1] } } }]), withoutPoints)).toEqual([]);
    expect(found({ events: EVENTS }, rounds([{ round: 2, awards: { cards: { counts: [6, 2] } } }]), reportingOf('plays-and-scores'))).toEqual([]);
  });

  test('the round\'s points, else its totals, at its round-end; no round-end: missing, after the events', () => {
    expect(found({ events: EVENTS }, rounds([{ round: 2, points: [2, 0], totals: [5, 0] }]))).toEqual([
      { kind: 'round-mismatch', round: 2, play: 4, eventIndex: 21, field: 'points', expected: [2, 0], actual: [3, 0] },
    ]);
    expect(found({ events: EVENTS }, rounds([{ round: 2, points: [3, 0], totals: [5, 0] }]))).toEqual([
      { kind: 'round-mismatch', round: 2, play: 4, eventIndex: 21, field: 'totals', expected: [5, 0], actual: [6, 0] },
    ]);
    expect(found({ events: at(EVENTS, 21) }, rounds([{ round: 2, points: [3, 0] }]))).toEqual([
      { kind: 'round-mismatch', round: 2, play: 4, eventIndex: 22, field: 'missing', expected: [3, 0], actual: null },
    ]);
    expect(found({ events: [...EVENTS.slice(0, 10), gameEnd] }, rounds([{ round: 1, points: [3, 0] }], [4]))).toEqual([
      { kind: 'round-mismatch', round: 1, play: 4, eventIndex: 11, field: 'missing', expected: [3, 0], actual: null },
    ]);
    expect(found({ events: EVENTS }, rounds([{ round: 2, points: [2, 0], totals: [5, 0] }]), reportingOf('totals'))).toEqual([
      { kind: 'round-mismatch', round: 2, play: 4, eventIndex: 21, field: 'totals', expected: [5, 0], actual: [6, 0] },
    ]);
  });
});

describe('the result (expect.result), whole', () => {
  const result = (expected: Expectations['result']): Fixture => fixtureOf({ result: expected });

  test('no game-end: missing, after the last event', () => {
    expect(found({ events: EVENTS.slice(0, 22) }, result({ winner: 0 }))).toEqual([
      { kind: 'result-mismatch', round: 2, play: 4, eventIndex: 22, rule: 'END-TARGET', field: 'missing', expected: { winner: 0 }, actual: null },
    ]);
  });

  test('the reason first, at the game-end', () => {
    expect(found({ events: EVENTS }, result({ reason: 'counting-out', winner: 1 }))).toEqual([
      {
        kind: 'result-mismatch',
        round: 2,
        play: 4,
        eventIndex: 22,
        rule: 'END-COUNTING-OUT',
        field: 'reason',
        expected: { reason: 'counting-out', winner: 1 },
        actual: { reason: 'target', winner: 0, ranking: [0, 1], totals: [6, 0] },
      },
    ]);
  });

  test('what the engine does not report of the end is not compared; without game-ends, no result at all', () => {
    expect(found({ events: EVENTS }, result({ reason: 'counting-out', winner: 0, ranking: [1, 0] }), reportingOf('totals'))).toEqual([]);
    expect(found({ events: EVENTS }, result({ winner: 0, totals: [1, 0] }), reportingOf({ events: ['game-end'], omit: ['game-end.totals'] }))).toEqual([]);
    expect(found({ events: EVENTS }, result({ winner: 1 }), reportingOf({ events: ['capture', 'trail'] }))).toEqual([]);
  });

  test('two game-ends: the last is the result', () => {
    expect(found({ events: [...EVENTS, { ...gameEnd, winner: 1 }] }, result({ winner: 1 }))).toEqual([]);
  });
});

describe('events of some types (match: types), whole', () => {
  const types = (chosen: GameEvent['type'][], list: GameEvent[]): Fixture => fixtureOf({ events: { match: 'types', types: chosen, list } });

  test('one more than expected: extra, at the engine\'s event; one fewer: missing, after the last event', () => {
    expect(found({ events: EVENTS }, types(['sweep'], [sweep]))).toEqual([
      { kind: 'extra-event', round: 2, play: 1, eventIndex: 13, expectedIndex: 1, rule: 'SWEEP-POINT', expected: null, actual: sweep },
    ]);
    expect(found({ events: EVENTS }, types(['sweep'], [sweep, sweep, sweep]))).toEqual([
      { kind: 'missing-event', round: 2, play: 4, eventIndex: 23, expectedIndex: 2, rule: 'SWEEP-POINT', expected: sweep, actual: null },
    ]);
  });

  test('one that differs: both, at the engine\'s event and the list\'s index', () => {
    expect(found({ events: EVENTS }, types(['trail'], [trail, { ...lastTrail, card: '6S' }]))).toEqual([
      { kind: 'event-mismatch', round: 1, play: 4, eventIndex: 5, expectedIndex: 1, rule: 'PLAY-TURN', expected: { ...lastTrail, card: '6S' }, actual: lastTrail },
    ]);
  });

  test('types and fields the engine does not report are not compared', () => {
    expect(found({ events: EVENTS }, types(['deal', 'sweep'], [{ ...deal(1), dealer: 0 } as GameEvent, sweep, deal(2), sweep]), reportingOf('plays-and-scores'))).toEqual([]);
    expect(found({ events: EVENTS }, types(['round-end'], [{ ...roundEnd(1), points: [9, 9] } as GameEvent, roundEnd(2)]), reportingOf('totals'))).toEqual([]);
  });
});

describe('every event (match: all): scoring events, whole', () => {
  const all = (list: GameEvent[] = EVENTS): Fixture => fixtureOf({ events: { match: 'all', list } });

  test('an award of a category not expected: extra; one missing: after the awards before it', () => {
    const napola: GameEvent = { type: 'award', round: 1, category: 'napola', counts: [0, 0], points: [0, 0] };
    expect(found({ events: [...EVENTS.slice(0, 10), napola, ...EVENTS.slice(10)] }, all())).toEqual([
      { kind: 'extra-event', round: 1, play: 4, eventIndex: 10, expectedIndex: 10, expected: null, actual: napola },
    ]);
    expect(found({ events: at(EVENTS, 8) }, all())).toEqual([
      { kind: 'missing-event', round: 1, play: 4, eventIndex: 9, expectedIndex: 8, rule: 'SCORE-MOST-COINS', expected: awards(1)[1], actual: null },
    ]);
  });

  test('a round-end: eliminations compared (an empty list is none), unless not reported; one missing or extra', () => {
    const eliminated = at(EVENTS, 10, { ...roundEnd(1), eliminated: [1] } as GameEvent);
    expect(found({ events: eliminated }, all())).toEqual([
      { kind: 'event-mismatch', round: 1, play: 4, eventIndex: 10, expectedIndex: 10, rule: 'END-INVERSE', expected: roundEnd(1), actual: { ...roundEnd(1), eliminated: [1] } },
    ]);
    expect(found({ events: at(EVENTS, 10, { ...roundEnd(1), eliminated: [] } as GameEvent) }, all())).toEqual([]);
    const withoutEliminations = reportingOf({ events: ['deal', 'capture', 'trail', 'sweep', 'remainder', 'award', 'round-end', 'game-end'], omit: ['round-end.eliminated'] });
    expect(found({ events: eliminated }, all(), withoutEliminations)).toEqual([]);
    expect(found({ events: at(EVENTS, 21) }, all())).toEqual([
      { kind: 'missing-event', round: 2, play: 4, eventIndex: 22, expectedIndex: 21, expected: roundEnd(2), actual: null },
    ]);
    expect(found({ events: EVENTS }, all(at(EVENTS, 21)))).toEqual([
      { kind: 'extra-event', round: 2, play: 4, eventIndex: 21, expectedIndex: 0, expected: null, actual: roundEnd(2) },
    ]);
  });

  test('a game-end not expected: extra', () => {
    expect(found({ events: EVENTS }, all(EVENTS.slice(0, 22)))).toEqual([
      { kind: 'extra-event', round: 2, play: 4, eventIndex: 22, expectedIndex: 0, rule: 'END-TARGET', expected: null, actual: gameEnd },
    ]);
  });

  test('a round-end of another round: the expected one is missing where it would be', () => {
    expect(found({ events: at(EVENTS, 10, { ...roundEnd(1), round: 7 } as GameEvent) }, all())[0]).toEqual({
      kind: 'missing-event',
      round: 1,
      play: 4,
      eventIndex: 10,
      expectedIndex: 10,
      expected: roundEnd(1),
      actual: null,
    });
  });
});

describe('after the engine ended the game, what is missing is about its length', () => {
  // Round 1's points are wrong; in round 2 the engine ends the game after the last play, scoring nothing.
  const events = (): GameEvent[] => [
    ...at(roundOf(1), 10, { ...roundEnd(1), points: [4, 0], totals: [4, 0] } as GameEvent),
    ...roundOf(2).slice(0, 7),
    { ...gameEnd, totals: [4, 0] },
  ];

  test('each round\'s awards and points: only the score that differed is found', () => {
    const fixture = fixtureOf({
      rounds: [
        { round: 1, points: [3, 0] },
        { round: 2, points: [3, 0], awards: { cards: { counts: [7, 1] } } },
      ],
    });
    expect(brief(found({ events: events() }, fixture))).toEqual([['round-mismatch', 1, 4, 10, null]]);
  });

  test('every event: only the round-end that differed is found', () => {
    expect(brief(found({ events: events() }, fixtureOf({ events: { match: 'all', list: EVENTS } })))).toEqual([['event-mismatch', 1, 4, 10, null]]);
  });

  test('with the earlier scores right, the first thing missing after the end is the finding', () => {
    const rightFirst = [...roundOf(1), ...roundOf(2).slice(0, 7), { ...gameEnd, totals: [3, 0] }];
    expect(brief(found({ events: rightFirst }, fixtureOf({ rounds: [{ round: 2, points: [3, 0], awards: { cards: { counts: [7, 1] } } }] })))).toEqual([
      ['award-mismatch', 2, 4, 19, 'SCORE-MOST-CARDS'],
    ]);
  });
});

test('no events at all: a result or an event expected is missing at round 1, before the first play', () => {
  const expected: Expectations = { result: { winner: 0 }, events: { match: 'types', types: ['sweep'], list: [sweep] } };
  expect(findDivergences(fixtureOf(expected, []), { events: [] }, pagat, reportingOf('totals'))).toEqual([
    { kind: 'result-mismatch', round: 1, play: 0, eventIndex: 0, rule: 'END-TARGET', field: 'missing', expected: { winner: 0 }, actual: null },
  ]);
  expect(findDivergences(fixtureOf({ events: { match: 'types', types: ['sweep'], list: [sweep] } }, []), { events: [] }, pagat)).toEqual([
    { kind: 'missing-event', round: 1, play: 0, eventIndex: 0, expectedIndex: 0, rule: 'SWEEP-POINT', expected: sweep, actual: null },
  ]);
});
