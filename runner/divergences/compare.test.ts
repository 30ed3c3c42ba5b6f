import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { EVENT_TYPES, type GameEvent } from '../../reference/index.ts';
import { compareReply, findDivergences } from './compare.ts';
import type { Divergence } from './divergence.ts';
import { positionsOf } from '../verdict/positions.ts';
import { sameEvent } from '../verdict/equality.ts';
import { compareLegal } from './legal.ts';
import { formatDivergence } from '../report/divergence.ts';
import { replayOnReference } from '../engines/reference.ts';
import type { Expectations, ExpectedRound, Fixture, ReplayReply } from '../fixture/fixture.ts';
import { pagatFixture, playedFixture, requestFor, SWEEPING_EVENTS, SWEEPING_PLAYS, variantRules } from '../test-helpers.ts';

// A small hand-made pagat round: seat 0 sweeps with a sum, seat 1 trails, and so on; then the round's scoring and
// the end of the game. The events need not be a legal game: the comparison reads them only as data.
const deal: GameEvent = { type: 'deal', round: 1, deal: 1, dealer: 1, hands: [['10C', '7C', '5S'], ['7H', '9D', '6S']], table: ['2D', '3C', '4H', '1S'] };
const { sweepCapture, sweep, trail, capture, lastTrail, remainder } = SWEEPING_EVENTS;
const awards: GameEvent[] = [
  { type: 'award', round: 1, category: 'cards', counts: [7, 1], points: [1, 0] },
  { type: 'award', round: 1, category: 'coins', counts: [1, 0], points: [1, 0] },
  { type: 'award', round: 1, category: 'settebello', counts: [0, 0], points: [0, 0] },
  { type: 'award', round: 1, category: 'primiera', counts: [20, 10], points: [0, 0] },
  { type: 'award', round: 1, category: 'sweeps', counts: [1, 0], points: [1, 0] },
];
const roundEnd: GameEvent = { type: 'round-end', round: 1, points: [3, 0], totals: [3, 0] };
const gameEnd: GameEvent = { type: 'game-end', reason: 'target', winner: 0, ranking: [0, 1], totals: [3, 0] };
const EVENTS: GameEvent[] = [deal, sweepCapture, sweep, trail, capture, lastTrail, remainder, ...awards, roundEnd, gameEnd];

const PLAYS = SWEEPING_PLAYS;

const pagat = variantRules('pagat');

const fixture = (expect: Expectations, plays = PLAYS): Fixture => pagatFixture('test/hand-made', 'hand-made', [{ decks: [[]], plays }], expect);

const allEvents = (list: GameEvent[] = EVENTS): Expectations => ({ events: { match: 'all', list } });
const reply = (events: GameEvent[] = EVENTS, rest: Partial<ReplayReply> = {}): ReplayReply => ({ events, ...rest });
/** The events with the one at `index` replaced (or removed when `by` is undefined). */
const replaced = (index: number, by?: GameEvent, list = EVENTS): GameEvent[] =>
  by === undefined ? list.filter((_, i) => i !== index) : list.map((event, i) => (i === index ? by : event));
const inserted = (index: number, event: GameEvent, list = EVENTS): GameEvent[] => [...list.slice(0, index), event, ...list.slice(index)];

test('positions: plays counted within the round, later events belong to the play before them', () => {
  expect(positionsOf(EVENTS).map(({ round, play }) => `${round}.${play}`)).toEqual([
    '1.0', '1.1', '1.1', '1.2', '1.3', '1.4', '1.4', '1.4', '1.4', '1.4', '1.4', '1.4', '1.4', '1.4',
  ]);
});

test('a reply that meets every expectation: no divergence', () => {
  const expectations: Expectations = {
    ...allEvents(),
    rounds: [{ round: 1, awards: { cards: { counts: [7, 1], points: [1, 0] }, primiera: { points: [0, 0] } }, points: [3, 0], totals: [3, 0], sweeps: [1, 0] }],
    result: { reason: 'target', winner: 0, ranking: [0, 1], totals: [3, 0] },
  };
  expect(compareReply(fixture(expectations), reply(), pagat)).toBeNull();
});

test('fields outside the event vocabulary are not compared; an absent round-end.eliminated reads as empty', () => {
  const tagged = EVENTS.map((event) => ({ ...event, tag: 'X' }) as unknown as GameEvent);
  expect(compareReply(fixture(allEvents()), reply(tagged), pagat)).toBeNull();
  expect(sameEvent(roundEnd, { ...roundEnd, eliminated: [] } as GameEvent)).toBe(true);
  expect(sameEvent(roundEnd, { ...roundEnd, eliminated: [1] } as GameEvent)).toBe(false);
});

type Case = [name: string, fixture: Fixture, reply: ReplayReply, expected: Partial<Divergence>];

const CASES: Case[] = [
  // Events, all of them.
  [
    'event-mismatch: another capture (CAP-CHOICE)',
    fixture(allEvents()),
    reply(replaced(4, { type: 'capture', seat: 0, card: '7C', captured: ['7S'] })),
    { kind: 'event-mismatch', round: 1, play: 3, eventIndex: 4, rule: 'CAP-CHOICE', expected: capture },
  ],
  [
    'event-mismatch: a trail for a capture (CAP-CHOICE)',
    fixture(allEvents()),
    reply(replaced(4, { type: 'trail', seat: 0, card: '7C' })),
    { kind: 'event-mismatch', play: 3, eventIndex: 4, rule: 'CAP-CHOICE' },
  ],
  [
    'event-mismatch: another seat plays (PLAY-TURN)',
    fixture(allEvents()),
    reply(replaced(3, { type: 'trail', seat: 0, card: '7H' })),
    { kind: 'event-mismatch', play: 2, eventIndex: 3, rule: 'PLAY-TURN' },
  ],
  [
    'missing-event: no sweep after the capture that empties the table (SWEEP-POINT)',
    fixture(allEvents()),
    reply(replaced(2)),
    { kind: 'missing-event', round: 1, play: 1, eventIndex: 2, rule: 'SWEEP-POINT', expected: sweep, actual: null },
  ],
  [
    'missing-event: the second of two sweeps, placed after its own play, not after the first sweep (SWEEP-POINT)',
    fixture(allEvents(inserted(5, sweep))),
    reply(),
    { kind: 'missing-event', round: 1, play: 3, eventIndex: 5, expectedIndex: 5, rule: 'SWEEP-POINT', expected: sweep, actual: null },
  ],
  [
    'extra sweep on the last play (SWEEP-LAST-PLAY)',
    fixture(allEvents()),
    reply(inserted(6, { type: 'sweep', seat: 1, points: 1 })),
    { kind: 'extra-event', play: 4, eventIndex: 6, rule: 'SWEEP-LAST-PLAY', expected: null, actual: { type: 'sweep', seat: 1, points: 1 } },
  ],
  [
    'missing-event: the reply ends before the game-end (END-TARGET)',
    fixture(allEvents()),
    reply(EVENTS.slice(0, -1)),
    { kind: 'missing-event', round: 1, play: 4, eventIndex: EVENTS.length - 1, rule: 'END-TARGET', actual: null },
  ],
  [
    'missing-event: an award missing, where the engine\'s awards end',
    fixture(allEvents()),
    reply(replaced(7)),
    { kind: 'missing-event', round: 1, play: 4, eventIndex: 11, expectedIndex: 7, rule: 'SCORE-MOST-CARDS', expected: awards[0], actual: null },
  ],
  [
    'extra-event: after the last expected (SWEEP-REMAINDER)',
    fixture(allEvents(EVENTS.slice(0, 6))),
    reply(EVENTS.slice(0, 7)),
    { kind: 'extra-event', eventIndex: 6, rule: 'SWEEP-REMAINDER', expected: null, actual: remainder },
  ],
  [
    'deal: another dealer (DEAL-DEALER), before the first play',
    fixture(allEvents()),
    reply(replaced(0, { ...deal, dealer: 0 } as GameEvent)),
    { kind: 'event-mismatch', round: 1, play: 0, eventIndex: 0, rule: 'DEAL-DEALER' },
  ],
  [
    'deal: the same table in another order (DEAL-TABLE-ORDER)',
    fixture(allEvents()),
    reply(replaced(0, { ...deal, table: ['1S', '2D', '3C', '4H'] } as GameEvent)),
    { kind: 'event-mismatch', play: 0, rule: 'DEAL-TABLE-ORDER' },
  ],
  [
    'deal: other hands (DEAL-PROCEDURE)',
    fixture(allEvents()),
    reply(replaced(0, { ...deal, hands: [['7H', '9D', '6S'], ['10C', '7C', '5S']] } as GameEvent)),
    { kind: 'event-mismatch', play: 0, rule: 'DEAL-PROCEDURE' },
  ],
  [
    'a redeal where the deal stands (TABLE-REDEAL-KINGS)',
    fixture(allEvents()),
    reply(inserted(0, { type: 'redeal', round: 1, rule: 'TABLE-REDEAL-KINGS', table: ['10D', '10H', '10S', '1D'] })),
    { kind: 'event-mismatch', play: 0, eventIndex: 0, rule: 'TABLE-REDEAL-KINGS' },
  ],
  [
    'award event: points differ on tied counts (SCORE-TIES)',
    fixture(allEvents(replaced(10, { ...awards[3], counts: [20, 20] } as GameEvent))),
    reply(replaced(10, { ...awards[3], counts: [20, 20], points: [1, 0] } as GameEvent)),
    { kind: 'event-mismatch', eventIndex: 10, rule: 'SCORE-TIES' },
  ],
  [
    'game-end: another winner (END-TARGET)',
    fixture(allEvents()),
    reply(replaced(13, { ...gameEnd, winner: 1, ranking: [1, 0] } as GameEvent)),
    { kind: 'event-mismatch', eventIndex: 13, rule: 'END-TARGET' },
  ],
  [
    'game-end: same winner, another ranking (END-RANKING)',
    fixture(allEvents()),
    reply(replaced(13, { ...gameEnd, ranking: [1, 0] } as GameEvent)),
    { kind: 'event-mismatch', rule: 'END-RANKING' },
  ],
  [
    'a game-end where the game goes on (END-INSTANT-WIN)',
    fixture(allEvents()),
    reply(inserted(3, { ...gameEnd, reason: 'instant-win' } as GameEvent)),
    { kind: 'event-mismatch', play: 1, eventIndex: 3, rule: 'END-INSTANT-WIN' },
  ],

  // Events of some types.
  [
    'types: the second capture differs; its index is the engine\'s',
    fixture({ events: { match: 'types', types: ['capture'], list: [sweepCapture, { ...capture, captured: ['7S'] } as GameEvent] } }),
    reply(),
    { kind: 'event-mismatch', round: 1, play: 3, eventIndex: 4, expectedIndex: 1, actual: capture },
  ],
  [
    'types: an expected sweep the engine did not make (SWEEP-POINT)',
    fixture({ events: { match: 'types', types: ['sweep'], list: [sweep, { ...sweep }] } }),
    reply(),
    { kind: 'missing-event', eventIndex: EVENTS.length, expectedIndex: 1, rule: 'SWEEP-POINT', actual: null },
  ],

  // Refusals.
  [
    'unexpected-rejection: the engine refused a legal play (CAP-SUM)',
    fixture(allEvents()),
    reply(EVENTS.slice(0, 1), { rejection: { round: 1, play: 1, code: 'CAPTURE_WRONG_SUM', message: 'no' } }),
    { kind: 'unexpected-rejection', round: 1, play: 1, eventIndex: 1, rule: 'CAP-SUM', expected: null },
  ],
  [
    'unexpected-rejection: earlier than the one expected',
    fixture({ reject: { round: 1, play: 3, code: 'MUST_CAPTURE' } }),
    reply(EVENTS.slice(0, 1), { rejection: { round: 1, play: 1, code: 'CARD_NOT_IN_HAND' } }),
    { kind: 'unexpected-rejection', play: 1, rule: 'PLAY-TURN', expected: { round: 1, play: 3, code: 'MUST_CAPTURE' } },
  ],
  [
    'wrong-rejection: refused with another code (the expected code\'s rule)',
    fixture({ reject: { round: 1, play: 2, code: 'MUST_CAPTURE' } }),
    reply(EVENTS.slice(0, 3), { rejection: { round: 1, play: 2, code: 'CARD_NOT_IN_HAND' } }),
    { kind: 'wrong-rejection', round: 1, play: 2, eventIndex: 3, rule: 'CAP-COMPULSION' },
  ],
  [
    'not-rejected: the engine played the decision it must refuse; shown at its event',
    fixture({ reject: { round: 1, play: 2, code: 'MUST_CAPTURE' } }, PLAYS.slice(0, 2)),
    reply(EVENTS.slice(0, 4)),
    { kind: 'not-rejected', round: 1, play: 2, eventIndex: 3, rule: 'CAP-COMPULSION', actual: null },
  ],
  [
    'not-rejected: the engine refused a later play instead',
    fixture({ reject: { round: 1, play: 2, code: 'MUST_CAPTURE' } }),
    reply(EVENTS.slice(0, 4), { rejection: { round: 1, play: 3, code: 'MUST_CAPTURE' } }),
    { kind: 'not-rejected', play: 2, eventIndex: 3 },
  ],

  // Plays covered by the reply.
  [
    'stopped-early: no refusal, two plays of four',
    fixture({}),
    reply(EVENTS.slice(0, 4)),
    { kind: 'stopped-early', round: 1, play: 3, eventIndex: 4, rule: 'PLAY-TURN', expected: { plays: 4 }, actual: { plays: 2 } },
  ],
  [
    'stopped-early beats the missing event at the same place',
    fixture(allEvents()),
    reply(EVENTS.slice(0, 4)),
    { kind: 'stopped-early', eventIndex: 4 },
  ],
  [
    'stopped-early: the engine ended the round after two plays',
    fixture({}),
    reply([...EVENTS.slice(0, 4), remainder, ...awards, roundEnd]),
    { kind: 'stopped-early', play: 3, eventIndex: 4 },
  ],
  [
    'extra-play: a play nobody made',
    fixture({}, PLAYS.slice(0, 3)),
    reply(),
    { kind: 'extra-play', round: 1, play: 4, eventIndex: 5, expected: { plays: 3 }, actual: { plays: 4 } },
  ],
  [
    'stopped-early: the engine ended the game (END-INSTANT-WIN)',
    fixture({}),
    reply([...EVENTS.slice(0, 3), { ...gameEnd, reason: 'instant-win' } as GameEvent]),
    { kind: 'stopped-early', play: 2, eventIndex: 3, rule: 'END-INSTANT-WIN' },
  ],

  // Round scores.
  [
    'award-mismatch: counts (SCORE-MOST-CARDS)',
    fixture({ rounds: [{ round: 1, awards: { cards: { counts: [6, 2] } } }] }),
    reply(),
    { kind: 'award-mismatch', round: 1, play: 4, eventIndex: 7, category: 'cards', field: 'counts', rule: 'SCORE-MOST-CARDS' },
  ],
  [
    'award-mismatch: points (SCORE-PRIMIERA)',
    fixture({ rounds: [{ round: 1, awards: { primiera: { points: [1, 0] } } }] }),
    reply(),
    { kind: 'award-mismatch', eventIndex: 10, category: 'primiera', field: 'points', rule: 'SCORE-PRIMIERA', actual: { counts: [20, 10], points: [0, 0] } },
  ],
  [
    'award-mismatch: tied counts, points differ (SCORE-TIES)',
    fixture({ rounds: [{ round: 1, awards: { settebello: { points: [1, 0] } } }] }),
    reply(replaced(9, { ...awards[2], counts: [1, 1] } as GameEvent)),
    { kind: 'award-mismatch', category: 'settebello', rule: 'SCORE-TIES' },
  ],
  [
    'award-mismatch: the engine made no award for the category; shown at the round-end',
    fixture({ rounds: [{ round: 1, awards: { sweeps: { points: [1, 0] } } }] }),
    reply(replaced(11)),
    { kind: 'award-mismatch', eventIndex: 11, category: 'sweeps', field: 'missing', rule: 'SCORE-SWEEPS', actual: null },
  ],
  [
    'sweeps-mismatch: counted from the sweep events, shown at the remainder (SWEEP-POINT)',
    fixture({ rounds: [{ round: 1, sweeps: [2, 0] }] }),
    reply(),
    { kind: 'sweeps-mismatch', round: 1, play: 4, eventIndex: 6, field: 'sweeps', rule: 'SWEEP-POINT', expected: [2, 0], actual: [1, 0] },
  ],
  [
    'sweeps-mismatch: a sweep on a last play that emptied the table (SWEEP-LAST-PLAY)',
    fixture({ rounds: [{ round: 1, sweeps: [1, 0] }] }),
    reply([...EVENTS.slice(0, 5), { type: 'capture', seat: 1, card: '9D', captured: ['9H'] }, { type: 'sweep', seat: 1, points: 1 }, { type: 'remainder', seat: 1, cards: [] }, ...awards, roundEnd]),
    { kind: 'sweeps-mismatch', eventIndex: 7, rule: 'SWEEP-LAST-PLAY', actual: [1, 1] },
  ],
  [
    'sweeps-mismatch: a last play that captured but left cards on the table made no sweep (SWEEP-POINT)',
    fixture({ rounds: [{ round: 1, sweeps: [1, 1] }] }),
    reply([...EVENTS.slice(0, 5), { type: 'capture', seat: 1, card: '9D', captured: ['9H'] }, { type: 'remainder', seat: 1, cards: ['5S'] }, ...awards, roundEnd]),
    { kind: 'sweeps-mismatch', eventIndex: 6, rule: 'SWEEP-POINT', expected: [1, 1], actual: [1, 0] },
  ],
  [
    'round-mismatch: points, at the round-end',
    fixture({ rounds: [{ round: 1, points: [2, 0], totals: [3, 0] }] }),
    reply(),
    { kind: 'round-mismatch', eventIndex: 12, field: 'points', expected: [2, 0], actual: [3, 0] },
  ],
  [
    'round-mismatch: no round-end',
    fixture({ rounds: [{ round: 1, totals: [3, 0] }] }),
    reply(replaced(12)),
    { kind: 'round-mismatch', field: 'missing', actual: null },
  ],

  // The result.
  [
    'result-mismatch: the winner (END-TARGET)',
    fixture({ result: { winner: 1 } }),
    reply(),
    { kind: 'result-mismatch', eventIndex: 13, field: 'winner', rule: 'END-TARGET' },
  ],
  [
    'result-mismatch: a tie at the top that pagat plays on (END-EXACT-TIE)',
    fixture({ result: { winner: null, totals: [11, 11] } }),
    reply(replaced(13, { ...gameEnd, totals: [11, 11] } as GameEvent)),
    { kind: 'result-mismatch', field: 'winner', rule: 'END-EXACT-TIE' },
  ],
  [
    'result-mismatch: the reason (END-COUNTING-OUT)',
    fixture({ result: { reason: 'counting-out', winner: 0 } }),
    reply(),
    { kind: 'result-mismatch', field: 'reason', rule: 'END-COUNTING-OUT' },
  ],
  [
    'result-mismatch: the ranking, where the winner and totals agree',
    fixture({ result: { winner: 0, totals: [3, 0], ranking: [0, 1] } }),
    reply(replaced(EVENTS.length - 1, { ...gameEnd, ranking: [1, 0] } as GameEvent)),
    { kind: 'result-mismatch', field: 'ranking', eventIndex: EVENTS.length - 1, expected: { winner: 0, totals: [3, 0], ranking: [0, 1] } },
  ],
  [
    'result-mismatch: the totals',
    fixture({ result: { winner: 0, totals: [3, 0] } }),
    reply(replaced(EVENTS.length - 1, { ...gameEnd, totals: [3, 1] } as GameEvent)),
    { kind: 'result-mismatch', field: 'totals', eventIndex: EVENTS.length - 1 },
  ],
  [
    'result-mismatch: the game did not end',
    fixture({ result: { winner: 0 } }),
    reply(EVENTS.slice(0, -1)),
    { kind: 'result-mismatch', field: 'missing', eventIndex: EVENTS.length - 1, actual: null },
  ],

  // Which comes first.
  [
    'first: an event early in the stream before a wrong award later',
    fixture({ ...allEvents(replaced(3, { type: 'trail', seat: 1, card: '6S' })), rounds: [{ round: 1, awards: { cards: { counts: [0, 0] } } }] }),
    reply(),
    { kind: 'event-mismatch', eventIndex: 3 },
  ],
  [
    'first: the sweeps (at the remainder) before the sweeps award, before the round-end',
    fixture({ rounds: [{ round: 1, sweeps: [0, 0], awards: { sweeps: { counts: [0, 0] } }, points: [0, 0] }] }),
    reply(),
    { kind: 'sweeps-mismatch', eventIndex: 6 },
  ],
  [
    'first: a refusal before the events that are missing because of it',
    fixture({ ...allEvents(), result: { winner: 0 } }),
    reply(EVENTS.slice(0, 3), { rejection: { round: 1, play: 2, code: 'NOT_YOUR_TURN' } }),
    { kind: 'unexpected-rejection', eventIndex: 3, rule: 'PLAY-TURN' },
  ],
];

describe('compareReply', () => {
  test.each(CASES)('%s', (_, given, answer, expected) => {
    const divergence = compareReply(given, answer, pagat);
    expect(divergence).not.toBeNull();
    expect(divergence).toMatchObject(expected);
  });
});

describe('rule ids that depend on the variant', () => {
  test('CAP-AUTO where capture is automatic (playpalace)', () => {
    const playpalace = variantRules('playpalace');
    const divergence = compareReply(fixture(allEvents()), reply(replaced(4, { ...capture, captured: ['7S'] } as GameEvent)), playpalace);
    expect(divergence?.rule).toBe('CAP-AUTO');
  });

  test('CAPTURE_WRONG_SUM cites CAP-FIFTEEN in fifteen mode (escoba)', () => {
    const escoba = variantRules('escoba');
    const divergence = compareReply(fixture({}), reply([deal], { rejection: { round: 1, play: 1, code: 'CAPTURE_WRONG_SUM' } }), escoba);
    expect(divergence?.rule).toBe('CAP-FIFTEEN');
  });

  test('a missing award under counting out cites END-COUNTING-OUT (denexa)', () => {
    const denexa = variantRules('denexa');
    const divergence = compareReply(fixture({ rounds: [{ round: 1, awards: { sweeps: { points: [1, 0] } } }] }), reply(replaced(11)), denexa);
    expect(divergence).toMatchObject({ kind: 'award-mismatch', field: 'missing', rule: 'END-COUNTING-OUT' });
  });

  test('a sweep after a table bonus cites TABLE-BONUS-FIFTEEN (escoba)', () => {
    const escoba = variantRules('escoba');
    const bonus: GameEvent = { type: 'table-bonus', round: 1, seat: 1, cards: ['5D', '10C'], sweeps: 1 };
    const expected = [deal, bonus, { type: 'sweep', seat: 1, points: 1 } as GameEvent];
    const divergence = compareReply(fixture(allEvents(expected), []), reply([deal, bonus]), escoba);
    expect(divergence).toMatchObject({ kind: 'missing-event', play: 0, rule: 'TABLE-BONUS-FIFTEEN' });
    const otherBonus = { ...bonus, cards: ['5D', '10S'] } as GameEvent;
    expect(compareReply(fixture(allEvents(expected), []), reply([deal, otherBonus, expected[2] as GameEvent]), escoba)).toMatchObject({
      kind: 'event-mismatch',
      play: 0,
      eventIndex: 1,
      rule: 'TABLE-BONUS-FIFTEEN',
      expected: bonus,
      actual: otherBonus,
    });
  });

  test('a table bonus the engine left out, and the refusal it led to at the same place: the missing bonus is the finding, the refusal follows from it', () => {
    const escoba = variantRules('escoba');
    const bonus: GameEvent = { type: 'table-bonus', round: 1, seat: 1, cards: ['2D', '3C', '4H', '1S'], sweeps: 1 };
    const trail: GameEvent = { type: 'trail', seat: 0, card: '10C' };
    const expected = [deal, bonus, { type: 'sweep', seat: 1, points: 1 } as GameEvent, trail];
    const found = findDivergences(fixture(allEvents(expected), [{ card: '10C' }]), reply([deal], { rejection: { round: 1, play: 1, code: 'MUST_CAPTURE' } }), escoba);
    expect(found.map((divergence) => [divergence.kind, divergence.rule])).toEqual([['missing-event', 'TABLE-BONUS-FIFTEEN']]);
  });
});

describe('an engine may answer anything in its events', () => {
  const anyValue = fc.oneof(
    fc.integer({ min: -2, max: 40 }),
    fc.constantFrom('7D', '10S', 'x', ''),
    fc.constant(null),
    fc.array(fc.oneof(fc.constantFrom('7D', '1H'), fc.integer({ min: 0, max: 3 })), { maxLength: 3 }),
    fc.array(fc.array(fc.constantFrom('7D', '1H'), { maxLength: 2 }), { maxLength: 2 }),
  );
  const anyEvent = fc
    .tuple(fc.constantFrom(...EVENT_TYPES), fc.dictionary(fc.constantFrom('round', 'deal', 'dealer', 'hands', 'table', 'seat', 'card', 'captured', 'cards', 'sweeps', 'points', 'category', 'counts', 'totals', 'ranking', 'winner', 'reason', 'rule', 'eliminated'), anyValue))
    .map(([type, fields]) => ({ ...fields, type }) as unknown as GameEvent);
  const pick = fc.array(fc.oneof(fc.constantFrom(...EVENTS), anyEvent), { maxLength: 20 });

  test('the comparison and the report never throw; they name a divergence or none', () => {
    const expectations = fixture({
      ...allEvents(),
      rounds: [{ round: 1, awards: { cards: { counts: [7, 1], points: [1, 0] }, primiera: { points: [0, 0] } }, points: [3, 0], sweeps: [1, 0] }],
      result: { winner: 0, totals: [3, 0] },
    });
    fc.assert(
      fc.property(pick, (events) => {
        const answer = reply(events);
        const divergence = compareReply(expectations, answer, pagat);
        // Every event is expected: no divergence only where the stream is the expected one, event for event.
        const agrees = events.length === EVENTS.length && events.every((event, i) => sameEvent(event, EVENTS[i] as GameEvent));
        expect(divergence === null).toBe(agrees);
        if (divergence === null) return;
        const text = formatDivergence(divergence, { fixture: expectations, file: 'f.yaml', rules: pagat, reply: answer, repro: 'repro' });
        const lines = text.split('\n');
        expect(lines[0]).toMatch(/^fixture: +test\/hand-made \(f\.yaml\)$/);
        expect(lines.find((line) => line.startsWith('what:'))).toMatch(new RegExp(`^what: +\\S.* \\[${divergence.kind}\\]$`));
        // Where, in the engine's own numbers when it reports odd ones (a round -1).
        expect(lines.find((line) => line.startsWith('where:'))).toMatch(/^where: +(round \S+|the end of the game)/);
        expect(lines.at(-1)).toMatch(/^reproduce: +repro$/);
      }),
      { numRuns: 500 },
    );
  });
});

describe('compareLegal: legal decisions as a set', () => {
  const pagat = variantRules('pagat');
  const position = { round: 1, play: 2, decisions: [{ card: '7D', capture: ['3C', '4S'] }, { card: '7D', capture: ['7H'] }, { card: '2S' }] };

  test('order, capture order and repeated decisions do not matter', () => {
    const listed = [{ card: '2S' }, { card: '7D', capture: ['7H'] }, { card: '7D', capture: ['4S', '3C'] }, { card: '2S', capture: [] }];
    expect(compareLegal(position, listed, pagat, 5)).toBeNull();
  });

  test('what the engine leaves out and what it adds, once each; a trail difference is CAP-COMPULSION', () => {
    const listed = [{ card: '7D', capture: ['7H'] }, { card: '7D', capture: ['7H'] }, { card: '7D', capture: ['3C', '4S'] }, { card: '2S', capture: ['2H'] }, { card: '2S', capture: ['2H'] }];
    expect(compareLegal(position, listed, pagat, 5)).toMatchObject({
      kind: 'legal-mismatch',
      round: 1,
      play: 2,
      eventIndex: 5,
      rule: 'CAP-COMPULSION',
      missing: [{ card: '2S' }],
      extra: [{ card: '2S', capture: ['2H'] }],
    });
  });

  test('a capture difference is CAP-CHOICE, or CAP-AUTO where capture is automatic', () => {
    const listed = [{ card: '7D', capture: ['7H'] }, { card: '2S' }];
    expect(compareLegal(position, listed, pagat, 0)?.rule).toBe('CAP-CHOICE');
    expect(compareLegal(position, listed, variantRules('playpalace'), 0)?.rule).toBe('CAP-AUTO');
  });
});

describe('the rule of a sweeps count that differs by the sweep of the last play', () => {
  /** A pagat game on the reference whose first round ends with a capture that empties the table. */
  function emptiedByTheLastPlay(): { fixture: Fixture; reply: ReplayReply; side: number } {
    for (let seed = 1; seed < 500; seed++) {
      const { fixture } = playedFixture('pagat', { seed, rounds: 1 });
      const reply = replayOnReference(requestFor(fixture, pagat));
      const remainder = reply.events.findIndex((event) => event.type === 'remainder');
      const last = reply.events.slice(0, remainder).findLast((event) => event.type === 'capture' || event.type === 'trail');
      const cards = (reply.events[remainder] as Extract<GameEvent, { type: 'remainder' }>).cards;
      if (last?.type === 'capture' && cards.length === 0) return { fixture, reply, side: last.seat % 2 };
    }
    throw new Error('no such game in 500 seeds');
  }

  test('a fixture that counts it (a recorded system did) against an engine that does not: SWEEP-LAST-PLAY', () => {
    const { fixture, reply, side } = emptiedByTheLastPlay();
    const round = fixture.expect.rounds?.[0] as ExpectedRound;
    const sweeps = (round.sweeps ?? [0, 0]).map((count, s) => (s === side ? count + 1 : count));
    const recorded: Fixture = { ...fixture, expect: { rounds: [{ round: 1, sweeps }] } };
    expect(compareReply(recorded, reply, pagat)).toMatchObject({ kind: 'sweeps-mismatch', rule: 'SWEEP-LAST-PLAY' });
  });

  test.each([
    ['a count off elsewhere in the round', (count: number, mine: boolean) => (mine ? count : count + 2)],
    ['a count off by the last play\'s sweep and elsewhere too', (count: number) => count + 1],
  ])('%s: SWEEP-POINT', (_, change) => {
    const { fixture, reply, side } = emptiedByTheLastPlay();
    const round = fixture.expect.rounds?.[0] as ExpectedRound;
    const sweeps = (round.sweeps ?? [0, 0]).map((count, s) => change(count, s === side));
    const off: Fixture = { ...fixture, expect: { rounds: [{ round: 1, sweeps }] } };
    expect(compareReply(off, reply, pagat)).toMatchObject({ kind: 'sweeps-mismatch', rule: 'SWEEP-POINT' });
  });
});

test('a refusal expected after the engine ended the game follows from the score that ended it: one finding', () => {
  // The engine gives a coins point nobody earned (round 1), which ends its game; the fixture expects the game to
  // go on and a refusal in round 2. The missing refusal is about the game's length, not a refusal bug.
  const coins = { type: 'award', round: 1, category: 'coins', counts: [1, 0], points: [1, 0] } as GameEvent;
  const expectedEvents = replaced(EVENTS.indexOf(awards[1] as GameEvent), { ...coins, points: [0, 0] } as GameEvent).slice(0, -1);
  const given = fixture({ events: { match: 'all', list: expectedEvents }, reject: { round: 2, play: 1, code: 'MUST_CAPTURE' } });
  const found = findDivergences(given, reply(), pagat);
  expect(found.map((divergence) => [divergence.kind, divergence.rule])).toEqual([['event-mismatch', 'SCORE-MOST-COINS']]);
});
