/**
 * A default run catches every mutant of the catalog, none exempt: what `run --engine <the mutant>` plays with no
 * other flag (the corpus, then the default budget of games and probes of every setting, from seed 1), until the
 * first failure, the reference playing the mutant in process (score.ts). (That the hand-verified fixtures alone
 * catch each is hand-verified.test.ts.)
 */
import { describe, expect, test } from 'vitest';
import { DEFAULT_BUDGET } from '../commands/run.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import { PLAYS_EVERYTHING } from '../profile/profile.ts';
import { corpusItems } from '../run/corpus-items.ts';
import { gameSettings, generatedGames, isGame, isProbe, PROBES_GROUP, settingOf } from '../run/generated-games.ts';
import { MUTANTS } from './catalog.ts';
import { scoreMutant } from './score.ts';

const registry = await loadVariantRegistry();
if (!registry.ok) throw new Error('the variants are invalid');
const settings = gameSettings(registry.value, PLAYS_EVERYTHING);
const made = (wanted: Parameters<typeof generatedGames>[1]) => generatedGames(settings, wanted, 'test', () => '');
const items = [...(await corpusItems()), ...made({ count: DEFAULT_BUDGET.games, seed: 1 }), ...made({ count: DEFAULT_BUDGET.probes, seed: 1, group: PROBES_GROUP })];

describe('a default run catches every mutant of the reference engine', () => {
  test('its games and probes, of every setting the reference can start, follow the corpus', () => {
    const ids = items.map((item) => item.fixture.id);
    const games = ids.filter(isGame);
    const perSetting = new Map<string, string[]>();
    for (const id of games) perSetting.set(settingOf(id), [...(perSetting.get(settingOf(id)) ?? []), id]);
    expect(perSetting.size).toBeGreaterThan(settings.length * 0.9);
    expect([...perSetting.values()].every((seeds) => seeds.length === DEFAULT_BUDGET.games)).toBe(true);
    expect(ids.filter(isProbe).length).toBeGreaterThan(perSetting.size * DEFAULT_BUDGET.probes * 0.9);
    expect(ids.findIndex((id) => isGame(id) || isProbe(id))).toBe(ids.length - games.length - ids.filter(isProbe).length);
  });

  test.each(MUTANTS.map((mutant) => [mutant.name, mutant] as const))('%s', async (_, mutant) => {
    const score = await scoreMutant(mutant, items);
    expect(score.caught, `${mutant.name} survived a default run of ${score.fixturesRun} fixtures, games and probes`).toBe(true);
    const report = score.caughtBy?.report ?? '';
    // A clear first-divergence report: where, what was expected and what came (which differ), and the rule. What
    // came is the engine's event or refusal, or where its legal decisions differ, those decisions.
    const value = (label: string): string | undefined => new RegExp(`^${label}: +(.*)$`, 'm').exec(report)?.[1];
    const came = value('actual') ?? value('engine legal');
    expect(value('where')).toMatch(/round \d+|the end of the game/);
    expect(value('expected')).toBeDefined();
    expect(came).toBeDefined();
    expect(came).not.toBe(value('expected'));
    expect(value('rule')).toMatch(/^[A-Z]+(-[A-Z0-9]+)+ \(.+\): spec\/rules\.md#/);
  }, 120_000);
});
