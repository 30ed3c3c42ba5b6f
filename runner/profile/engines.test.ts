import { describe, expect, test } from 'vitest';
import { applyOptions, type GameEvent, type ResolvedVariant } from '../../reference/index.ts';
import { corpusItems } from '../run/corpus-items.ts';
import type { Engine } from '../engines/engine.ts';
import { replayOnReference } from '../engines/reference.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import type { FixtureResult } from '../run/outcome.ts';
import { runFixture } from '../run/replay.ts';
import type { EngineProfile } from './profile.ts';

const items = await corpusItems();
const registry = await loadVariantRegistry();
if (!registry.ok) throw new Error('the variants are invalid');
const variants: ReadonlyMap<string, ResolvedVariant> = registry.value;

async function runCorpus(engine: Engine, profile: EngineProfile): Promise<FixtureResult[]> {
  const results: FixtureResult[] = [];
  for (const item of items) results.push(await runFixture(engine, item, profile));
  return results;
}

const tally = (results: readonly FixtureResult[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const result of results) counts[result.outcome] = (counts[result.outcome] ?? 0) + 1;
  return counts;
};

const problems = (results: readonly FixtureResult[]): string[] =>
  results.filter((result) => result.outcome === 'failed' || result.outcome === 'errored').map((result) => `${result.id}: ${result.report ?? result.message}`);

describe('an engine that reports round totals only', () => {
  /** The reference engine, with every event but the round totals and the winner left out, as a real engine reports. */
  const totalsOnly: Engine = {
    name: 'totals only',
    replay: async (request) => {
      const reply = replayOnReference(request);
      const events = reply.events.flatMap((event): GameEvent[] => {
        if (event.type === 'round-end') return [{ type: 'round-end', round: event.round, totals: event.totals } as GameEvent];
        if (event.type === 'game-end') return [{ type: 'game-end', winner: event.winner, totals: event.totals } as GameEvent];
        return [];
      });
      return { ...reply, events };
    },
    close: async () => {},
  };

  test('declared as such, it passes the whole corpus: no false failure', async () => {
    const results = await runCorpus(totalsOnly, { variants: '*', reports: 'totals' });
    expect(problems(results).slice(0, 3)).toEqual([]);
    // The legal fixtures need the optional legal request, which this engine does not answer.
    expect(results.filter((result) => result.outcome === 'skipped').every((result) => /expect\.legal/.test(result.message ?? ''))).toBe(true);
    expect(tally(results).passed).toBeGreaterThan(800);
  }, 120_000);

  test('without the declaration, every fixture that compares events fails', async () => {
    const undeclared = items.slice(0, 20);
    const results: FixtureResult[] = [];
    for (const item of undeclared) results.push(await runFixture(totalsOnly, item));
    expect(results.filter((result) => result.outcome === 'failed').length).toBeGreaterThan(10);
  });

  test('a wrong total is still found, under the rule of the round', async () => {
    const wrong: Engine = {
      ...totalsOnly,
      replay: async (request) => {
        const reply = await totalsOnly.replay(request);
        const events = reply.events.map((event) =>
          event.type === 'round-end' && event.round === 1 ? ({ ...event, totals: event.totals.map((total) => total + 1) } as GameEvent) : event,
        );
        return { ...reply, events };
      },
    };
    const item = items.find((candidate) => candidate.fixture.id === 'pagat/gen-s1');
    if (item === undefined) throw new Error('pagat/gen-s1 is missing');
    const result = await runFixture(wrong, item, { variants: '*', reports: 'totals' });
    expect(result.outcome).toBe('failed');
    expect(result.divergence).toMatchObject({ kind: 'event-mismatch', round: 1 });
    expect(result.findings).toHaveLength(1);
  });
});

describe('an engine that reports the plays and the scores, or some event types, and nothing else', () => {
  /** The reference engine with only `types` of its events, as an engine that reports less answers. */
  const reporting = (types: readonly GameEvent['type'][]): Engine => ({
    name: `reports ${types.join(', ')}`,
    replay: async (request) => {
      const reply = replayOnReference(request);
      return { ...reply, events: reply.events.filter((event) => types.includes(event.type)) };
    },
    close: async () => {},
  });

  test.each<[string, GameEvent['type'][]]>([
    ['plays and scores', ['capture', 'trail', 'sweep', 'round-end', 'game-end']],
    ['sweeps and round-ends: a table bonus\'s sweeps are the next round\'s', ['sweep', 'round-end']],
    ['plays and sweeps, no round told from the next', ['capture', 'trail', 'sweep']],
    ['awards and the end', ['award', 'game-end']],
  ])('declared as such (%s), it passes the whole corpus: no false failure', async (_, types) => {
    const results = await runCorpus(reporting(types), { variants: '*', reports: { events: types } });
    expect(problems(results).slice(0, 3)).toEqual([]);
    expect(tally(results).passed).toBeGreaterThan(800);
  }, 120_000);
});

describe('an engine whose table is a hash map: its captures take their cards in no particular order', () => {
  /** The reference engine with every capture's cards in another order, as an engine that keeps no table order answers. */
  const hashMapTable: Engine = {
    name: 'hash-map table',
    replay: async (request) => {
      const reply = replayOnReference(request);
      const events = reply.events.map((event) => (event.type === 'capture' ? { ...event, captured: [...event.captured].reverse() } : event));
      return { ...reply, events };
    },
    close: async () => {},
  };

  test('declared with unordered: [capture.captured], it passes the whole corpus', async () => {
    const results = await runCorpus(hashMapTable, { variants: '*', unordered: ['capture.captured'] });
    expect(problems(results).slice(0, 3)).toEqual([]);
    expect(tally(results).passed).toBeGreaterThan(800);
  }, 120_000);

  test('without the declaration, the fixtures with a capture of two cards or more fail', async () => {
    const results = await runCorpus(hashMapTable, { variants: '*' });
    expect(tally(results).failed).toBeGreaterThan(100);
  }, 120_000);
});

describe('an engine with a fixed target of 11 that seats two players only', () => {
  /** Plays pagat and playpalace as they are, but always to 11 and from its own rules, whatever the request says. */
  const fixedTarget: Engine = {
    name: 'fixed target',
    replay: async (request) => {
      if (request.players !== 2) throw new Error('this engine seats two players');
      const variant = variants.get(request.variant) as ResolvedVariant;
      const rules = applyOptions(variant, { ...request.options, target: 11 });
      if (!rules.ok) throw new Error(rules.error.message);
      return replayOnReference({ ...request, rules: rules.value });
    },
    close: async () => {},
  };
  const profile: EngineProfile = {
    variants: [
      { id: 'pagat', players: [2], options: { target: [11] } },
      { id: 'playpalace', players: [2], options: { target: [11] } },
    ],
  };

  test('every fixture it can play runs, with derived expectations where the target differs; no false failure', async () => {
    const results = await runCorpus(fixedTarget, profile);
    expect(problems(results).slice(0, 3)).toEqual([]);
    const derived = results.filter((result) => result.derived !== undefined);
    expect(derived.length).toBeGreaterThan(0);
    expect(derived[0]?.derived).toBe('options.target: 11');
    expect(derived.every((result) => result.outcome === 'passed' || result.outcome === 'skipped')).toBe(true);
  }, 120_000);

  test('what it cannot play is not applicable, with the reason', async () => {
    const results = await runCorpus(fixedTarget, profile);
    const reasons = new Set(results.filter((result) => result.outcome === 'not-applicable').map((result) => result.message));
    expect(reasons).toContain('the engine does not play escoba');
    expect(reasons).toContain('the engine plays 2 players, the fixture 4');
    const causes = new Set(results.filter((result) => result.outcome === 'not-applicable').map((result) => result.cause));
    expect(causes).toEqual(new Set(['a variant the engine does not play', 'the engine plays 2 players']));
    expect(results.some((result) => result.variant === 'escoba' && result.outcome !== 'not-applicable')).toBe(false);
  }, 120_000);
});
