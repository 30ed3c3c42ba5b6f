/**
 * Engines that lie subtly (runner/testdata/lies/): a round-end or an award reported twice with other figures,
 * awards in another order, the round-end before the awards, a sweep moved to another play, the game-end first
 * or twice, an award after the game-end or without its round. Each fails every game it changes: every event expected, the score
 * sheets alone (the lies about them), the result alone (the lies about the end); and through the protocol, with
 * and without --validate-protocol, the run exits 1.
 */
import { describe, expect, test } from 'vitest';
import type { Engine } from '../engines/engine.ts';
import { replayOnReference } from '../engines/reference.ts';
import type { Expectations, Fixture } from '../fixture/fixture.ts';
import { runFixture } from '../run/replay.ts';
import { runItemOf, playedFixture } from '../test-helpers.ts';
import { runCli } from '../cli/cli-harness.ts';
import { programCommand } from '../mutants/shared-builds.ts';
import { LIES } from '../testdata/lies/lies.ts';

const GAMES = [
  playedFixture('pagat', { seed: 3 }).fixture,
  playedFixture('escoba', { seed: 5, firstDealer: 0 }).fixture,
  playedFixture('scopone-scientifico', { seed: 2, players: 4 }).fixture,
  playedFixture('playpalace', { seed: 7, options: { inverse: true, target: 11 }, players: 3 }).fixture,
  playedFixture('napola', { seed: 11 }).fixture,
];

const liar = (lie: (typeof LIES)[string]): Engine => ({
  name: 'liar',
  replay: async (request) => {
    const reply = replayOnReference(request);
    return { ...reply, events: lie(reply.events) ?? reply.events };
  },
  close: async () => {},
});

const only = (fixture: Fixture, expect: Expectations): Fixture => ({ ...fixture, expect });

/** Which expectations each lie must fail besides the whole event list. */
const ALSO_FAILS: Record<string, (keyof Expectations)[]> = {
  'round-end-twice': ['rounds'],
  'award-twice': ['rounds'],
  'award-without-round': ['rounds'],
  'game-end-first': ['result'],
  'game-end-twice': ['result'],
  'award-after-game-end': ['result'],
};

describe.each(Object.entries(LIES))('%s', (name, lie) => {
  test('fails every game it changes, as far as the fixture expects what it changes', async () => {
    let changed = 0;
    for (const fixture of GAMES) {
      if (lie(fixture.expect.events?.list ?? []) === undefined) continue;
      changed++;
      const kinds: (keyof Expectations)[] = ['events', ...(ALSO_FAILS[name] ?? [])];
      for (const kind of kinds) {
        const result = await runFixture(liar(lie), runItemOf(only(fixture, { [kind]: fixture.expect[kind] })));
        expect(result.outcome, `${fixture.id}, expecting ${kind}`).toBe('failed');
        expect(result.findings?.length).toBeGreaterThan(0);
        expect(result.findings?.map((finding) => finding.divergence.kind)).not.toContain('unexplained');
      }
    }
    expect(changed).toBeGreaterThan(0);
  });
});

describe('through the protocol', () => {
  // An award without its round breaks the protocol's schema: --validate-protocol errors it (exit 3) before the verdict.
  const SCHEMA_BREAKING: ReadonlySet<string> = new Set(['award-without-round']);

  test.each(Object.keys(LIES))('%s: the run exits 1, with and without --validate-protocol (3 with it where the lie breaks the schema)', async (name) => {
    const engine = programCommand('runner/testdata/lies/lying-engine.ts', name);
    for (const flags of [[], ['--validate-protocol']]) {
      const run = await runCli(['run', 'fixtures/pagat', 'fixtures/escoba', '--filter', '*/gen-s1*', '--engine', engine, ...flags]);
      expect(run.stderr).toBe('');
      const schemaBroken = flags.length > 0 && SCHEMA_BREAKING.has(name);
      expect(run.code).toBe(schemaBroken ? 3 : 1);
      expect(run.stdout).toMatch(schemaBroken ? /\d+ fixtures: 0 passed, 0 failed, 0 skipped, [1-9]\d* errored/ : /\d+ fixtures: \d+ passed, [1-9]\d* failed/);
      expect(run.stdout).not.toContain('unexplained');
    }
  }, 60_000);
});
