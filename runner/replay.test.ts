import { describe, expect, test } from 'vitest';
import { type Engine, EngineFailure, referenceEngine } from './engines/engine.ts';
import type { ReplayReply } from './fixture.ts';
import { runFixture, type RunItem } from './replay.ts';
import { copyOf, playedFixture } from './test-helpers.ts';

const { fixture, rules } = playedFixture('pagat', { rounds: 1, plays: 5, seed: 2 });
const item: RunItem = { fixture, file: 'f.yaml', rules, repro: 'npx scopa-conformance run f.yaml' };

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
