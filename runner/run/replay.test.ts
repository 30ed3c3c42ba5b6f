import { describe, expect, test } from 'vitest';
import { type Engine, EngineFailure, referenceEngine } from '../engines/engine.ts';
import { type Decision, isClaim } from '../../reference/index.ts';
import type { LegalPosition, ReplayReply, ReplayRequest } from '../fixture/fixture.ts';
import { legalAtPositions, legalOnReference, replayOnReference } from '../engines/reference.ts';
import { replayRequestOf, requestBefore, usesClaims } from '../fixture/fixture.ts';
import { runFixture, type RunItem } from './replay.ts';
import { copyOf, playedFixture, runItemOf } from '../test-helpers.ts';

const { fixture, rules } = playedFixture('pagat', { rounds: 1, plays: 5, seed: 2 });
const item: RunItem = runItemOf(fixture, { file: 'f.yaml', rules, repro: 'npx scopa-conformance run f.yaml' });

const engine = (replay: () => Promise<unknown>): Engine => ({
  name: 'fake',
  replay: replay as () => Promise<ReplayReply>,
  close: async () => {},
});

describe('one fixture through one engine', () => {
  test('passed on the reference engine', async () => {
    expect(await runFixture(referenceEngine(), item)).toMatchObject({ id: 'pagat/played-2', file: 'f.yaml', outcome: 'passed' });
  });

  test('failed, with the divergence and its report', async () => {
    const wrong = copyOf(item);
    wrong.fixture.expect.events?.list.pop();
    const result = await runFixture(referenceEngine(), wrong);
    expect(result).toMatchObject({ outcome: 'failed', divergence: { kind: 'extra-event' } });
    expect(result.report).toMatch(/^reproduce: npx scopa-conformance run f\.yaml$/m);
  });

  test.each([
    ['an EngineFailure', () => Promise.reject(new EngineFailure('the engine timed out after 5 s', 'last words on stderr')), { message: 'the engine timed out after 5 s', detail: 'last words on stderr' }],
    ['any other exception, with its stack', () => Promise.reject(new TypeError('x is undefined')), { message: 'TypeError: x is undefined', detail: expect.stringContaining('TypeError: x is undefined\n    at ') as unknown }],
    ['garbage', () => Promise.resolve({ events: 'none' }), { message: 'the engine\'s reply is malformed: the reply has no "events" array' }],
    ['an event without a type', () => Promise.resolve({ events: [{ seat: 0 }] }), { message: 'the engine\'s reply is malformed: event 0 is not an object with a string "type"' }],
    ['a bad rejection', () => Promise.resolve({ events: [], rejection: { round: '1', play: 1, code: 'X' } }), { message: expect.stringContaining('"rejection" needs') as unknown }],
  ])('errored: %s', async (_, replay, expected) => {
    expect(await runFixture(engine(replay), item)).toMatchObject({ outcome: 'errored', ...expected });
  });

  test('skipped when the engine says it does not play the game', async () => {
    const result = await runFixture(engine(() => Promise.resolve({ events: [], skipped: 'no pagat here' })), item);
    expect(result).toMatchObject({ outcome: 'skipped', message: 'the engine does not play it: no pagat here' });
  });

  test('the expect-fail reason travels with the result', async () => {
    expect(await runFixture(referenceEngine(), { ...item, expectedFailure: 'why' })).toMatchObject({ outcome: 'passed', expectedFailure: 'why' });
  });
});

describe('expect.legal, through the engine\'s legal request', () => {
  // Made in each test, not when the suite is collected (Stryker's per-test coverage).
  const withLegalItem = (): RunItem => {
    const withLegal = copyOf(item);
    withLegal.fixture.expect.legal = [3, 4].map((play) => ({
      round: 1,
      play,
      decisions: legalOnReference(requestBefore(replayRequestOf(fixture, rules), 1, play)),
    }));
    return withLegal;
  };
  // The reference's replay, and `legal` answered by `listed`, one position at a time (no legalPositions).
  const replayLike = (listed: () => Promise<unknown>): Engine => ({ ...referenceEngine(), name: 'fake', legal: listed as Engine['legal'], legalPositions: undefined });

  test('passed when every listed position agrees, in any order', async () => {
    const reversed = withLegalItem();
    for (const position of reversed.fixture.expect.legal ?? []) position.decisions.reverse();
    expect(await runFixture(referenceEngine(), reversed)).toMatchObject({ outcome: 'passed' });
  });

  test('failed at the first position that differs, with what is missing and what is extra', async () => {
    const wrong = withLegalItem();
    const position = wrong.fixture.expect.legal?.[1];
    if (position === undefined) throw new Error('no position');
    const dropped = position.decisions.pop();
    position.decisions.push({ card: 'XX' });
    const result = await runFixture(referenceEngine(), wrong);
    expect(result).toMatchObject({ outcome: 'failed', divergence: { kind: 'legal-mismatch', round: 1, play: 4, missing: [{ card: 'XX' }], extra: [dropped] } });
    expect(result.report).toMatch(/^legal: +.*\(reference engine; the engine under test agrees\)$/m);
    expect(result.report).toMatch(/^missing: +XX trails$/m);
  });

  test('skipped by an engine without the legal request', async () => {
    const withLegal = withLegalItem();
    const { legal: _, legalPositions: __, ...withoutLegal } = referenceEngine();
    expect(await runFixture(withoutLegal, withLegal)).toMatchObject({ outcome: 'skipped', message: expect.stringContaining('expect.legal') });
    expect(await runFixture(replayLike(() => Promise.resolve(undefined)), withLegal)).toMatchObject({ outcome: 'skipped' });
  });

  test('errored when the engine offers legal and does not answer it', async () => {
    const withLegal = withLegalItem();
    const failing = replayLike(() => Promise.reject(new EngineFailure('the engine timed out after 5 s')));
    expect(await runFixture(failing, withLegal)).toMatchObject({ outcome: 'errored', message: 'the engine timed out after 5 s' });
    expect(await runFixture(replayLike(() => Promise.resolve('all of them')), withLegal)).toMatchObject({
      outcome: 'errored',
      message: "the engine's legal decisions before play 3 of round 1 are not a list",
    });
  });
});

describe('expect.legal, through the engine\'s legal-positions request', () => {
  const withLegalItem = (): RunItem => {
    const withLegal = copyOf(item);
    withLegal.fixture.expect.legal = [4, 2, 5].map((play) => ({
      round: 1,
      play,
      decisions: legalOnReference(requestBefore(replayRequestOf(fixture, rules), 1, play)),
    }));
    return withLegal;
  };
  /** The reference engine, its `legal` refused, `legalPositions` answered by `all`; the calls are recorded. */
  const positionsLike = (all: (request: ReplayRequest, positions: readonly LegalPosition[]) => Promise<unknown>) => {
    const calls: { request: ReplayRequest; positions: readonly LegalPosition[] }[] = [];
    const engine: Engine = {
      ...referenceEngine(),
      name: 'fake',
      legal: () => Promise.reject(new Error('legal was asked')),
      legalPositions: (request, positions) => {
        calls.push({ request, positions });
        return all(request, positions) as Promise<Decision[][] | undefined>;
      },
    };
    return { engine, calls };
  };

  test('one call for every position, in the fixture\'s order, with the whole game: passed when all agree', async () => {
    const withLegal = withLegalItem();
    const { engine, calls } = positionsLike((request, positions) => Promise.resolve(legalAtPositions(request, positions)));
    expect(await runFixture(engine, withLegal)).toMatchObject({ outcome: 'passed' });
    expect(calls).toEqual([{ request: replayRequestOf(withLegal.fixture, rules), positions: [{ round: 1, play: 4 }, { round: 1, play: 2 }, { round: 1, play: 5 }] }]);
  });

  test('failed at the first listed position whose decisions differ, with the engine\'s decisions there', async () => {
    const withLegal = withLegalItem();
    const answered = legalAtPositions(replayRequestOf(fixture, rules), [4, 2, 5].map((play) => ({ round: 1, play })));
    const extra = { card: '1C' };
    const { engine } = positionsLike(() => Promise.resolve([answered[0], [...(answered[1] ?? []), extra], []]));
    const result = await runFixture(engine, withLegal);
    expect(result).toMatchObject({ outcome: 'failed', divergence: { kind: 'legal-mismatch', round: 1, play: 2, extra: [extra], missing: [] } });
  });

  test('an engine that does not offer it (undefined) is asked legal one position at a time', async () => {
    const asked: number[] = [];
    const engine: Engine = {
      ...referenceEngine(),
      name: 'fake',
      legalPositions: () => Promise.resolve(undefined),
      legal: (request) => {
        asked.push(request.rounds[0]?.plays.length ?? -1);
        return Promise.resolve(legalOnReference(request));
      },
    };
    expect(await runFixture(engine, withLegalItem())).toMatchObject({ outcome: 'passed' });
    expect(asked).toEqual([3, 1, 4]);
  });

  test.each([
    ['a rejection', () => Promise.reject(new EngineFailure('the engine timed out after 5 s')), 'the engine timed out after 5 s'],
    ['not a list', () => Promise.resolve('all of them'), "the engine's answer to legal-positions is not a list of 3 lists of decisions"],
    ['a list per position but one', () => Promise.resolve([[], []]), "the engine's answer to legal-positions is not a list of 3 lists of decisions"],
    ['an entry that is not a list', (request: ReplayRequest) => Promise.resolve([legalOnReference(requestBefore(request, 1, 4)), {}, []]), "the engine's legal decisions before play 2 of round 1 are not a list"],
    ['an entry of no decisions', (request: ReplayRequest) => Promise.resolve([legalOnReference(requestBefore(request, 1, 4)), [null], []]), "the engine's legal decisions before play 2 of round 1 are not decisions: item 0 is no {card, capture?} or {claim} of cards in notation"],
    ['a capture that is no list of cards', (request: ReplayRequest) => Promise.resolve([legalOnReference(requestBefore(request, 1, 4)), [{ card: '7D', capture: '3C' }], []]), "the engine's legal decisions before play 2 of round 1 are not decisions: item 0 is no {card, capture?} or {claim} of cards in notation"],
    ['a card and its capture in one string', (request: ReplayRequest) => Promise.resolve([legalOnReference(requestBefore(request, 1, 4)), [{ card: '7D 3C 4S' }], []]), "the engine's legal decisions before play 2 of round 1 are not decisions: item 0 is no {card, capture?} or {claim} of cards in notation"],
    ['a capture of cards in one string', (request: ReplayRequest) => Promise.resolve([legalOnReference(requestBefore(request, 1, 4)), [{ card: '7D', capture: ['3C 4S'] }], []]), "the engine's legal decisions before play 2 of round 1 are not decisions: item 0 is no {card, capture?} or {claim} of cards in notation"],
    ['a claim that also plays a card', (request: ReplayRequest) => Promise.resolve([legalOnReference(requestBefore(request, 1, 4)), [{ claim: ['7H', '8S'], card: '7D' }], []]), "the engine's legal decisions before play 2 of round 1 are not decisions: item 0 is no {card, capture?} or {claim} of cards in notation"],
  ])('errored on %s', async (_, all, message) => {
    expect(await runFixture(positionsLike(all).engine, withLegalItem())).toMatchObject({ outcome: 'errored', message });
  });
});

describe('table claims (CAP-TABLE-CLAIM), through the table-claim capability', () => {
  // Seed 9's random play claims first at its seventh decision.
  const claiming = playedFixture('escoba-playjoy', { rounds: 1, plays: 12, firstDealer: 1, seed: 9 });
  const claimingItem = runItemOf(claiming.fixture);
  const withoutClaims: Engine = { ...referenceEngine(), claims: false };
  const unclaimed = playedFixture('escoba-playjoy', { rounds: 1, plays: 6, firstDealer: 1, seed: 9 }).fixture;

  test('a fixture that makes a claim is judged on an engine that plays claims', async () => {
    expect(claiming.fixture.rounds[0]?.plays.findIndex(isClaim)).toBe(6);
    expect(await runFixture(referenceEngine(), claimingItem)).toMatchObject({ outcome: 'passed' });
  });

  test('it is not applicable to an engine without the capability, and nothing is asked of that engine', async () => {
    const unasked: Engine = { ...withoutClaims, replay: () => Promise.reject(new Error('asked')) };
    const reason = 'the fixture makes table claims (CAP-TABLE-CLAIM), and the engine does not offer the table-claim capability';
    expect(await runFixture(unasked, claimingItem)).toMatchObject({ outcome: 'not-applicable', message: reason });
  });

  test('a fixture of the same rules that makes no claim is played by such an engine, unless a legal list it expects holds one', async () => {
    expect(usesClaims(unclaimed)).toBe(false);
    expect(await runFixture(withoutClaims, runItemOf(unclaimed))).toMatchObject({ outcome: 'passed' });
    const listing = copyOf(runItemOf(unclaimed));
    listing.fixture.expect.legal = [{ round: 1, play: 6, decisions: [{ claim: ['7H', '8S'] }] }];
    expect(await runFixture(withoutClaims, listing)).toMatchObject({ outcome: 'not-applicable' });
  });
});

describe("a profile's omissions in the report of a failure", () => {
  // A whole round: its awards are among the events the fixture expects.
  const { fixture: round } = playedFixture('pagat', { rounds: 1, seed: 2 });
  const primieraOff: Engine = {
    ...referenceEngine(),
    name: 'fake',
    async replay(request) {
      const { events } = replayOnReference(request);
      // The primiera counted on a scale of the engine's own, and its points wrong besides.
      return { events: events.map((event) => (event.type === 'award' && event.category === 'primiera' ? { ...event, counts: event.counts.map((count) => count * 3 + 1), points: event.points.map((points) => 1 - points) } : event)) };
    },
  };

  test.each(['award.primiera.counts', 'award.counts'])("an award's counts the profile omits (%s) are never named as differing; its wrong points are", async (omit) => {
    const result = await runFixture(primieraOff, runItemOf(round), { reports: { omit: [omit] }, variants: '*' });
    expect(result).toMatchObject({ outcome: 'failed', divergence: { kind: 'event-mismatch', expected: { category: 'primiera' } } });
    expect(result.report).toMatch(/^differs in: points$/m);
    // Judged by every field, both differ.
    expect((await runFixture(primieraOff, runItemOf(round))).report).toMatch(/^differs in: counts, points$/m);
  });
});
