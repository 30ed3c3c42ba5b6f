/**
 * The verdict fails exactly when the streams differ: for real games of several variants and random edits of the
 * engine's stream (an event inserted, deleted, duplicated, moved across a round or the game's end, two swapped,
 * a field changed), at `match: all` and `match: types`, with and without what a profile leaves out. The oracle
 * is written apart from the verdict: each stream reduced to the compared types and reported fields, as JSON
 * text; and, where the engine reports both captures and trails, its plays in each round (INTERPRETING.md: the
 * plays are counted whatever `match` says; a claim counts as one where the engine reports claims). Where the verdict fails, the diagnosis names at least one
 * divergence, and never a gap of its own.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { EVENT_TYPES, type EventType, type GameEvent } from '../../reference/index.ts';
import { diagnoseFailure } from '../divergences/diagnose.ts';
import type { Expectations, Fixture, ReplayReply } from '../fixture/fixture.ts';
import { FULL_REPORTING, type Reporting, type ReportingLevel, reportingOf } from '../profile/profile.ts';
import type { Engine } from '../engines/engine.ts';
import { legalOnReference, replayOnReference } from '../engines/reference.ts';
import { replayRequestOf, requestBefore } from '../fixture/fixture.ts';
import { runFixture } from '../run/replay.ts';
import { playedFixture, runItemOf } from '../test-helpers.ts';
import { canonicalEvent, EVENT_FIELDS } from './equality.ts';
import { positionsOf } from './positions.ts';
import { judgeLegal, judgeReply } from './verdict.ts';

/** Whole games of variants that between them emit every event type: redeals, table bonuses, teams, eliminations, claims. */
const GAMES = [
  playedFixture('pagat', { seed: 3 }),
  playedFixture('escoba', { seed: 5, firstDealer: 0 }),
  playedFixture('scopone-scientifico', { seed: 2, players: 4 }),
  playedFixture('playpalace', { seed: 7, options: { inverse: true, target: 11 }, players: 3 }),
  playedFixture('pagat', { seed: 9, rounds: 2, plays: 5 }),
  playedFixture('escoba-vipgames', { seed: 9, firstDealer: 1 }),
];

/**
 * The oracle's plays, where the engine reports both captures and trails: how many each round has, a round told
 * from the next by its deal or its round-end (`positionsOf`), or in all where the engine reports neither.
 */
function playsPerRound(events: readonly GameEvent[], reporting: Reporting): string {
  const kept = events.filter((event) => reporting.types.has(event.type));
  const byRound = reporting.types.has('deal') || reporting.types.has('round-end');
  const positions = positionsOf(kept);
  const counts: Record<number, number> = {};
  kept.forEach((event, i) => {
    if (event.type !== 'capture' && event.type !== 'trail' && event.type !== 'claim') return;
    const round = byRound ? (positions[i] as { round: number }).round : 1;
    counts[round] = (counts[round] ?? 0) + 1;
  });
  return JSON.stringify(counts);
}

/** The fixture's plays, counted as `playsPerRound` counts an engine's. */
function fixturePlays(fixture: Fixture, reporting: Reporting): string {
  const byRound = reporting.types.has('deal') || reporting.types.has('round-end');
  const counts: Record<number, number> = {};
  fixture.rounds.forEach((round, i) => {
    const key = byRound ? i + 1 : 1;
    const counted = round.plays.filter((decision) => reporting.types.has('claim') || !('claim' in decision)).length;
    if (counted > 0) counts[key] = (counts[key] ?? 0) + counted;
  });
  return JSON.stringify(counts);
}

/**
 * The oracle: the events of the compared types, each with its type and the reported fields of its vocabulary, as
 * text. A type the protocol does not have is never one the engine leaves unreported: at `match: all` it is an extra event.
 */
function reduced(events: readonly GameEvent[], reporting: Reporting, chosen: ReadonlySet<string> | undefined): string {
  const known = new Set<string>(EVENT_TYPES);
  return JSON.stringify(
    events
      .filter((event) => (reporting.types.has(event.type) || !known.has(event.type)) && (chosen === undefined || chosen.has(event.type)))
      .map((event) => {
        const canonical = canonicalEvent(event);
        for (const field of reporting.omitted.get(event.type) ?? []) delete canonical[field];
        for (const field of reporting.unordered.get(event.type) ?? []) {
          const value = canonical[field];
          if (Array.isArray(value)) canonical[field] = value.map((item) => JSON.stringify(item)).sort();
        }
        return canonical;
      }),
  );
}

const anyValue = fc.oneof(
  fc.integer({ min: -1, max: 12 }),
  fc.constantFrom('7D', '1H', 'target', 'x'),
  fc.constant(null),
  fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }),
  fc.array(fc.constantFrom('7D', '1H', '10S'), { maxLength: 3 }),
);

type Edit =
  | { kind: 'insert'; at: number; from: number }
  | { kind: 'delete'; at: number }
  | { kind: 'duplicate'; at: number }
  | { kind: 'swap'; at: number; with: number }
  | { kind: 'move'; at: number; to: number }
  | { kind: 'field'; at: number; field: string; value: unknown }
  | { kind: 'reorder-captured'; at: number; by: number };

const FIELD_NAMES = [...new Set(Object.values(EVENT_FIELDS).flat()), 'type', 'note'];

const anEdit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), from: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('swap' as const), at: fc.nat(), with: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), at: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('field' as const), at: fc.nat(), field: fc.constantFrom(...FIELD_NAMES), value: anyValue }),
  fc.record({ kind: fc.constant('reorder-captured' as const), at: fc.nat(), by: fc.integer({ min: 1, max: 3 }) }),
);

function applyEdit(events: GameEvent[], edit: Edit): GameEvent[] {
  const next = [...events];
  if (next.length === 0) return next;
  const at = edit.at % next.length;
  switch (edit.kind) {
    case 'insert':
      next.splice(at, 0, structuredClone(next[edit.from % next.length] as GameEvent));
      break;
    case 'delete':
      next.splice(at, 1);
      break;
    case 'duplicate':
      next.splice(at + 1, 0, structuredClone(next[at] as GameEvent));
      break;
    case 'swap': {
      const other = edit.with % next.length;
      [next[at], next[other]] = [next[other] as GameEvent, next[at] as GameEvent];
      break;
    }
    case 'move': {
      const [moved] = next.splice(at, 1);
      next.splice(edit.to % (next.length + 1), 0, moved as GameEvent);
      break;
    }
    case 'field':
      next[at] = { ...(next[at] as GameEvent), [edit.field]: edit.value } as GameEvent;
      break;
    case 'reorder-captured': {
      // The capture nearest at or after `at`, its cards rotated: the same cards in another order where it takes two or more.
      const index = next.findIndex((event, i) => i >= at && event.type === 'capture');
      const capture = next[index];
      // A field edit before may have made `captured` something other than a list: nothing to rotate then.
      if (capture?.type !== 'capture' || !Array.isArray(capture.captured)) break;
      const by = edit.by % Math.max(capture.captured.length, 1);
      next[index] = { ...capture, captured: [...capture.captured.slice(by), ...capture.captured.slice(0, by)] };
      break;
    }
  }
  return next;
}

/**
 * A profile's reporting: everything, or some event types with some of their fields left out; and, or not, a
 * capture's cards in no particular order.
 */
const aReporting: fc.Arbitrary<Reporting> = fc
  .tuple(
    fc.oneof(
      fc.constantFrom<ReportingLevel>('events', 'plays-and-scores', 'totals'),
      fc
        .subarray([...EVENT_TYPES], { minLength: 1 })
        .chain((types) => fc.subarray(types.flatMap((type) => EVENT_FIELDS[type].map((field) => `${type}.${field}`))).map((omit) => ({ events: types, omit }))),
    ),
    fc.constantFrom([], ['capture.captured']),
  )
  .map(([reports, unordered]) => reportingOf(reports, unordered));

/** `match: all`, or `match: types` with some of the types. */
const aMatch: fc.Arbitrary<EventType[] | undefined> = fc.oneof(fc.constant(undefined), fc.subarray([...EVENT_TYPES], { minLength: 1 }));

function withEvents(fixture: Fixture, types: EventType[] | undefined): Fixture {
  const list = fixture.expect.events?.list ?? [];
  const events: Expectations['events'] =
    types === undefined ? { match: 'all', list } : { match: 'types', types, list: list.filter((event) => types.includes(event.type)) };
  return { ...fixture, expect: { events } };
}

describe('the verdict on an event stream', () => {
  test('fails exactly when the reduced streams differ; a failure always has a finding', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: GAMES.length - 1 }),
        fc.array(anEdit, { maxLength: 3 }),
        aReporting,
        aMatch,
        (game, edits, reporting, types) => {
          const { fixture: played, rules } = GAMES[game] as (typeof GAMES)[number];
          const fixture = withEvents(played, types);
          const expected = played.expect.events?.list ?? [];
          const events = edits.reduce(applyEdit, expected);
          const chosen = types === undefined ? undefined : new Set<string>(types);
          const differ =
            reduced(expected, reporting, chosen) !== reduced(events, reporting, chosen) ||
            (reporting.types.has('capture') && reporting.types.has('trail') && playsPerRound(events, reporting) !== fixturePlays(fixture, reporting));
          const verdict = judgeReply(fixture, { events }, reporting);
          expect(verdict.passed).toBe(!differ);
          if (verdict.passed) return;
          const divergences = diagnoseFailure(verdict.part, fixture, { events }, rules, reporting);
          expect(divergences.length).toBeGreaterThan(0);
          expect(divergences.map((divergence) => divergence.kind)).not.toContain('unexplained');
        },
      ),
      { numRuns: 20_000 },
    );
  });
});

describe('the verdict, example by example', () => {
  const { fixture, rules } = GAMES[0] as (typeof GAMES)[number];
  const list = fixture.expect.events?.list ?? [];

  test('an event of a type the protocol does not have is an extra event at every reporting level, and ignored at match: types', () => {
    const extra = [...list.slice(0, 3), { type: 'hand-shown', seat: 0 } as unknown as GameEvent, ...list.slice(3)];
    for (const reporting of [FULL_REPORTING, reportingOf('plays-and-scores'), reportingOf('totals')]) {
      expect(judgeReply(fixture, { events: list }, reporting)).toEqual({ passed: true });
      expect(judgeReply(fixture, { events: extra }, reporting)).toEqual({ passed: false, part: 'events' });
      const kinds = diagnoseFailure('events', fixture, { events: extra }, rules, reporting).map((divergence) => divergence.kind);
      expect(kinds).not.toContain('unexplained');
    }
    const captures = { ...fixture, expect: { events: { match: 'types' as const, types: ['capture' as const], list: list.filter((e) => e.type === 'capture') } } };
    expect(judgeReply(captures, { events: extra }, FULL_REPORTING)).toEqual({ passed: true });
  });

  test('a refusal passes at the same round, play and code only: another code, play or round fails, and so does none', () => {
    const refusal: NonNullable<ReplayReply['rejection']> = { round: 1, play: 3, code: 'MUST_CAPTURE', message: 'a capture is possible' };
    const refusing: Fixture = { ...fixture, expect: { reject: { round: 1, play: 3, code: 'MUST_CAPTURE' } } };
    expect(judgeReply(refusing, { events: list.slice(0, 3), rejection: refusal }, FULL_REPORTING)).toEqual({ passed: true });
    for (const other of [{ code: 'CARD_NOT_IN_HAND' as const }, { play: 2 }, { round: 2 }]) {
      const reply = { events: list.slice(0, 3), rejection: { ...refusal, ...other } };
      expect(judgeReply(refusing, reply, FULL_REPORTING), JSON.stringify(other)).toEqual({ passed: false, part: 'refusal' });
      expect(judgeReply(refusing, reply, reportingOf('totals')), JSON.stringify(other)).toEqual({ passed: false, part: 'refusal' });
    }
    expect(judgeReply(refusing, { events: list }, FULL_REPORTING)).toEqual({ passed: false, part: 'refusal' });
    expect(judgeReply(fixture, { events: list, rejection: refusal }, FULL_REPORTING)).toEqual({ passed: false, part: 'refusal' });
  });

  test('match: types compares every type it lists, those its list holds no event of too: an event of one of them fails', () => {
    const captures = list.filter((event) => event.type === 'capture');
    const noSweep = { ...fixture, expect: { events: { match: 'types' as const, types: ['capture' as const, 'sweep' as const], list: captures } } };
    const withSweep = [...list.slice(0, 3), { type: 'sweep', seat: 0, points: 1 } as GameEvent, ...list.slice(3)];
    const onlyCaptures = list.filter((event) => event.type !== 'sweep');
    expect(judgeReply(noSweep, { events: onlyCaptures }, FULL_REPORTING)).toEqual({ passed: true });
    expect(judgeReply(noSweep, { events: withSweep }, FULL_REPORTING)).toEqual({ passed: false, part: 'events' });
    // Without a types list, the types of the list's events are compared: the sweep is not.
    const byList = { ...fixture, expect: { events: { match: 'types' as const, list: captures } } };
    expect(judgeReply(byList, { events: withSweep }, FULL_REPORTING)).toEqual({ passed: true });
  });

  test('expect.result: the one game-end, the last event reported, with the winner written; another winner, a second game-end or an event after it fails', () => {
    const end = list.at(-1) as Extract<GameEvent, { type: 'game-end' }>;
    expect(end.type).toBe('game-end');
    const resultOnly: Fixture = { ...fixture, expect: { result: { reason: end.reason, winner: end.winner, ranking: end.ranking, totals: end.totals } } };
    expect(judgeReply(resultOnly, { events: list }, FULL_REPORTING)).toEqual({ passed: true });
    const failures = [
      [...list.slice(0, -1), { ...end, winner: end.winner === 0 ? 1 : 0 }],
      [...list, end],
      [...list, { type: 'summary' } as unknown as GameEvent],
      [...list.slice(0, -2), end, list.at(-2) as GameEvent],
    ];
    for (const events of failures) expect(judgeReply(resultOnly, { events }, FULL_REPORTING)).toEqual({ passed: false, part: 'result' });
  });

  test('expect.rounds: one award per category written, with its figures; the same award twice fails, and so does none', () => {
    const award = list.find((event) => event.type === 'award' && event.round === 1) as Extract<GameEvent, { type: 'award' }>;
    const sheet: Fixture = { ...fixture, expect: { rounds: [{ round: 1, awards: { [award.category]: { counts: award.counts, points: award.points } } }] } };
    const at = list.indexOf(award);
    expect(judgeReply(sheet, { events: list }, FULL_REPORTING)).toEqual({ passed: true });
    expect(judgeReply(sheet, { events: [...list.slice(0, at + 1), award, ...list.slice(at + 1)] }, FULL_REPORTING)).toEqual({ passed: false, part: 'score-sheets' });
    expect(judgeReply(sheet, { events: list.filter((event) => event !== award) }, FULL_REPORTING)).toEqual({ passed: false, part: 'score-sheets' });
  });

  test("what a profile leaves out is compared nowhere: one category's award counts, the game-end's winner, a refusal's code; what it keeps still fails", () => {
    const omitting = (...omit: string[]): Reporting => reportingOf({ omit });
    const primiera = list.find((event) => event.type === 'award' && event.category === 'primiera') as Extract<GameEvent, { type: 'award' }>;
    const coins = list.find((event) => event.type === 'award' && event.category === 'coins') as Extract<GameEvent, { type: 'award' }>;
    const edited = (from: GameEvent, to: GameEvent): GameEvent[] => list.map((event) => (event === from ? to : event));
    const ownScale = edited(primiera, { ...primiera, counts: primiera.counts.map((count) => count * 3 + 1) });
    const sheet: Fixture = { ...fixture, expect: { ...fixture.expect, rounds: [{ round: primiera.round, awards: { primiera: { counts: primiera.counts, points: primiera.points } } }] } };
    const coinsToo = ownScale.map((event) => (event === coins ? { ...coins, counts: coins.counts.map((count) => count + 1) } : event));
    const sheets: Fixture = { ...sheet, expect: { rounds: [{ round: primiera.round, awards: { primiera: { counts: primiera.counts, points: primiera.points }, coins: { counts: coins.counts, points: coins.points } } }] } };
    for (const [judged, part] of [[fixture, 'events'], [sheets, 'score-sheets']] as const) {
      expect(judgeReply(judged, { events: ownScale }, FULL_REPORTING)).toMatchObject({ passed: false });
      expect(judgeReply(judged, { events: ownScale }, omitting('award.primiera.counts'))).toEqual({ passed: true });
      // Where the coins' counts differ too, the divergences name the coins, never the primiera's counts.
      expect(judgeReply(judged, { events: coinsToo }, omitting('award.primiera.counts'))).toEqual({ passed: false, part });
      const found = diagnoseFailure(part, judged, { events: coinsToo }, rules, omitting('award.primiera.counts'));
      expect(found.length).toBeGreaterThan(0);
      expect(JSON.stringify(found)).toContain('"coins"');
      expect(JSON.stringify(found)).not.toContain('"primiera"');
    }
    expect(judgeReply(fixture, { events: edited(primiera, { ...primiera, points: primiera.points.map((points) => points + 1) }) }, omitting('award.primiera.counts'))).toMatchObject({ passed: false });

    const end = list.at(-1) as Extract<GameEvent, { type: 'game-end' }>;
    const otherWinner = edited(end, { ...end, winner: end.winner === 0 ? 1 : 0 });
    const resultOnly: Fixture = { ...fixture, expect: { result: { reason: end.reason, winner: end.winner, ranking: end.ranking, totals: end.totals } } };
    expect(judgeReply(resultOnly, { events: otherWinner }, FULL_REPORTING)).toEqual({ passed: false, part: 'result' });
    expect(judgeReply(resultOnly, { events: otherWinner }, omitting('game-end.winner'))).toEqual({ passed: true });
    expect(judgeReply(fixture, { events: otherWinner }, omitting('game-end.winner'))).toEqual({ passed: true });
    expect(judgeReply(resultOnly, { events: edited(end, { ...end, totals: end.totals.map((total) => total + 1) }) }, omitting('game-end.winner'))).toEqual({ passed: false, part: 'result' });

    const refusing: Fixture = { ...fixture, expect: { reject: { round: 1, play: 3, code: 'MUST_CAPTURE' } } };
    const refused = (other: Partial<NonNullable<ReplayReply['rejection']>>): ReplayReply => ({ events: list.slice(0, 3), rejection: { round: 1, play: 3, code: 'CAPTURE_WRONG_SUM', ...other } });
    expect(judgeReply(refusing, refused({}), FULL_REPORTING)).toEqual({ passed: false, part: 'refusal' });
    expect(judgeReply(refusing, refused({}), omitting('refusal.code'))).toEqual({ passed: true });
    for (const other of [{ play: 2 }, { round: 2 }]) expect(judgeReply(refusing, refused(other), omitting('refusal.code'))).toEqual({ passed: false, part: 'refusal' });
    expect(judgeReply(refusing, { events: list }, omitting('refusal.code'))).toEqual({ passed: false, part: 'refusal' });
  });

  test('the plays are counted whatever match says: a play more or fewer in a round fails where the events compared are only awards', () => {
    const awardsOnly: Fixture = { ...fixture, expect: { events: { match: 'types', types: ['award'], list: list.filter((event) => event.type === 'award') } } };
    const firstEnd = list.findIndex((event) => event.type === 'round-end');
    const extraTrail = [...list.slice(0, firstEnd), { type: 'trail', seat: 0, card: '1C' } as GameEvent, ...list.slice(firstEnd)];
    const firstTrail = list.findIndex((event) => event.type === 'trail');
    expect(judgeReply(awardsOnly, { events: list }, FULL_REPORTING)).toEqual({ passed: true });
    expect(judgeReply(awardsOnly, { events: extraTrail }, FULL_REPORTING)).toEqual({ passed: false, part: 'plays' });
    expect(judgeReply(awardsOnly, { events: list.filter((_, i) => i !== firstTrail) }, FULL_REPORTING)).toEqual({ passed: false, part: 'plays' });
  });

  test('two plays in the other order fail, though every event is there', () => {
    const first = list.findIndex((event) => event.type === 'trail');
    const second = list.findIndex((event, i) => i > first && (event.type === 'capture' || event.type === 'trail'));
    const swapped = [...list];
    [swapped[first], swapped[second]] = [swapped[second] as GameEvent, swapped[first] as GameEvent];
    expect(judgeReply(fixture, { events: list }, FULL_REPORTING)).toEqual({ passed: true });
    expect(judgeReply(fixture, { events: swapped }, FULL_REPORTING)).toEqual({ passed: false, part: 'events' });
    expect(judgeReply({ ...fixture, expect: { events: { match: 'types', types: ['capture', 'trail'], list: list.filter((e) => e.type === 'capture' || e.type === 'trail') } } }, { events: swapped }, FULL_REPORTING)).toEqual({ passed: false, part: 'events' });
  });

  test('captured cards in no particular order: under the declaration a permuted capture passes and other cards fail; without it a permuted one fails', async () => {
    const at = list.findIndex((event) => event.type === 'capture' && event.captured.length >= 2);
    const capture = list[at] as Extract<GameEvent, { type: 'capture' }>;
    const withCaptured = (captured: string[]): GameEvent[] => list.map((event, i) => (i === at ? { ...capture, captured } : event));
    const permuted = withCaptured([...capture.captured].reverse());
    const otherCards = withCaptured([...capture.captured.slice(1), '10D']);
    const unordered = reportingOf('events', ['capture.captured']);
    expect(judgeReply(fixture, { events: permuted }, unordered)).toEqual({ passed: true });
    expect(judgeReply(fixture, { events: otherCards }, unordered)).toEqual({ passed: false, part: 'events' });
    expect(judgeReply(fixture, { events: permuted }, FULL_REPORTING)).toEqual({ passed: false, part: 'events' });
    const [divergence] = diagnoseFailure('events', fixture, { events: otherCards }, rules, unordered);
    expect(divergence).toMatchObject({ kind: 'event-mismatch', eventIndex: at });
    // Through a run, declared in a profile: the same.
    const engine = (events: GameEvent[]): Engine => ({ name: 'hash-map table', replay: async () => ({ events }), close: async () => {} });
    const declared = { variants: '*' as const, unordered: ['capture.captured'] };
    expect((await runFixture(engine(permuted), runItemOf(fixture), declared)).outcome).toBe('passed');
    expect((await runFixture(engine(permuted), runItemOf(fixture))).outcome).toBe('failed');
    expect((await runFixture(engine(otherCards), runItemOf(fixture), declared)).outcome).toBe('failed');
  });

  test('legal decisions: the same set passes in any order; one decision more, one fewer, or a position unanswered fails', async () => {
    const request = requestBefore(replayRequestOf(fixture, rules), 1, 2);
    const decisions = legalOnReference(request);
    const position = { round: 1, play: 2, decisions };
    expect(judgeLegal([position], [[...decisions].reverse()])).toEqual({ passed: true });
    expect(judgeLegal([position], [[...decisions, { card: '10D', capture: ['1C', '9S'] }]])).toEqual({ passed: false, part: 'legal' });
    expect(judgeLegal([position], [decisions.slice(1)])).toEqual({ passed: false, part: 'legal' });
    expect(judgeLegal([position, position], [decisions])).toEqual({ passed: false, part: 'legal' });
    // Through a run: an engine that lists one decision too many fails the fixture, at that position.
    const withLegal: Fixture = { ...fixture, expect: { ...fixture.expect, legal: [position] } };
    const engine: Engine = {
      name: 'one decision too many',
      replay: async (asked) => replayOnReference(asked),
      legal: async (asked) => [...legalOnReference(asked), { card: '10D', capture: ['1C', '9S'] }],
      close: async () => {},
    };
    const result = await runFixture(engine, runItemOf(withLegal));
    expect(result.outcome).toBe('failed');
    expect(result.divergence).toMatchObject({ kind: 'legal-mismatch', round: 1, play: 2, extra: [{ card: '10D', capture: ['1C', '9S'] }] });
  });
});
