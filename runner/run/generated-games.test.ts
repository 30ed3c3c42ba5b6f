import { describe, expect, test } from 'vitest';
import { replayOnReference } from '../engines/reference.ts';
import { replayRequestOf } from '../fixture/fixture.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import type { EngineProfile } from '../profile/profile.ts';
import { DEFAULT_BUDGET } from '../commands/run.ts';
import { checkAgainstSchema } from '../load/schemas.ts';
import { gameId, gameSettings, generatedGames, generatedGamesStoppable, type GamesWanted, namesGames, PROBES_GROUP, rulesExercised } from './generated-games.ts';

const registry = await loadVariantRegistry();
if (!registry.ok) throw new Error('the variants are invalid');
const variants = registry.value;

const PROFILE: EngineProfile = {
  variants: [
    { id: 'pagat', players: [2, 3], options: { target: [11, 21] }, rules: { sweep: { lastPlay: true } } },
    { id: 'escoba', players: [2] },
  ],
};

describe('the settings of a profile', () => {
  test('each declared variant, at each declared player count, with each combination of the listed option values, under the declared rules', () => {
    const settings = gameSettings(variants, PROFILE);
    expect(settings.map(({ variant, options, players }) => `${variant.id} ${JSON.stringify(options)} ${players}`)).toEqual([
      'pagat {"target":11} 2',
      'pagat {"target":11} 3',
      'pagat {"target":21} 2',
      'pagat {"target":21} 3',
      'escoba {} 2',
    ]);
    for (const setting of settings.filter((s) => s.variant.id === 'pagat')) {
      expect(setting.rules.sweep.lastPlay).toBe(true);
      expect(setting.rules.end.target).toBe(setting.options.target);
    }
  });

  test('a range gives its bounds, closed by the variant\'s where the profile leaves one open', () => {
    const settings = gameSettings(variants, { variants: [{ id: 'playpalace', players: [2], options: { target: { min: 5 } } }] });
    const playpalace = variants.get('playpalace');
    const max = playpalace?.options.find((option) => option.name === 'target');
    expect(settings.map((setting) => setting.options.target)).toEqual([5, max?.type === 'integer' ? max.max : undefined]);
  });

  test('"*": every variant, at every count it seats', () => {
    const settings = gameSettings(variants, { variants: '*' });
    expect(new Set(settings.map((setting) => setting.variant.id))).toEqual(new Set(variants.keys()));
    expect(settings.filter((setting) => setting.variant.id === 'escoba').map((setting) => setting.players)).toEqual([2, 3, 4]);
  });
});

describe('the games', () => {
  const settings = gameSettings(variants, PROFILE);
  const repro = (id: string, seed: number): string => `rerun ${id} ${seed}`;
  const games = generatedGames(settings, { count: 3, seed: 40 }, 'test', repro);

  test('count per setting, each with its id, seed and command', () => {
    expect(games).toHaveLength(3 * settings.length);
    expect(games.slice(0, 3).map((item) => item.fixture.id)).toEqual(['games/pagat/p2-target-11-s40', 'games/pagat/p2-target-11-s41', 'games/pagat/p2-target-11-s42']);
    expect(games[0]?.repro).toBe('rerun games/pagat/p2-target-11-s40 40');
    expect(gameId({ variant: variants.get('escoba') as never, options: {}, players: 2 }, 9)).toBe('games/escoba/p2-s9');
  });

  test('every game is played to its end under the declared rules, as the reference plays them', () => {
    for (const item of games) {
      const reply = replayOnReference(replayRequestOf(item.fixture, item.rules));
      expect(reply.rejection, item.fixture.id).toBeUndefined();
      expect(reply.events.at(-1)?.type, item.fixture.id).toBe('game-end');
      expect(item.fixture.expect.events?.list).toEqual(reply.events);
    }
  });

  test('game k of a run from seed s is the game of a run of one from seed s + k', () => {
    const alone = generatedGames(settings.slice(0, 1), { count: 1, seed: 42 }, 'test', repro);
    expect(alone[0]?.fixture).toEqual(games[2]?.fixture);
  });

  test('every id gameId gives is one an expect-fail list may name', () => {
    for (const item of games) expect(namesGames(item.fixture.id, variants), item.fixture.id).toBe(true);
  });

  test('made while the event loop turns, the same games; stopped, the settings made whole so far', async () => {
    expect(await generatedGamesStoppable(settings, { count: 3, seed: 40 }, 'test', repro)).toEqual(games);
    const stop = new AbortController();
    stop.abort();
    const cut = await generatedGamesStoppable(settings, { count: 3, seed: 40 }, 'test', repro, stop.signal);
    expect(cut.length).toBeLessThan(games.length);
    expect(cut).toEqual(games.slice(0, cut.length));
    expect(cut.length % 3).toBe(0);
  });

  test('the rules a game exercises: its plays, its sweeps, its awards and its end', () => {
    const exercised = new Set(games.flatMap((item) => [...rulesExercised(item.fixture.expect.events?.list ?? [], item.rules)]));
    for (const rule of ['DEAL-PROCEDURE', 'DEAL-REFILL', 'PLAY-TRAIL', 'CAP-RANK', 'CAP-SUM', 'CAP-FIFTEEN', 'SWEEP-POINT', 'SCORE-MOST-CARDS', 'SCORE-PRIMIERA', 'END-TARGET']) {
      expect(exercised, rule).toContain(rule);
    }
  });
});

describe('the probes', () => {
  const everySetting = gameSettings(variants, { variants: '*' });
  const repro = (id: string, seed: number): string => `rerun ${id} ${seed}`;
  // The probes a default run plays.
  const wanted: GamesWanted = { count: DEFAULT_BUDGET.probes, seed: 1, group: PROBES_GROUP };
  const probes = generatedGames(everySetting, wanted, 'test', repro);

  test('each a game up to an illegal decision, its last input, which the reference refuses as expected; inputs a game file may hold', () => {
    expect(probes.length).toBeGreaterThan(everySetting.length * DEFAULT_BUDGET.probes * 0.8);
    for (const { fixture, rules } of probes) {
      expect(fixture.id, fixture.id).toMatch(/^probes\/[a-z0-9-]+\/p\d+(-[a-z0-9-]+)?-s[1-8]$/);
      expect(fixture.tags).toEqual([PROBES_GROUP]);
      const reject = fixture.expect.reject;
      const last = fixture.rounds.at(-1);
      expect(reject, fixture.id).toMatchObject({ round: fixture.rounds.length, play: last?.plays.length });
      expect(replayOnReference(replayRequestOf(fixture, rules)).rejection?.code, fixture.id).toBe(reject?.code);
      const { variant, options, players, rounds, firstDealer } = fixture;
      expect(checkAgainstSchema('fixture#/$defs/game', { variant, options, players, rounds, ...(firstDealer === undefined ? {} : { firstDealer }) }), fixture.id).toEqual([]);
    }
  });

  test('of every shape the rules allow: the refusals they expect', () => {
    const codes = new Set(probes.map((probe) => probe.fixture.expect.reject?.code));
    for (const code of ['CARD_NOT_IN_HAND', 'CAPTURE_NOT_ON_TABLE', 'CAPTURE_WRONG_SUM', 'CAPTURE_RANK_PRIORITY', 'MUST_CAPTURE', 'CAPTURE_NOT_AUTOMATIC']) expect(codes, code).toContain(code);
  });

  test('the same seed, the same probes; each with the command that reruns it alone; named as games are', () => {
    expect(generatedGames(everySetting, wanted, 'test', repro)).toEqual(probes);
    expect(probes[0]?.repro).toBe(`rerun ${probes[0]?.fixture.id} ${/-s(\d+)$/.exec(probes[0]?.fixture.id ?? '')?.[1]}`);
    for (const { fixture } of probes) expect(namesGames(fixture.id, variants), fixture.id).toBe(true);
  });
});

describe('the ids an expect-fail list names games by', () => {
  test.each([
    ['games/pagat/p2-s1', true],
    ['games/playpalace/p3-decks-2-s7', true],
    ['games/pagat/*', true],
    ['games/*/p2-s1', true],
    ['games/*', true],
    ['games/pagat', false],
    ['games/pagta/p2-s1', false],
    ['games/pagat/p2-seven', false],
    ['games/pagat/p2/s1', false],
    ['pagat/p2-s1', false],
    ['games/constructor/p2-s1', false],
    ['probes/pagat/p2-s1', true],
    ['probes/*', true],
    ['probes/pagta/p2-s1', false],
    ['probe/pagat/p2-s1', false],
  ])('%s: %s', (id, names) => {
    expect(namesGames(id, variants)).toBe(names);
  });
});
