import { describe, expect, test } from 'vitest';
import { type Engine, EngineFailure, referenceEngine } from '../engines/engine.ts';
import type { ReplayReply } from '../fixture/fixture.ts';
import { legalOnReference } from '../engines/reference.ts';
import { replayRequestOf, requestBefore } from '../fixture/fixture.ts';
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
  const replayLike = (listed: () => Promise<unknown>): Engine => ({ ...referenceEngine(), name: 'fake', legal: listed as Engine['legal'] });

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
    const { legal: _, ...withoutLegal } = referenceEngine();
    expect(await runFixture(withoutLegal, withLegal)).toMatchObject({ outcome: 'skipped', message: expect.stringContaining('expect.legal') });
    expect(await runFixture(replayLike(() => Promise.resolve(undefined)), withLegal)).toMatchObject({ outcome: 'skipped' });
  });

  test('errored when the engine offers legal and does not answer it', async () => {
    const withLegal = withLegalItem();
    const failing = replayLike(() => Promise.reject(new EngineFailure('the engine timed out after 5 s')));
    expect(await runFixture(failing, withLegal)).toMatchObject({ outcome: 'errored', message: 'the engine timed out after 5 s' });
    expect(await runFixture(replayLike(() => Promise.resolve('all of them')), withLegal)).toMatchObject({
      outcome: 'errored',
      message: "the engine's legal decisions are not a list",
    });
  });
});
