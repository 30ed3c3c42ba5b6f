/**
 * findDivergences over two rounds: every independent divergence and none that follows from another (the rest
 * of a round after a play, the round's points after a category, the totals and the end after any score,
 * everything after a refusal, a round the engine never reached), each whole; what an engine that reports less
 * is judged on; where a stop or an extra play shows, and its rule.
 */
import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../../reference/index.ts';
import { compareWithExpectations, findDivergences, isUnjudged } from './compare.ts';
import type { Divergence } from './divergence.ts';
import type { Expectations, Fixture, ReplayReply } from '../fixture/fixture.ts';
import { reportingOf } from '../profile/profile.ts';
import { pagatFixture, SWEEPING_EVENTS, SWEEPING_PLAYS, variantRules } from '../test-helpers.ts';

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

const fixtureOf = (expect: Expectations, plays: number[] = [4, 4]): Fixture =>
  pagatFixture(
    'test/two-rounds',
    'two rounds',
    plays.map((count) => ({ decks: [[]], plays: Array.from({ length: count }, (_, i) => PLAYS[i % 4] as (typeof PLAYS)[number]) })),
    expect,
  );

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

describe('past a difference that leaves both sides the same cards, the rest is still judged', () => {
  test('a deal that names another dealer, the same hands and table: the deal, and a capture later in the round', () => {
    const events = withAll([0, { ...(deal(1) as Extract<GameEvent, { type: 'deal' }>), dealer: 0 }], [4, { ...capture, captured: ['7S'] } as GameEvent]);
    expect(brief(found({ events }))).toEqual([
      ['event-mismatch', 1, 0, 0, 'DEAL-DEALER'],
      ['event-mismatch', 1, 3, 4, 'CAP-CHOICE'],
    ]);
  });

  test('a dealer named wrong in every round, and a category scored wrong: each, the category judged as if the deal agreed', () => {
    const events = withAll(
      [0, { ...(deal(1) as Extract<GameEvent, { type: 'deal' }>), dealer: 0 }],
      [8, { ...awards(1)[1], points: [0, 1] } as GameEvent],
      [11, { ...(deal(2) as Extract<GameEvent, { type: 'deal' }>), dealer: 1 }],
    );
    expect(brief(found({ events }))).toEqual([
      ['event-mismatch', 1, 0, 0, 'DEAL-DEALER'],
      ['event-mismatch', 1, 4, 8, 'SCORE-MOST-COINS'],
      ['event-mismatch', 2, 0, 11, 'DEAL-DEALER'],
    ]);
  });

  test('a deal whose hands hold other cards parts the sides: the rest of the round is not judged', () => {
    const dealt = deal(1) as Extract<GameEvent, { type: 'deal' }>;
    const events = withAll([0, { ...dealt, hands: [['10C', '7C', '6S'], ['7H', '9D', '5S']] }], [8, { ...awards(1)[1], points: [0, 1] } as GameEvent]);
    expect(brief(found({ events }))).toEqual([['event-mismatch', 1, 0, 0, 'DEAL-PROCEDURE']]);
  });

  test('the same cards in another order within a hand or a capture move the same cards', () => {
    const dealt = deal(1) as Extract<GameEvent, { type: 'deal' }>;
    const events = withAll([0, { ...dealt, dealer: 0, hands: [['5S', '7C', '10C'], ['7H', '9D', '6S']] }], [8, { ...awards(1)[1], points: [0, 1] } as GameEvent]);
    expect(brief(found({ events })).map((d) => (d as unknown[])[4])).toEqual(['DEAL-DEALER', 'SCORE-MOST-COINS']);
  });
});

describe('what an earlier divergence hides, and the parts of the game left unjudged', () => {
  test('a play that differs hides the categories it changes, each named with it; its round\'s later plays, awards and points are unjudged', () => {
    const events = withAll([4, { ...capture, captured: ['7S'] } as GameEvent], [8, { ...awards(1)[1], points: [0, 1] } as GameEvent]);
    const compared = compareWithExpectations(EXPECTED(), { events }, pagat);
    expect(compared.divergences.map((placed) => placed.divergence.rule)).toEqual(['CAP-CHOICE']);
    expect(compared.hidden.map(({ divergence, after }) => [divergence.rule, after.rule])).toContainEqual(['SCORE-MOST-COINS', 'CAP-CHOICE']);
    const { unjudged } = compared;
    expect(unjudged).toMatchObject({ playsAfter: { 1: { play: 3, eventIndex: 4 } }, awards: [1], sweepAwards: [1], points: [1], totalsFrom: 1, end: true });
    const award = { ...compared.divergences[0]!.divergence, round: 1, play: 4 };
    expect(isUnjudged(unjudged, { divergence: award, phase: 'award' })).toBe(true);
    expect(isUnjudged(unjudged, { divergence: { ...award, round: 2 }, phase: 'award' })).toBe(false);
    expect(isUnjudged(unjudged, { divergence: { ...award, play: 2 }, phase: 'play' })).toBe(false);
    expect(isUnjudged(unjudged, { divergence: { ...award, play: 4 }, phase: 'play' })).toBe(true);
    // The same play, an event of the engine's after the one that parted the sides (a sweep after its capture): not judged.
    expect(isUnjudged(unjudged, { divergence: { ...award, play: 3, eventIndex: 5 }, phase: 'sweep' })).toBe(true);
    expect(isUnjudged(unjudged, { divergence: { ...award, play: 3, eventIndex: 4 }, phase: 'play' })).toBe(false);
    expect(isUnjudged(unjudged, { divergence: { ...award, round: 2 }, phase: 'totals' })).toBe(true);
  });

  test('a reply as expected: nothing hidden, every part judged', () => {
    const compared = compareWithExpectations(EXPECTED(), { events: EVENTS }, pagat);
    expect(compared).toEqual({ divergences: [], hidden: [], unjudged: { playsAfter: {}, awards: [], sweepAwards: [], points: [], end: false } });
  });

  test('a deal that only names another dealer leaves every part judged', () => {
    const events = withAll([0, { ...(deal(1) as Extract<GameEvent, { type: 'deal' }>), dealer: 0 }]);
    const compared = compareWithExpectations(EXPECTED(), { events }, pagat);
    expect(compared.hidden).toEqual([]);
    expect(compared.unjudged).toEqual({ playsAfter: {}, awards: [], sweepAwards: [], points: [], end: false });
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
    expect(found({ events: seat3 }, { ...rounds([{ round: 1, sweeps: [1, 0] }]), players: 4 })).toEqual([
      { kind: 'sweeps-mismatch', round: 1, play: 4, eventIndex: 6, rule: 'SWEEP-POINT', field: 'sweeps', expected: [1, 0], actual: [0, 1] },
    ]);
    // With two players there is no seat 3: its sweep counts for no side, and is wrong whatever the counts.
    expect(found({ events: seat3 }, rounds([{ round: 1, sweeps: [1, 0] }]))).toEqual([
      { kind: 'sweeps-mismatch', round: 1, play: 4, eventIndex: 6, rule: 'SWEEP-POINT', field: 'sweeps', expected: [1, 0], actual: [0, 0] },
    ]);
    expect(found({ events: seat3 }, rounds([{ round: 1, sweeps: [0, 0] }]))).toEqual([
      { kind: 'sweeps-mismatch', round: 1, play: 4, eventIndex: 6, rule: 'SWEEP-POINT', field: 'sweeps', expected: [0, 0], actual: [0, 0] },
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

describe('which finding stands when several are found', () => {
  const coinsTo1 = { ...awards(1)[1], points: [0, 1] } as GameEvent;

  test('a play that differs and the engine stopping after it: the play, the first thing it showed', () => {
    const other = { ...trail, card: '6S' } as GameEvent;
    expect(found({ events: [...EVENTS.slice(0, 3), other] })).toEqual([
      { kind: 'event-mismatch', round: 1, play: 2, eventIndex: 3, expectedIndex: 3, rule: 'PLAY-TURN', expected: trail, actual: other },
    ]);
  });

  test('a play that differs: its round\'s points and totals, the next round\'s totals and the end all follow', () => {
    const events = withAll(
      [4, { ...capture, captured: ['7S'] } as GameEvent],
      [10, { ...roundEnd(1), points: [2, 1], totals: [2, 1] } as GameEvent],
      [21, { ...roundEnd(2), totals: [5, 1] } as GameEvent],
      [22, { ...gameEnd, totals: [5, 1] } as GameEvent],
    );
    expect(brief(found({ events }))).toEqual([['event-mismatch', 1, 3, 4, 'CAP-CHOICE']]);
  });

  test('round 1\'s totals wrong (its points right): round 2\'s totals follow from them', () => {
    const events = withAll([10, { ...roundEnd(1), totals: [4, 0] } as GameEvent], [21, { ...roundEnd(2), totals: [7, 0] } as GameEvent], [22, { ...gameEnd, totals: [7, 0] } as GameEvent]);
    expect(brief(found({ events }))).toEqual([
      ['event-mismatch', 1, 4, 10, null],
      ['round-mismatch', 1, 4, 10, null],
    ]);
  });

  test('round 1\'s round-end missing, shown after the events: round 2\'s totals, shown before it, still follow', () => {
    const events = [...roundOf(1).slice(0, 10), ...at(roundOf(2), 10, { ...roundEnd(2), totals: [7, 0] } as GameEvent)];
    expect(found({ events }, fixtureOf({ rounds: [{ round: 1, points: [3, 0] }, { round: 2, totals: [6, 0] }] }))).toEqual([
      { kind: 'round-mismatch', round: 1, play: 4, eventIndex: 21, field: 'missing', expected: [3, 0], actual: null },
    ]);
  });

  test('a game-end the engine played on from: the end, and the totals of the next round, scored on their own', () => {
    const events = [...roundOf(1), { ...gameEnd, totals: [3, 0] }, ...at(roundOf(2), 10, { ...roundEnd(2), totals: [7, 0] } as GameEvent), gameEnd];
    expect(brief(found({ events }))).toEqual([
      ['event-mismatch', 1, 4, 11, 'END-TARGET'],
      ['event-mismatch', 2, 4, 22, null],
      ['round-mismatch', 2, 4, 22, null],
    ]);
  });

  test('the sweeps award after a sweeps count that differs follows from it; scored wrong on its own, it is found', () => {
    const sweepsAward = rounds1({ sweeps: [2, 0], awards: { sweeps: { points: [2, 0] } } });
    expect(brief(found({ events: EVENTS }, sweepsAward))).toEqual([['sweeps-mismatch', 1, 4, 6, 'SWEEP-POINT']]);
    const pointsOnly = at(EVENTS, 9, { ...awards(1)[2], points: [2, 0] } as GameEvent);
    expect(brief(found({ events: pointsOnly }, fixtureOf({ events: { match: 'all', list: EVENTS } })))).toEqual([['event-mismatch', 1, 4, 9, 'SCORE-SWEEPS']]);
  });

  test('after a round\'s points differed, the next round\'s categories and round-end are still compared, present or missing', () => {
    const fixture = fixtureOf({ rounds: [{ round: 1, points: [2, 0] }, { round: 2, awards: { cards: { counts: [6, 2] }, primiera: { points: [1, 0] } } }] });
    expect(brief(found({ events: EVENTS }, fixture))).toEqual([
      ['round-mismatch', 1, 4, 10, null],
      ['award-mismatch', 2, 4, 18, 'SCORE-MOST-CARDS'],
      ['award-mismatch', 2, 4, 21, 'SCORE-PRIMIERA'],
    ]);
    const noRoundEnd = fixtureOf({ rounds: [{ round: 1, points: [2, 0] }, { round: 2, points: [3, 0] }] });
    expect(brief(found({ events: EVENTS.slice(0, 21) }, noRoundEnd))).toEqual([
      ['round-mismatch', 1, 4, 10, null],
      ['round-mismatch', 2, 4, 21, null],
    ]);
  });

  test('a round-end among the chosen types: its points are the round\'s (the next totals follow), and follow from a category', () => {
    const roundEnds = (first: GameEvent): Expectations['events'] => ({ match: 'types', types: ['round-end'], list: [first, roundEnd(2)] });
    const wrongFirst = { ...roundEnd(1), points: [2, 1], totals: [2, 1] } as GameEvent;
    expect(found({ events: EVENTS }, fixtureOf({ events: roundEnds(wrongFirst), rounds: [{ round: 2, totals: [5, 1] }] }))).toEqual([
      { kind: 'event-mismatch', round: 1, play: 4, eventIndex: 10, expectedIndex: 0, expected: wrongFirst, actual: roundEnd(1) },
    ]);
    const withCoins = fixtureOf({ events: roundEnds(wrongFirst), rounds: [{ round: 1, awards: { coins: { points: [0, 1] } } }] });
    expect(brief(found({ events: EVENTS }, withCoins))).toEqual([['award-mismatch', 1, 4, 8, 'SCORE-MOST-COINS']]);
  });

  test('an award among the chosen types and another category of the round\'s awards: both, each its own', () => {
    const chosen = fixtureOf({
      events: { match: 'types', types: ['award'], list: [awards(1)[0], coinsTo1, awards(1)[2], ...awards(2)] },
      rounds: [{ round: 1, awards: { cards: { counts: [6, 2] } } }],
    });
    expect(brief(found({ events: EVENTS }, chosen))).toEqual([
      ['award-mismatch', 1, 4, 7, 'SCORE-MOST-CARDS'],
      ['event-mismatch', 1, 4, 8, 'SCORE-MOST-COINS'],
    ]);
  });

  test('a round the fixture does not have: about the game\'s length (the end\'s rule), so it follows from a score that differed', () => {
    const oneRound = fixtureOf({ events: { match: 'all', list: [...roundOf(1), gameEnd] } }, [4]);
    // The fixture's game ends after round 1, the engine's after round 2: the round it played on is the end's.
    expect(found({ events: EVENTS }, oneRound)).toEqual([
      { kind: 'extra-event', round: 2, play: 0, eventIndex: 11, expectedIndex: 0, rule: 'END-TARGET', expected: null, actual: deal(2) },
    ]);
    const pointsOff = [...at(roundOf(1), 10, { ...roundEnd(1), points: [4, 0], totals: [4, 0] } as GameEvent), ...roundOf(2), gameEnd];
    expect(brief(found({ events: pointsOff }, oneRound))).toEqual([['event-mismatch', 1, 4, 10, null]]);
  });

  test('a play beyond the fixture\'s rounds follows from a score that differed; one too many in a round it has does not', () => {
    const pointsOff = at(roundOf(1), 10, { ...roundEnd(1), points: [4, 0], totals: [4, 0] } as GameEvent);
    const fixture = (plays: number[]): Fixture => fixtureOf({ rounds: [{ round: 1, points: [3, 0] }] }, plays);
    expect(brief(found({ events: [...pointsOff, deal(2), trail] }, fixture([4])))).toEqual([['round-mismatch', 1, 4, 10, null]]);
    expect(brief(found({ events: [...pointsOff, deal(2), sweepCapture, trail] }, fixture([4, 1])))).toEqual([
      ['round-mismatch', 1, 4, 10, null],
      ['extra-play', 2, 2, 13, 'PLAY-TURN'],
    ]);
  });
});

function rounds1(round: Omit<NonNullable<Expectations['rounds']>[number], 'round'>): Fixture {
  return fixtureOf({ rounds: [{ round: 1, ...round }] });
}

describe('a refusal the engine did not make', () => {
  const refuse = (play: number): Fixture => fixtureOf({ reject: { round: 1, play, code: 'MUST_CAPTURE' } }, [play]);

  test('the engine stopped before the decision: the missing refusal, after its events; the stop follows from it', () => {
    expect(found({ events: EVENTS.slice(0, 4) }, refuse(3))).toEqual([
      { kind: 'not-rejected', round: 1, play: 3, eventIndex: 4, rule: 'CAP-COMPULSION', expected: { round: 1, play: 3, code: 'MUST_CAPTURE' }, actual: null },
    ]);
  });

  test('the engine played the decision and on to the game\'s end: the decision, at its event; the plays after it follow', () => {
    expect(brief(found({ events: EVENTS }, refuse(2)))).toEqual([['not-rejected', 1, 2, 3, 'CAP-COMPULSION']]);
  });

  test('the engine ended the game before the decision: about the game\'s length, the stop and the end that made it', () => {
    expect(found({ events: [...EVENTS.slice(0, 4), { ...gameEnd, reason: 'instant-win' }] }, refuse(3))).toEqual([
      { kind: 'stopped-early', round: 1, play: 3, eventIndex: 4, rule: 'END-INSTANT-WIN', expected: { plays: 3 }, actual: { plays: 2 } },
    ]);
  });

  test('an engine that reports no plays and ended the game before the decision: the refusal never reached, under the end\'s rule', () => {
    const inRoundTwo: Fixture = fixtureOf({ reject: { round: 2, play: 1, code: 'MUST_CAPTURE' } }, [4, 1]);
    expect(found({ events: [roundEnd(1), { ...gameEnd, totals: [3, 0] }] }, inRoundTwo, reportingOf('totals'))).toEqual([
      { kind: 'not-rejected', round: 2, play: 1, eventIndex: 2, rule: 'END-TARGET', expected: { round: 2, play: 1, code: 'MUST_CAPTURE' }, actual: null },
    ]);
  });

  test('no events at all, or the decision the engine\'s first event (it reports no deal)', () => {
    const first = { kind: 'not-rejected', round: 1, play: 1, rule: 'CAP-COMPULSION', expected: { round: 1, play: 1, code: 'MUST_CAPTURE' }, actual: null };
    expect(found({ events: [] }, refuse(1))).toEqual([{ ...first, eventIndex: 0 }]);
    expect(found({ events: [sweepCapture, sweep] }, refuse(1))).toEqual([{ ...first, eventIndex: 0 }]);
  });
});

describe('where and what, in the less common shapes of a reply', () => {
  test('a round with no plays at all: the stop where that round\'s events end, not the next round\'s', () => {
    const trails = [trail, lastTrail];
    expect(found({ events: [deal(1), roundEnd(1), deal(2), ...trails] }, fixtureOf({}, [2, 2]))).toEqual([
      { kind: 'stopped-early', round: 1, play: 1, eventIndex: 2, rule: 'PLAY-TURN', expected: { plays: 2 }, actual: { plays: 0 } },
    ]);
  });

  test('a game the engine ended before the round\'s first play: the end it gave, not the plays it never made', () => {
    expect(found({ events: [deal(1), roundEnd(1), gameEnd] }, fixtureOf({ result: { winner: 1 } }, [2]))).toEqual([
      { kind: 'result-mismatch', round: 1, play: 0, eventIndex: 2, rule: 'END-TARGET', field: 'winner', expected: { winner: 1 }, actual: { reason: 'target', winner: 0, ranking: [0, 1], totals: [6, 0] } },
    ]);
  });

  test('an engine that stops in round 1 and scores the round anyway: the stop; its totals follow', () => {
    const events = [deal(1), sweepCapture, sweep, trail, remainder, ...awards(1), { ...roundEnd(1), totals: [9, 0] } as GameEvent];
    expect(brief(found({ events }, fixtureOf({ rounds: [{ round: 1, totals: [3, 0] }] }, [4])))).toEqual([['stopped-early', 1, 3, 4, 'PLAY-TURN']]);
  });

  test('an event after the last expected: extra, numbered after the last expected', () => {
    expect(found({ events: EVENTS.slice(0, 7) }, fixtureOf({ events: { match: 'all', list: EVENTS.slice(0, 6) } }, [4]))).toEqual([
      { kind: 'extra-event', round: 1, play: 4, eventIndex: 6, expectedIndex: 6, rule: 'SWEEP-REMAINDER', expected: null, actual: remainder },
    ]);
  });

  test('a round-end whose round is no round number, and one with an empty eliminations list (none), among differing events', () => {
    const all = fixtureOf({ events: { match: 'all', list: EVENTS } });
    const roundText = { ...roundEnd(1), round: '1' } as unknown as GameEvent;
    expect(brief(found({ events: at(EVENTS, 10, roundText) }, all))).toEqual([['event-mismatch', 1, 4, 10, null]]);
    const emptyEliminated = withAll([10, { ...roundEnd(1), eliminated: [] } as GameEvent], [19, { ...awards(2)[1], points: [0, 1] } as GameEvent]);
    expect(brief(found({ events: emptyEliminated }, all))).toEqual([['event-mismatch', 2, 4, 19, 'SCORE-MOST-COINS']]);
  });

  test('chosen types the list has none of are still compared; without types, the list\'s types', () => {
    const sweepsAndTrails = fixtureOf({ events: { match: 'types', types: ['sweep', 'trail'], list: [sweep, sweep] } });
    expect(found({ events: EVENTS }, sweepsAndTrails)).toEqual([
      { kind: 'event-mismatch', round: 1, play: 2, eventIndex: 3, expectedIndex: 1, rule: 'SWEEP-POINT', expected: sweep, actual: trail },
    ]);
    const listTypes = fixtureOf({ events: { match: 'types', list: [sweep, sweep, sweep] } as Expectations['events'] });
    expect(brief(found({ events: EVENTS }, listTypes))).toEqual([['missing-event', 2, 4, 23, 'SWEEP-POINT']]);
  });

  test('a side\'s sweeps are every seat of the side\'s (seats 1 and 3 of two sides)', () => {
    const events = withAll([2, { type: 'sweep', seat: 3, points: 1 }], [13, { type: 'sweep', seat: 1, points: 1 }]);
    // A second sweep, seat 1's, after round 1's capture at event 4.
    const both = [...events.slice(0, 5), { type: 'sweep', seat: 1, points: 1 } as GameEvent, ...events.slice(5)];
    expect(found({ events: both }, { ...rounds1({ sweeps: [0, 1] }), players: 4 })).toEqual([
      { kind: 'sweeps-mismatch', round: 1, play: 4, eventIndex: 7, rule: 'SWEEP-POINT', field: 'sweeps', expected: [0, 1], actual: [0, 2] },
    ]);
  });

  test('an engine that reports only scores: its first event, before any play, is compared like any other', () => {
    const scores = reportingOf('totals');
    expect(found({ events: [roundEnd(1)] }, rounds1({ totals: [4, 0] }), scores)).toEqual([
      { kind: 'round-mismatch', round: 1, play: 0, eventIndex: 0, field: 'totals', expected: [4, 0], actual: [3, 0] },
    ]);
    expect(found({ events: [gameEnd] }, fixtureOf({ result: { winner: 1 } }), scores)).toEqual([
      { kind: 'result-mismatch', round: 1, play: 0, eventIndex: 0, rule: 'END-TARGET', field: 'winner', expected: { winner: 1 }, actual: { reason: 'target', winner: 0, ranking: [0, 1], totals: [6, 0] } },
    ]);
    const awardsOnly = reportingOf({ events: ['award'] });
    expect(found({ events: [awards(1)[1]] }, rounds1({ awards: { coins: { points: [0, 1] } } }), awardsOnly)).toEqual([
      { kind: 'award-mismatch', round: 1, play: 0, eventIndex: 0, rule: 'SCORE-MOST-COINS', category: 'coins', field: 'points', expected: { points: [0, 1] }, actual: { counts: [1, 0], points: [1, 0] } },
    ]);
    const sweepsAndEnds = reportingOf({ events: ['sweep', 'round-end'] });
    expect(found({ events: [roundEnd(1)] }, rounds1({ sweeps: [1, 0] }), sweepsAndEnds)).toEqual([
      { kind: 'sweeps-mismatch', round: 1, play: 0, eventIndex: 0, rule: 'SWEEP-POINT', field: 'sweeps', expected: [1, 0], actual: [0, 0] },
    ]);
  });

  test('under counting out, an award present but scored differently is its category\'s, not END-COUNTING-OUT', () => {
    const countingOut = { ...pagat, end: { ...pagat.end, countingOut: true } };
    expect(brief(findDivergences(rounds1({ awards: { cards: { counts: [6, 2] } } }), { events: EVENTS }, countingOut))).toEqual([['award-mismatch', 1, 4, 7, 'SCORE-MOST-CARDS']]);
  });
});
