import { describe, expect, test } from 'vitest';
import { applyOptions, type OptionValue, type ResolvedVariant } from '../../reference/index.ts';
import type { Engine } from '../engines/engine.ts';
import { referenceEngine } from '../engines/engine.ts';
import { checkFixtureMeaning } from '../load/fixtures.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import { referenceWith } from '../causes/patched-reference.ts';
import { MUTANTS } from '../mutants/catalog.ts';
import type { Fixture } from '../fixture/fixture.ts';
import { runFixture } from '../run/replay.ts';
import { cardsDealt, fuzz, type FuzzFinding, type FuzzSettings, withUndealtInOrder } from './fuzz.ts';

const registry = await loadVariantRegistry();
if (!registry.ok) throw new Error('the variants are invalid');
const variants = registry.value;

/**
 * The games fuzz plays, each a variant with options, a player count and the illegal-decision rate (default 0.05),
 * in the order they are tried.
 */
const SETTINGS: [string, Record<string, OptionValue>, number, number?][] = [
  ['pagat', {}, 2],
  ['playpalace', { decks: 2 }, 3],
  ['playpalace', { inverse: true, target: 5 }, 2],
  // Low targets make the game's end, and its ties, common.
  ['denexa', { target: 3 }, 2],
  ['escoba', { target: 7 }, 2],
  // Three players to a low target: losers tied on points, whom the tie-break counts would order otherwise.
  ['escoba', { target: 7 }, 3, 0],
  ['pagat', { target: 2 }, 2],
  ['pagat', {}, 3],
  ['anycard', {}, 2],
  ['escoba', {}, 2],
  ['playpalace', { instantWin: true, target: 5 }, 2],
  ['scoparella', {}, 2],
  ['playpalace', {}, 2],
  // Games without an illegal decision play on to the round's end and the game's: a prime with a suit missing at
  // the scoring, an exact tie at a low target, one the tie-break counts decide.
  ['denexa', {}, 2, 0],
  ['playpalace', { target: 1 }, 2, 0],
  ['escoba', { target: 7 }, 2, 0],
  // Table claims (CAP-TABLE-CLAIM), under each reading; no game above has them.
  ['escoba-vipgames', {}, 2],
  ['escoba-playjoy', {}, 2],
  // The readings of the deal, the ace, the end and napola, each on a variant that plays the rule it reads; Cirulla.
  ['scopa-d-assi', {}, 2],
  ['scopa-d-assi', {}, 4],
  ['scopone-classico', {}, 4],
  ['escoba-counted-out', { target: 7 }, 2],
  ['playpalace', { inverse: true, instantWin: true, scopaMechanic: 'no-scopas', target: 5 }, 3],
  ['napola', {}, 2],
  ['cirulla', {}, 2],
  ['cirulla-parlett', {}, 2],
];

/**
 * Mutants whose bug only the variants of the rule they read can show, with those variants: each is tried on their
 * settings alone (in random play elsewhere their code never runs).
 */
const TRIED_ONLY_ON: Record<string, string[]> = {
  'scopone-dealt-in-packets': ['scopone-classico'],
  'ace-game-four-players-ten-each': ['scopa-d-assi'],
  'ace-takes-all-over-an-ace': ['scopa-d-assi'],
  'ace-takes-an-ace-alone': ['scopa-d-assi', 'cirulla'],
  'ace-kept-on-empty-table': ['scopa-d-assi'],
  'ace-takes-any-part': ['scopa-d-assi'],
  'ace-lead-forbidden': ['scopa-d-assi'],
  'ace-ordinary-on-first-play': ['scopa-d-assi'],
  'counting-out-tie-counts-on': ['escoba-counted-out'],
  'instant-win-after-every-sweep': ['playpalace'],
  'napola-run-to-the-six': ['napola'],
  'cirulla-fifteen-refused': ['cirulla'],
  'ace-sweep-not-scored': ['scopa-d-assi', 'cirulla'],
  'aces-never-redeal': ['cirulla'],
  'grande-for-the-king-alone': ['cirulla'],
  'grande-cups-for-coins': ['cirulla'],
  'declaration-limit-excluded': ['cirulla'],
  'declarations-on-the-first-deal-only': ['cirulla'],
  'wild-seven-ordinary': ['cirulla'],
  'wild-named-value-ignored': ['cirulla-parlett'],
  'wild-keeps-its-named-value': ['cirulla-parlett'],
  'wild-card-the-settebello': ['cirulla'],
  'fifteen-over-ten-not-found': ['cirulla'],
  'cirulla-automatic-most-cards': ['cirulla'],
  'piccola-up-to-seven': ['cirulla'],
  'cappotto-wins-nothing': ['cirulla'],
  'declarations-stack': ['cirulla'],
  'declarations-at-first-play': ['cirulla'],
};

/** The settings a mutant is tried on: every one, but those above on their variants' and a table claim's on those with claims. */
function settingsTriedOn(mutant: (typeof MUTANTS)[number]): typeof SETTINGS {
  const variants = TRIED_ONLY_ON[mutant.name];
  if (variants !== undefined) return SETTINGS.filter(([variant]) => variants.includes(variant));
  return mutant.rule === 'CAP-TABLE-CLAIM' ? SETTINGS.filter((setting) => settingsOf(setting, 0).rules.capture.tableClaim !== 'none') : SETTINGS;
}

/**
 * Mutants random play cannot reach, each with why; the corpus catches each of them (runner/mutants/mutants.test.ts),
 * by a hand-verified fixture of the case.
 */
const OUT_OF_FUZZ_REACH: Record<string, string> = {
  'remainder-to-first-player': 'a round in which nobody captures at all: random play never plays one (36 trails in a row)',
  'cards-and-coins-without-threshold':
    'fuzz plays Cirulla at two players, where a side with the most cards has 21 or more and one with the most coins 6 or more: the thresholds decide only at three or four',
};

/**
 * Mutants whose bug cannot show within one round of the games above, with the rounds it takes: a bug from round 3
 * on; piles carried into the next round; a dealer's rotation; dealing from seat 0 where the first dealer is the last seat (round 1 deals from seat 0
 * anyway); an exact tie at Escoba's lowest target (7), which one round almost never reaches; and an exact tie at
 * the target, which whole games of the first setting (pagat to 11) meet first, after the rounds it takes to get
 * there (the rounds before it decide the totals, so shrinking keeps them); a target raised after round 1, which
 * shows where a side reaches the unraised target in round 2 or later, or in round 1 at a target a round can reach;
 * and two that need totals near the target first: a sweep worth nothing by a side already there (instant win), two
 * sides taken to it by one award (counting out, at Escoba's lowest target).
 */
const ROUNDS_NEEDED: Record<string, number> = {
  'settebello-forgotten-from-round-3': 3,
  'piles-kept-between-rounds': 2,
  'dealer-rotates-backwards': 2,
  'deal-from-seat-zero': 2,
  'target-plus-first-round-winner': 2,
  'instant-win-after-every-sweep': 3,
  'counting-out-tie-counts-on': 3,
  'tie-breaks-ignored': 3,
  'exact-tie-to-highest-seat': 10,
  'exact-tie-is-a-draw': 10,
  'exact-tie-by-counting-order': 10,
};

/**
 * The games of each setting, seeds 1 to 650, in two turns: the first 25 of every setting, then the rest. Most
 * bugs show within a setting's first games, on the settings of their rule only: played in one turn, those found
 * only on a later setting waited for 650 games of each setting before it (three fifths of this file's time).
 */
const TURNS = [
  { first: 1, games: 25 },
  { first: 26, games: 625 },
];

function settingsOf([id, options, players, illegalRate = 0.05]: (typeof SETTINGS)[number], games: number): FuzzSettings {
  const variant = variants.get(id) as ResolvedVariant;
  const rules = applyOptions(variant, options);
  if (!rules.ok) throw new Error(rules.error.message);
  return {
    variant,
    options,
    rules: rules.value,
    players: [players],
    seed: 1,
    games,
    illegalRate,
    engineLabel: 'mutant',
    engineVersion: '0.0.0',
    group: 'fuzz',
    shownDir: 'fuzz',
    reproFlags: [],
  };
}

test('the reference engine fuzzed against itself: no finding, every game passes', async () => {
  const outcome = await fuzz(referenceEngine(), settingsOf(SETTINGS[0] as (typeof SETTINGS)[number], 300));
  expect(outcome.games).toBe(300);
  expect(outcome.findings).toEqual([]);
  expect(outcome.results).toEqual([]);
});

test('at the defaults, games are played to their end and illegal decisions probe them on the side', async () => {
  const outcome = await fuzz(referenceEngine(), settingsOf(SETTINGS[0] as (typeof SETTINGS)[number], 200));
  expect(outcome.judged).toBe(200);
  expect(outcome.reachedGameEnd).toBeGreaterThanOrEqual(0.8 * outcome.games);
  expect(outcome.reachedRoundEnd).toBeGreaterThanOrEqual(outcome.reachedGameEnd);
  // A whole game has dozens of decisions: at 5% each, nearly every game draws an illegal one to probe.
  expect(outcome.probes).toBeGreaterThan(0.9 * outcome.games);
});

test('the same seed plays the same games and finds the same', async () => {
  const engine = referenceEngine(undefined, await referenceWith([MUTANTS.find((mutant) => mutant.name === 'sweep-on-last-play') as (typeof MUTANTS)[number]]));
  const once = await fuzz(engine, settingsOf(SETTINGS[0] as (typeof SETTINGS)[number], 200));
  const again = await fuzz(engine, settingsOf(SETTINGS[0] as (typeof SETTINGS)[number], 200));
  expect(once.findings.map((finding) => finding.fixture)).toEqual(again.findings.map((finding) => finding.fixture));
}, 60_000);

describe('fuzz finds every rule mutant from seed 1 within 10,000 games, and shrinks what it finds to a fixture that run fails with the same rule', () => {
  const fuzzMutant = async (mutant: (typeof MUTANTS)[number]): Promise<void> => {
    const engine = referenceEngine(undefined, await referenceWith([mutant]));
    const roundsNeeded = ROUNDS_NEEDED[mutant.name] ?? 1;
    let found: FuzzFinding | undefined;
    let played = 0;
    search: for (const { first, games } of TURNS) {
      for (const setting of settingsTriedOn(mutant)) {
        // Once the mutant's own rule is found and shrunk to the rounds it needs, later games would only find it again.
        const shown = new AbortController();
        const onGame = (_: number, __: ReadonlySet<string>, findings: ReadonlyMap<string, FuzzFinding>): void => {
          const rounds = findings.get(mutant.rule)?.fixture.rounds.length;
          if (rounds !== undefined && rounds <= roundsNeeded) shown.abort();
        };
        const outcome = await fuzz(engine, { ...settingsOf(setting, games), seed: first, signal: shown.signal, onGame });
        played += outcome.games;
        // The finding under the mutant's own rule where fuzz names it, else the first one found; a setting that
        // shows the bug only in a longer game than it needs is not where the search ends.
        const candidate = outcome.findings.find((finding) => finding.rule === mutant.rule) ?? outcome.findings[0];
        if (candidate !== undefined && (found === undefined || candidate.fixture.rounds.length < found.fixture.rounds.length)) found = candidate;
        if (found !== undefined && found.fixture.rounds.length <= roundsNeeded) break search;
      }
    }
    expect(found, `${mutant.name}: nothing found in ${played} games`).toBeDefined();
    if (found === undefined) return;
    expect(played).toBeLessThanOrEqual(10_000);
    expect(found.fixture.rounds.length, `${mutant.name}: shrunk to ${found.fixture.rounds.length} rounds`).toBeLessThanOrEqual(roundsNeeded);
    // The cards of the last deck order that no deal reached are in card order.
    const deck = found.fixture.rounds.at(-1)?.decks.at(-1) ?? [];
    expect(deck).toEqual(withUndealtInOrder(deck, cardsDealt(found.fixture)));
    // The shrunk fixture is valid (the reference agrees with it), and run fails it with the same rule.
    const variant = variants.get(found.fixture.variant) as ResolvedVariant;
    const rules = applyOptions(variant, found.fixture.options);
    if (!rules.ok) throw new Error(rules.error.message);
    expect(checkFixtureMeaning(found.fixture, `/nowhere/${found.fixture.id}.yaml`, registry.value)).toEqual([]);
    const rerun = await runFixture(engine, { fixture: found.fixture, file: 'f.yaml', variant, rules: rules.value, repro: '' });
    expect(rerun.findings?.map((finding) => finding.rule)).toContain(found.rule);
    // The fixture says which rule it shows, in its rules and its provenance: the rule it was shrunk for.
    expect(found.fixture.rules).toEqual(found.rule === null ? [] : [found.rule]);
    expect(found.fixture.provenance).toMatchObject({ kind: 'fuzz', seed: found.seed, ...(found.rule === null ? {} : { rule: found.rule }) });
    expect(found.result.findings?.map((finding) => finding.rule)).toContain(found.rule);
  };
  test.each(MUTANTS.filter((mutant) => !Object.hasOwn(OUT_OF_FUZZ_REACH, mutant.name)).map((mutant) => [mutant.name, mutant] as const))(
    '%s',
    async (_, mutant) => fuzzMutant(mutant),
    120_000,
  );

  test('every mutant fuzz cannot reach, or tries on some variants only, is one the catalog has', () => {
    for (const name of [...Object.keys(OUT_OF_FUZZ_REACH), ...Object.keys(TRIED_ONLY_ON)]) expect(MUTANTS.map((mutant) => mutant.name)).toContain(name);
  });
});

test('cardsDealt counts the last deck order\'s deals after its redeals; withUndealtInOrder orders only the rest', () => {
  const fixture = {
    rounds: [{ decks: [[], []], plays: [] }],
    expect: {
      events: {
        match: 'all',
        list: [
          { type: 'redeal', round: 1, rule: 'TABLE-REDEAL-KINGS', table: ['10C', '10D', '10H', '1S'] },
          { type: 'deal', round: 1, deal: 1, dealer: 1, hands: [['1C', '2C', '3C'], ['4C', '5C', '6C']], table: ['7C', '8C', '9C', '10C'] },
          { type: 'deal', round: 1, deal: 2, dealer: 1, hands: [['1D', '2D', '3D'], ['4D', '5D', '6D']] },
        ],
      },
    },
  } as unknown as Fixture;
  expect(cardsDealt(fixture)).toBe(16);
  expect(withUndealtInOrder(['7D', '3S', '10C', '1C', '2H'], 2)).toEqual(['7D', '3S', '2H', '1C', '10C']);
});

test('the games take turns at each player count given', async () => {
  const seen: number[] = [];
  const reference = referenceEngine();
  const watching: Engine = { ...reference, name: 'watching', replay: async (request) => (seen.push(request.players), reference.replay(request)) };
  const outcome = await fuzz(watching, { ...settingsOf(SETTINGS[0] as (typeof SETTINGS)[number], 6), players: [2, 3, 4] });
  expect(outcome.findings).toEqual([]);
  // Each game, then its probe.
  expect(seen).toEqual([2, 2, 3, 3, 4, 4, 2, 2, 3, 3, 4, 4]);
});

test('each game draws a value of every option to draw, from a list or a range, and plays by it', async () => {
  const seen: string[] = [];
  const reference = referenceEngine();
  const watching: Engine = {
    ...reference,
    name: 'watching',
    replay: async (request) => (seen.push(`${String(request.options.target)}/${request.rules.end.target}/${String(request.options.decks)}/${request.rules.deck.copies}`), reference.replay(request)),
  };
  const playpalace: (typeof SETTINGS)[number] = ['playpalace', {}, 2];
  const outcome = await fuzz(watching, { ...settingsOf(playpalace, 40), optionDraws: { target: { min: 3, max: 5 }, decks: [1, 2] } });
  expect(outcome.findings).toEqual([]);
  expect(new Set(seen)).toEqual(new Set(['3/3/1/1', '4/4/1/1', '5/5/1/1', '3/3/2/2', '4/4/2/2', '5/5/2/2']));
});

test('a flaky engine, wrong on every other answer, is judged on the answer it gave: every wrong game is a failure', async () => {
  const reference = referenceEngine();
  let answers = 0;
  const flaky: Engine = {
    ...reference,
    name: 'flaky',
    replay: async (request) => {
      const reply = await reference.replay(request);
      if (answers++ % 2 === 1) return reply;
      // Every other answer adds a point to the first round-end's totals.
      const at = reply.events.findIndex((event) => event.type === 'round-end');
      const events = reply.events.map((event, i) => (i === at && event.type === 'round-end' ? { ...event, totals: event.totals.map((total) => total + 1) } : event));
      return { ...reply, events };
    },
  };
  const outcome = await fuzz(flaky, { ...settingsOf(SETTINGS[0] as (typeof SETTINGS)[number], 20), illegalRate: 0 });
  expect(outcome.judged).toBe(20);
  expect(outcome.findings.length).toBeGreaterThan(0);
  // Each game was asked once: judged on that answer, wrong, then shrunk (which asks for other games).
  expect(outcome.results.length).toBeGreaterThanOrEqual(10);
});
