import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ResolvedVariant } from '../../reference/index.ts';
import { type Engine, EngineFailure } from '../engines/engine.ts';
import { legalAtPositions, replayOnReference } from '../engines/reference.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import { loadRunItem } from '../run/corpus-items.ts';
import type { RunItem } from '../run/replay.ts';
import { FIXTURES_DIR } from '../util/repo-paths.ts';
import { askEngine } from './answers.ts';
import { diagnose } from './diagnosis.ts';

const registry = await loadVariantRegistry();
if (!registry.ok) throw new Error('the variants are invalid');
const variants: Map<string, ResolvedVariant> = registry.value;
/** Ten pagat fixtures, four of which check legal decisions (expect.legal). */
const NAMES = ['cap-choice-01', 'cap-choice-02', 'cap-sum-01', 'cap-rank-01', 'gen-legal-p4-s1', 'gen-legal-p4-s2', 'gen-legal-p4-s3', 'gen-legal-s1', 'gen-s1', 'gen-s2'];
const items: RunItem[] = await Promise.all(NAMES.map((name) => loadRunItem(join(FIXTURES_DIR, 'pagat', `${name}.yaml`), variants)));
const base = { variants: [{ id: 'pagat' }] };

/** The reference over the protocol's calls, changed by `change`: `call` counts every call made to it, from 0. */
function engineOf(change: { replay?: (call: number) => void; legal?: (call: number, decisions: ReturnType<typeof legalAtPositions>) => ReturnType<typeof legalAtPositions> } = {}): Engine & { calls: number } {
  const engine = {
    name: 'test engine',
    claims: true,
    calls: 0,
    replay: async (request: Parameters<Engine['replay']>[0]) => {
      change.replay?.(engine.calls++);
      return replayOnReference(request);
    },
    legalPositions: async (request: Parameters<Engine['replay']>[0], positions: Parameters<NonNullable<Engine['legalPositions']>>[1]) => {
      const decisions = legalAtPositions(request, positions);
      return change.legal?.(engine.calls++, decisions) ?? decisions;
    },
    close: async () => {},
  };
  return engine;
}

describe("the engine's answers to the games diagnose judges", () => {
  test('a steady engine: every game answered, the legal decisions where the fixture asks them, nothing lost', async () => {
    const answers = await askEngine([engineOf()], items, base);
    expect(answers.games.map((game) => game.item.fixture.id)).toEqual(NAMES.map((name) => `pagat/${name}`));
    expect(answers.games.filter((game) => game.legal !== undefined).map((game) => game.item.fixture.id)).toEqual(NAMES.filter((name) => name.includes('legal')).map((name) => `pagat/${name}`));
    expect({ lost: answers.lost, unsteady: answers.unsteady, givenUp: answers.givenUp }).toEqual({ lost: [], unsteady: undefined, givenUp: undefined });
  });

  test('legal decisions answered otherwise when the game is asked again: unsteady, naming that game and its request', async () => {
    const asked = new Set<string>();
    const engine = engineOf({
      legal: (_, decisions) => {
        const key = JSON.stringify(decisions);
        const again = asked.has(key);
        asked.add(key);
        return again ? decisions.map((listed) => listed.slice(1)) : decisions;
      },
    });
    const answers = await askEngine([engine], items, base);
    expect(answers.unsteady?.id).toBe('pagat/gen-legal-p4-s1');
    expect(answers.unsteady?.request.rounds).toEqual(items[4]?.fixture.rounds);
  });

  test('a second asking that gets no answer is a lost answer, not an engine answering two ways', async () => {
    const engine = engineOf({
      replay: (call) => {
        // The first asking makes 14 calls: 10 replays, and 4 for the legal decisions.
        if (call >= 14) throw new EngineFailure('the engine exited (code 9)');
      },
    });
    const answers = await askEngine([engine], items, base);
    expect(answers.unsteady).toBeUndefined();
    expect(answers.lost.length).toBeGreaterThan(0);
    for (const lost of answers.lost) expect(lost).toMatchObject({ message: 'asked a second time: the engine exited (code 9)', notAskedByRun: 'run asks a game once, and the engine answered it the first time' });
  });

  test('an engine that answers none of the first 8 games is asked no more: a bounded cost, every one lost', async () => {
    const engine = engineOf({
      replay: () => {
        throw new EngineFailure('the engine exited (code 9)');
      },
    });
    const answers = await askEngine([engine], items, base);
    expect(engine.calls).toBe(8);
    expect(answers.givenUp).toBe(true);
    expect(answers.lost.map((lost) => lost.id)).toEqual(NAMES.slice(0, 8).map((name) => `pagat/${name}`));
    // Each asked as run asks it (the fixture as written, the profile declaring nothing), but the four-player games
    // under a profile of two players, which run does not ask.
    expect(answers.lost.every((lost) => lost.notAskedByRun === undefined)).toBe(true);
    const twoPlayers = await askEngine([engine], items, { variants: [{ id: 'pagat', players: [2] }] });
    expect(twoPlayers.lost.map((lost) => lost.notAskedByRun)).toEqual(
      items.slice(0, 8).map((item) => (item.fixture.players === 4 ? 'run finds it not applicable (the engine plays 2 players, the fixture 4)' : undefined)),
    );
  });

  test('diagnose: an engine steady on the corpus and unsteady on the generated games explains nothing', async () => {
    const corpus = items.slice(0, 4);
    const generated = items.slice(8);
    const asked = new Set<string>();
    const engine = engineOf();
    // Asked a generated game a second time, it leaves out the last event.
    const unsteadyOnGames: Engine = {
      ...engine,
      replay: async (request) => {
        const reply = await engine.replay(request);
        const key = JSON.stringify(request.rounds);
        const again = asked.has(key) && generated.some((item) => JSON.stringify(item.fixture.rounds) === key);
        asked.add(key);
        return again ? { ...reply, events: reply.events.slice(0, -1) } : reply;
      },
    };
    const outcome = await diagnose({ judged: 'engine', engines: [unsteadyOnGames], base, registry: variants, corpus, generate: () => generated });
    expect(outcome.unsteady?.id).toMatch(/^pagat\/gen-s[12]$/);
    expect(outcome.found).toEqual([]);
  });
});
