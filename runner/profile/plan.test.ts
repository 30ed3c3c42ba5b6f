import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ResolvedVariant } from '../../reference/index.ts';
import { runCli } from '../cli/cli-harness.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import { playedFixture, resolvedVariant, variantRules } from '../test-helpers.ts';
import { loadProfileFile } from './load.ts';
import { planFixture, rulesDifference } from './plan.ts';
import { type EngineProfile, reportingOf } from './profile.ts';

const pagat = resolvedVariant('pagat');
const played = playedFixture('pagat', { seed: 3 });

describe('planFixture', () => {
  test('an engine that declares nothing plays the fixture as written, every event compared', () => {
    const plan = planFixture(played.fixture, pagat, played.rules, { variants: '*' });
    expect(plan).toEqual({ kind: 'run', fixture: played.fixture, rules: played.rules, reporting: reportingOf('events') });
  });

  test('a variant, a player count or an option value the engine does not play: not applicable, with the reason', () => {
    const other: EngineProfile = { variants: [{ id: 'escoba' }] };
    expect(planFixture(played.fixture, pagat, played.rules, other)).toEqual({
      kind: 'not-applicable',
      cause: 'a variant the engine does not play',
      reason: 'the engine does not play pagat',
    });
    const threeOnly: EngineProfile = { variants: [{ id: 'pagat', players: [3, 4] }] };
    expect(planFixture(played.fixture, pagat, played.rules, threeOnly)).toEqual({
      kind: 'not-applicable',
      cause: 'the engine plays 3, 4 players',
      reason: 'the engine plays 3, 4 players, the fixture 2',
    });
    const targets: EngineProfile = { variants: [{ id: 'pagat', options: { target: [16, 21] } }] };
    expect(planFixture(played.fixture, pagat, played.rules, targets)).toEqual({
      kind: 'not-applicable',
      cause: 'the engine supports target 16, 21',
      reason: 'the engine supports target 16, 21, the fixture target=11',
    });
    const above: EngineProfile = { variants: [{ id: 'pagat', options: { target: { min: 16 } } }] };
    expect(planFixture(played.fixture, pagat, played.rules, above)).toMatchObject({ cause: 'the engine supports target 16 or more' });
    const range: EngineProfile = { variants: [{ id: 'pagat', options: { target: { min: 11, max: 21 } } }] };
    expect(planFixture(played.fixture, pagat, played.rules, range).kind).toBe('run');
  });

  test('a fixed option value: the fixture is played with it, its expectations derived and said to be', () => {
    const fixed: EngineProfile = { variants: [{ id: 'pagat', options: { target: [21] } }] };
    const plan = planFixture(played.fixture, pagat, played.rules, fixed);
    if (plan.kind !== 'run') throw new Error(plan.reason);
    expect(plan.derived).toBe('options.target: 21');
    expect(plan.fixture.options).toEqual({ target: 21 });
    expect(plan.rules.end.target).toBe(21);
    // A game to 21 outlasts the fixture's input: the derived game stops where the input does, with no result.
    expect(plan.fixture.expect.result).toBeUndefined();
    expect(plan.fixture.expect.events?.list.at(-1)?.type).toBe('round-end');
  });

  test("an engine that captures automatically where the fixture's player chose: the same cards played, each naming no capture, its captures derived", () => {
    const cirulla = resolvedVariant('cirulla');
    const chosen = playedFixture('cirulla', { seed: 2, rounds: 1 });
    const named = chosen.fixture.rounds.flatMap((round) => round.plays).filter((play) => 'capture' in play);
    expect(named.length).toBeGreaterThan(0);
    const auto: EngineProfile = { variants: [{ id: 'cirulla', rules: { capture: { chooser: 'auto' } } }] };
    const plan = planFixture(chosen.fixture, cirulla, chosen.rules, auto);
    if (plan.kind !== 'run') throw new Error(plan.reason);
    expect(plan.derived).toBe('rules.capture.chooser: auto');
    const cards = (rounds: typeof chosen.fixture.rounds) => rounds.map((round) => round.plays.map((play) => ('card' in play ? play.card : play)));
    expect(cards(plan.fixture.rounds)).toEqual(cards(chosen.fixture.rounds));
    expect(plan.fixture.rounds.flatMap((round) => round.plays).filter((play) => 'capture' in play)).toEqual([]);
    // The automatic engine's own captures are what the derived events expect.
    const captures = plan.fixture.expect.events?.list.filter((event) => event.type === 'capture') ?? [];
    expect(captures.length).toBeGreaterThan(0);
    // Where the fixture's player already had the engine choose, the decisions are left as written.
    const both: EngineProfile = { variants: [{ id: 'cirulla', options: { autoCapture: [true] } }] };
    const automatic = playedFixture('cirulla', { seed: 2, rounds: 1, options: { autoCapture: true } });
    const asWritten = planFixture(automatic.fixture, cirulla, automatic.rules, both);
    expect(asWritten).toMatchObject({ kind: 'run', fixture: { rounds: automatic.fixture.rounds } });
  });

  test('four each alone where the variant seats four as partners: the fixture is played so, its expectations derived with four sides', () => {
    const cirulla = resolvedVariant('cirulla');
    const partners = playedFixture('cirulla', { seed: 4, players: 4, rounds: 1 });
    const alone: EngineProfile = { variants: [{ id: 'cirulla', teamModes: ['individual'] }] };
    const plan = planFixture(partners.fixture, cirulla, partners.rules, alone);
    if (plan.kind !== 'run') throw new Error(plan.reason);
    expect(plan.derived).toBe('teamModes: individual');
    expect(plan.rules.players.teamMode).toBe('individual');
    const end = plan.fixture.expect.events?.list.find((event) => event.type === 'round-end');
    expect(end?.type === 'round-end' ? end.totals.length : 0).toBe(4);
    // The fixture as written still has two sides: the declaration, not the variant, made four.
    expect(partners.fixture.expect.events?.list.find((event) => event.type === 'round-end')).toMatchObject({ totals: [expect.any(Number), expect.any(Number)] });
  });

  test('declared rules: the knobs that differ are named, and a game that ends sooner is cut where it ends', () => {
    const shorter: EngineProfile = { variants: [{ id: 'pagat', rules: { end: { target: 3 } } }] };
    const plan = planFixture(played.fixture, pagat, played.rules, shorter);
    if (plan.kind !== 'run') throw new Error(plan.reason);
    expect(plan.derived).toBe('rules.end.target: 3');
    expect(plan.fixture.expect.result?.reason).toBe('target');
    expect(plan.fixture.rounds.length).toBeLessThan(played.fixture.rounds.length);
  });

  test('a decision illegal under the declared rules: not applicable, naming the play and the code; the declaration apart, once; with the game and the refusal', () => {
    const anyCard: EngineProfile = { variants: [{ id: 'pagat', rules: { capture: { compulsion: 'any-card' } } }] };
    const plan = planFixture(played.fixture, pagat, played.rules, anyCard);
    expect(plan).toMatchObject({
      kind: 'not-applicable',
      cause: "inputs not legal under the engine's declared rules",
      reason: "play 13 of round 1 (plays 10C and takes nothing (a trail)) is refused (MUST_PLAY_CAPTURING_CARD) under the engine's declared rules",
      derived: 'rules.capture.compulsion: any-card',
      refused: { rejection: { round: 1, play: 13, code: 'MUST_PLAY_CAPTURING_CARD' } },
    });
    // The game as the engine would be asked it under the declared rules: every input, the declared rules.
    if (plan.kind !== 'not-applicable') throw new Error('planned to run');
    expect(plan.refused?.request.rounds).toEqual(played.fixture.rounds);
    expect(plan.refused?.request.rules.capture.compulsion).toBe('any-card');
  });

  test('declared rules that contradict each other: not applicable, with the contradiction', () => {
    const contradictory: EngineProfile = { variants: [{ id: 'pagat', rules: { capture: { chooser: 'auto', compulsion: 'none' } } }] };
    const plan = planFixture(played.fixture, pagat, played.rules, contradictory);
    expect(plan.kind).toBe('not-applicable');
    expect(plan.kind === 'not-applicable' && plan.reason).toMatch(/^the engine's declared rules contradict each other here: capture\.chooser "auto"/);
    expect(plan.kind === 'not-applicable' && plan.cause).toBe("the engine's declared rules contradict each other here");
  });

  test('a category knob reaches the categories the options chose, by kind; it is named as declared, not as the list it changes', () => {
    const eachTie: EngineProfile = { variants: [{ id: 'pagat', categories: { 'most-coins': { ties: 'each' } } }] };
    const plan = planFixture(played.fixture, pagat, played.rules, eachTie);
    if (plan.kind !== 'run') throw new Error(plan.reason);
    expect(plan.rules.scoring.categories.find((category) => category.kind === 'most-coins')?.ties).toBe('each');
    expect(plan.rules.scoring.categories.filter((category) => category.ties === 'each')).toHaveLength(1);
    expect(plan.derived).toBe('categories.most-coins.ties: each');
  });

  test('only the declarations that change the fixture\'s rules are named, each once, as the profile writes it', () => {
    const declared: EngineProfile = {
      variants: [
        {
          id: 'pagat',
          rules: { sweep: { lastPlay: true, points: 1 } },
          categories: { primiera: { ties: 'each', points: 1 }, settebello: { points: 2 } },
          redeals: { 'TABLE-REDEAL-KINGS': { atLeast: 3, maxDeals: 2 }, 'TABLE-REDRAW-TENS': { maxDeals: 0 } },
        },
      ],
    };
    const plan = planFixture(played.fixture, pagat, played.rules, declared);
    if (plan.kind !== 'run') throw new Error(plan.reason);
    // pagat already scores a sweep 1 and a primiera 1, redeals on 3 kings and has no tens redraw: those change nothing.
    expect(plan.derived).toBe('rules.sweep.lastPlay: true, categories.primiera.ties: each, categories.settebello.points: 2, redeals.TABLE-REDEAL-KINGS.maxDeals: 2');
  });

  describe('one scoring category dropped, changed or added, the list not restated', () => {
    const cirulla = resolvedVariant('cirulla');
    const game = playedFixture('cirulla', { seed: 2, rounds: 2 });
    const ids = (rules: { scoring: { categories: readonly { id: string }[] } }): string[] => rules.scoring.categories.map((category) => category.id);

    test('none drops every category of that id or kind; the rest are played as written', () => {
      const noCappotto: EngineProfile = { variants: [{ id: 'cirulla', categories: { cappotto: 'none' } }] };
      const plan = planFixture(game.fixture, cirulla, game.rules, noCappotto);
      if (plan.kind !== 'run') throw new Error(plan.reason);
      expect(plan.derived).toBe('categories.cappotto: none');
      expect(ids(plan.rules)).toEqual(ids(game.rules).filter((id) => id !== 'cappotto'));
      expect(plan.rules.scoring.categories).toEqual(game.rules.scoring.categories.filter((category) => category.id !== 'cappotto'));
      const byKind = planFixture(game.fixture, cirulla, game.rules, { variants: [{ id: 'cirulla', categories: { 'all-coins': 'none' } }] });
      expect(byKind).toMatchObject({ kind: 'run', derived: 'categories.all-coins: none', rules: { scoring: { categories: plan.rules.scoring.categories } } });
    });

    test('a whole category replaces the one of its id, in its place: the grande to the seven is the option that says so', () => {
      const toSeven: EngineProfile = { variants: [{ id: 'cirulla', categories: { grande: { kind: 'grande', points: 5, downTo: 7 } } }] };
      const plan = planFixture(game.fixture, cirulla, game.rules, toSeven);
      if (plan.kind !== 'run') throw new Error(plan.reason);
      expect(plan.derived).toBe('categories.grande: {"kind":"grande","points":5,"downTo":7}');
      expect(plan.rules.scoring.categories).toEqual(variantRules('cirulla', { grande: 'to-seven' }).scoring.categories);
      // The same category as the variant's names nothing and derives nothing.
      const same: EngineProfile = { variants: [{ id: 'cirulla', categories: { grande: { kind: 'grande', points: 5 } } }] };
      expect(planFixture(game.fixture, cirulla, game.rules, same)).toEqual({ kind: 'run', fixture: game.fixture, rules: game.rules, reporting: reportingOf('events') });
    });

    test('a whole category of a new id is scored after the others, and its awards are expected', () => {
      const extra = { kind: 'most-sevens' as const, points: 1, ties: 'nobody' as const };
      const plan = planFixture(played.fixture, pagat, played.rules, { variants: [{ id: 'pagat', categories: { extra } }] });
      if (plan.kind !== 'run') throw new Error(plan.reason);
      expect(plan.derived).toBe('categories.extra: {"kind":"most-sevens","points":1,"ties":"nobody"}');
      expect(ids(plan.rules)).toEqual([...ids(played.rules), 'extra']);
      const awards = (fixture: typeof played.fixture) => (fixture.expect.events?.list ?? []).flatMap((event) => (event.type === 'award' ? [event] : []));
      expect(awards(plan.fixture).some((award) => award.category === 'extra')).toBe(true);
      // The first round is played whole either way: its other awards are the fixture's.
      const others = (fixture: typeof played.fixture) => awards(fixture).filter((award) => award.round === 1 && award.category !== 'extra');
      expect(others(plan.fixture)).toEqual(others(played.fixture));
    });
  });

  test('rulesDifference names each knob that differs, with the new value', () => {
    const base = variantRules('pagat');
    expect(rulesDifference(base, base)).toEqual([]);
    expect(rulesDifference(base, { ...base, sweep: { ...base.sweep, lastPlay: true, points: 2 } })).toEqual(['sweep.points: 2', 'sweep.lastPlay: true']);
    expect(rulesDifference(base, { ...base, capture: { ...base.capture, compulsion: 'none' } }, 'rules')).toEqual(['rules.capture.compulsion: none']);
    // Scoring categories differ category by category, not as the whole list.
    const cirulla = variantRules('cirulla');
    const categories = cirulla.scoring.categories;
    const rescored = categories.flatMap((category) => (category.id === 'cappotto' ? [] : category.id === 'cards' ? [{ ...category, threshold: 1 }] : [category]));
    expect(rulesDifference(cirulla, { ...cirulla, scoring: { ...cirulla.scoring, categories: rescored } }, 'rules')).toEqual([
      'rules.scoring.categories.cards.threshold: 1',
      'rules.scoring.categories.cappotto: none',
    ]);
    const added = [...categories, { id: 'extra', kind: 'most-sevens' as const, points: 1, ties: 'nobody' as const }];
    expect(rulesDifference(cirulla, { ...cirulla, scoring: { ...cirulla.scoring, categories: added } })).toEqual([
      'scoring.categories.extra: {"id":"extra","kind":"most-sevens","points":1,"ties":"nobody"}',
    ]);
  });
});

describe('profile files', () => {
  let dir: string;
  let variants: ReadonlyMap<string, ResolvedVariant>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scopa-profile-'));
    const registry = await loadVariantRegistry();
    if (!registry.ok) throw new Error('variants invalid');
    variants = registry.value;
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const write = async (name: string, text: string): Promise<string> => {
    const path = join(dir, name);
    await writeFile(path, text);
    return path;
  };

  test('a valid profile loads', async () => {
    const path = await write('ok.yaml', 'variants:\n  - id: pagat\n    players: [2]\n    options: { target: [11] }\n    reports: plays-and-scores\n');
    expect(await loadProfileFile(path, variants)).toEqual({
      ok: true,
      value: { variants: [{ id: 'pagat', players: [2], options: { target: [11] }, reports: 'plays-and-scores' }] },
    });
  });

  test('each problem where it is written: an unknown variant, option, player count, knob, reporting level and unordered field', async () => {
    const path = await write(
      'bad.yaml',
      [
        'variants:',
        '  - id: pagatt',
        '  - id: pagat',
        '    players: [2, 9]',
        '    options: { tarjet: [11] }',
        '  - id: escoba',
        '    rules: { sweep: { lastPlay: maybe } }',
        '    reports: everything',
        '    unordered: [capture.card]',
        '',
      ].join('\n'),
    );
    const loaded = await loadProfileFile(path, variants);
    expect(loaded.ok).toBe(false);
    const errors = loaded.ok ? [] : loaded.errors.map((error) => `${error.line}:${error.col}: ${error.message}`);
    expect(errors).toEqual([
      '7:33: expected a boolean, got "maybe"',
      '8:14: expected one of events, plays-and-scores, totals, got "everything"',
      '9:17: expected one of capture.captured, got "capture.card"',
    ]);
    const semantic = await write('semantic.yaml', 'variants:\n  - id: pagatt\n  - id: pagat\n    players: [2, 9]\n    options: { tarjet: [11] }\n');
    const second = await loadProfileFile(semantic, variants);
    expect(second.ok ? [] : second.errors.map((error) => `${error.line}:${error.col}: ${error.message}`)).toEqual([
      `2:9: unknown variant "pagatt" (known: ${[...variants.keys()].join(', ')})`,
      '4:18: pagat does not seat 9 players (it seats 2, 3, 4, 6)',
      '5:16: variant "pagat" has no option "tarjet"; its options are target',
    ]);
  });

  test('a misspelt field to omit is told the nearest one it may be, whichever list it is in', async () => {
    const path = await write('omit.yaml', 'reports:\n  omit: [game-end.winer, refusal.cod, award.count]\nvariants: "*"\n');
    const loaded = await loadProfileFile(path, variants);
    expect(loaded.ok ? [] : loaded.errors.map((error) => `${error.line}:${error.col}: ${error.message}`)).toEqual([
      '2:10: "game-end.winer" is not one of the 26 allowed values; did you mean game-end.winner?',
      '2:26: "refusal.cod" is not one of the 26 allowed values; did you mean refusal.code?',
      '2:39: "award.count" is not one of the 26 allowed values; did you mean award.counts?',
    ]);
    const spelt = await write('omit-ok.yaml', 'reports:\n  omit: [game-end.winner, refusal.code, award.primiera.counts]\nvariants: "*"\n');
    expect((await loadProfileFile(spelt, variants)).ok).toBe(true);
  });

  test('a category knob its kind does not take, where it is written, with the knobs it takes; one it takes is accepted', async () => {
    const path = await write(
      'kinds.yaml',
      'variants:\n  - id: escoba\n    categories:\n      sevens: { tieRanks: [6, 1, 5] }\n      most-cards: { copies: each }\n      all-coins: { winsGame: true }\n',
    );
    const loaded = await loadProfileFile(path, variants);
    expect(loaded.ok ? [] : loaded.errors.map((error) => `${error.line}:${error.col}: ${error.message}`)).toEqual([
      '5:21: escoba\'s category "cards" (most-cards): unknown key "copies" (allowed: points, ties, threshold)',
    ]);
  });

  test('a knob its kind does not take is one error: the rules it would make are not also called contradictory', async () => {
    const path = await write('one-mistake.yaml', 'variants:\n  - id: pagat\n    categories: { most-cards: { tieRanks: [7] } }\n');
    const loaded = await loadProfileFile(path, variants);
    expect(loaded.ok ? [] : loaded.errors.map((error) => `${error.line}:${error.col}: ${error.message}`)).toEqual([
      '3:33: pagat\'s category "cards" (most-cards): unknown key "tieRanks" (allowed: points, ties, threshold)',
    ]);
  });

  test('a category no variant has, in categories or in an award field to omit, where it is written, with the nearest', async () => {
    const path = await write(
      'unknown-category.yaml',
      [
        'reports: { omit: [award.primera.counts] }',
        'variants:',
        '  - id: cirulla',
        '    categories:',
        '      capotto: none',
        '      nosuch: { points: 2 }',
        '      extra: { kind: most-sevens, points: 1, copies: each }',
        '      grande: { kind: grande, points: 6, id: grande }',
        '    reports: { omit: [award.extra.counts, award.cappoto.points] }',
        '',
      ].join('\n'),
    );
    const loaded = await loadProfileFile(path, variants);
    expect(loaded.ok ? [] : loaded.errors.map((error) => `${error.line}:${error.col}: ${error.message}`)).toEqual([
      '1:19: no variant of the profile has a category "primera"; did you mean award.primiera.counts?',
      '5:7: "capotto" is no category kind, nor the id of a category cirulla has; did you mean cappotto?',
      '6:7: "nosuch" is no category kind, nor the id of a category cirulla has; its categories are cards, coins, settebello, primiera, piccola, cappotto, sweeps',
      '7:7: cirulla\'s category "extra" (most-sevens): missing key "ties"',
      '7:46: cirulla\'s category "extra" (most-sevens): unknown key "copies" (allowed: kind, points, ties, threshold, tieRanks)',
      '8:42: the key names the category ("grande"): leave "id" out',
      '9:43: cirulla has no category "cappoto"; did you mean award.cappotto.points?',
    ]);
    // A kind the variant never scores is refused with the kinds and ids it has (escoba has no napola).
    const unscored = await write('unscored-kind.yaml', 'variants:\n  - id: escoba\n    categories: { napola: { upTo: 7 } }\n');
    const refused = await loadProfileFile(unscored, variants);
    expect(refused.ok ? [] : refused.errors.map((error) => `${error.line}:${error.col}: ${error.message}`)).toEqual([
      '3:19: escoba scores no category of kind "napola" under any option; its categories are escobas (sweeps), all-coins, coins (most-coins), siete-de-oros (card), all-sevens, sevens (most-sevens), cards (most-cards)',
    ]);
    // Each kind and id a variant has under any option may be named; and a category the profile adds.
    const named = await write(
      'named-category.yaml',
      [
        'reports: { omit: [award.sevens.counts, award.extra.points] }',
        'variants:',
        '  - id: escoba',
        '    categories: { most-sevens: { ties: each } }',
        '  - id: cirulla',
        '    categories: { cappotto: none, napola: { upTo: 7 }, extra: { kind: most-sevens, points: 1, ties: nobody } }',
        '',
      ].join('\n'),
    );
    expect(await loadProfileFile(named, variants)).toMatchObject({ ok: true });
    const everyVariant = await write('every-variant.yaml', 'reports: { omit: [award.siete-de-oros.counts, award.settebelo.counts] }\nvariants: "*"\n');
    const every = await loadProfileFile(everyVariant, variants);
    expect(every.ok ? [] : every.errors.map((error) => `${error.line}:${error.col}: ${error.message}`)).toEqual([
      '1:47: no variant of the profile has a category "settebelo"; did you mean award.settebello.counts?',
    ]);
  });

  test('run --profile: a bad file is reported as file:line:col and nothing is run (exit 2)', async () => {
    const path = await write('run-bad.yaml', 'variants:\n  - id: nosuch\n');
    const ran = await runCli(['run', 'pagat/cap-sum-01', '--profile', path]);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toContain(`${path}:2:9: error: unknown variant "nosuch"`);
    expect(ran.stderr).toContain('nothing was run');
  });

  test('run --profile: what the engine does not play is not applicable, counted on its own line', async () => {
    const path = await write('escoba-only.yaml', 'variants:\n  - id: escoba\n');
    const ran = await runCli(['run', 'pagat/cap-sum-01', 'escoba/end-tie-breaks-02', '--profile', path]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^N\/A   1 fixture of pagat: a variant the engine does not play\n2 fixtures: 1 passed, 0 failed, 1 not applicable, 0 skipped, 0 errored \(reference engine, [\d.]+ s\)\n$/);
  });
});

test('run --profile: the command that reruns a failing fixture names the profile too', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'scopa-profile-'));
  try {
    const path = join(dir, 'pagat.yaml');
    await writeFile(path, 'variants:\n  - id: pagat\n    players: [2]\n');
    const failing = await runCli(['run', 'runner/testdata/run/demo/fail-01.yaml', '--profile', path]);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain(`reproduce: npx scopa-conformance run runner/testdata/run/demo/fail-01.yaml --profile ${path}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
