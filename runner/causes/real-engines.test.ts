/**
 * The engines issue 29 was filed on, rebuilt as combinations of the catalog's known bugs and documented readings and
 * diagnosed from a minimal profile: what diagnose says of each is what those engines needed said.
 */
import { describe, expect, test } from 'vitest';
import type { ResolvedVariant } from '../../reference/index.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import { schemaCheckedItems } from '../run/corpus-items.ts';
import { gameSettings, generatedGames } from '../run/generated-games.ts';
import type { RunItem } from '../run/replay.ts';
import { type Candidate, candidatesOf } from './candidates.ts';
import { diagnose } from './diagnosis.ts';
import { type KnownBug, knownBug } from './known-bugs.ts';
import { engineWith } from './test-helpers.ts';

const registry = await loadVariantRegistry();
if (!registry.ok) throw new Error('the variants are invalid');
const variants: ReadonlyMap<string, ResolvedVariant> = registry.value;
const corpus = await schemaCheckedItems();

const variantNamed = (id: string): ResolvedVariant => {
  const variant = variants.get(id);
  if (variant === undefined) throw new Error(`no variant ${id}`);
  return variant;
};
const bugNamed = (name: string): KnownBug => {
  const bug = knownBug(name);
  if (bug === undefined) throw new Error(`no known bug ${name}`);
  return bug;
};
/** A documented reading of a variant, as diagnose tries it: `knob=value`. */
function readingOf(variant: string, written: string, played: Record<string, string | number | boolean>[] = []): Candidate {
  const [knob, value] = written.split('=') as [string, string];
  const found = candidatesOf(variantNamed(variant), { id: variant }, played).find((candidate) => candidate.knob === knob && String(candidate.value) === value);
  if (found === undefined) throw new Error(`no reading ${written} of ${variant}`);
  return found;
}

interface Said {
  bugs: string[];
  readings: string[];
  /** The rules each finding is under, in the order found. */
  rules: (string | null)[];
  /** The fixtures still failing under the explanation found: what no hypothesis explains. */
  left: number;
}

/** What diagnose says of an engine of `variant` playing the bugs and readings, on `items` and games of its rules. */
async function diagnosed(variant: string, bugs: readonly string[], readings: readonly Candidate[], items: readonly RunItem[], games: number): Promise<Said> {
  const engine = await engineWith(variantNamed(variant), bugs.map(bugNamed), readings);
  const outcome = await diagnose({
    judged: 'engine',
    engines: [engine],
    base: { variants: [{ id: variant }] },
    registry: variants,
    corpus: items,
    generate: (profile, reference) => generatedGames(gameSettings(variants, profile).filter((setting) => setting.variant.id === variant), { count: games, seed: 1 }, 'test', () => '', reference),
  });
  expect(outcome.lost).toEqual([]);
  expect(outcome.unsteady).toBeUndefined();
  return {
    bugs: outcome.found.flatMap(({ hypothesis }) => (hypothesis.kind === 'bug' ? [hypothesis.bug.name] : [])),
    readings: outcome.found.flatMap(({ hypothesis }) => (hypothesis.kind === 'reading' ? [`${hypothesis.reading.knob}=${String(hypothesis.reading.value)}`] : [])),
    rules: outcome.found.map(({ hypothesis }) => (hypothesis.kind === 'bug' ? hypothesis.bug.rule : hypothesis.reading.rule)),
    left: outcome.results.filter((result) => result.outcome === 'failed').length,
  };
}

const handVerified = (variant: string): RunItem[] => corpus.filter((item) => item.fixture.variant === variant && item.fixture.provenance.kind === 'hand-verified');

describe("the engines of the issue on causes, as diagnose now sees them", () => {
  test('a two-player Scopa engine: the remainder given to nobody no longer hides figures worth nothing in the primiera, and its three readings are found beside them', async () => {
    const readings = ['sweep.lastPlay=true', 'categories.cards.ties=each', 'capture.compulsion=any-card'].map((written) => readingOf('pagat', written));
    const said = await diagnosed('pagat', ['remainder-to-nobody', 'primiera-figures-worth-nothing'], readings, handVerified('pagat'), 2);
    expect(said.bugs.sort()).toEqual(['primiera-figures-worth-nothing', 'remainder-to-nobody']);
    expect(said.readings.sort()).toEqual(['capture.compulsion=any-card', 'categories.cards.ties=each', 'sweep.lastPlay=true']);
    expect(said.left).toBe(0);
  });

  test("an Escoba engine: the opening table's bonus to the first player is a reading, found beside the compulsion reading that fails the same fixture", async () => {
    const readings = ['openingTable.bonus.beneficiary=first-player', 'capture.compulsion=played-card'].map((written) => readingOf('escoba', written));
    const said = await diagnosed('escoba', [], readings, handVerified('escoba'), 2);
    expect(said.readings.sort()).toEqual(['capture.compulsion=played-card', 'openingTable.bonus.beneficiary=first-player']);
    expect(said.bugs).toEqual([]);
    expect(said.left).toBe(0);
  });

  test('a Cirulla engine whose dealer also leads: one bug under DEAL-DEALER, never a reading of the bonus to the first player', async () => {
    const said = await diagnosed('cirulla', ['leader-taken-for-dealer'], [], handVerified('cirulla'), 2);
    expect(said).toEqual({ bugs: ['leader-taken-for-dealer'], readings: [], rules: [bugNamed('leader-taken-for-dealer').rule], left: 0 });
  });

  test('scoparella: piles never emptied between rounds are one cause, not three rules', async () => {
    const said = await diagnosed('scoparella', ['piles-kept-between-rounds'], [], handVerified('scoparella'), 2);
    expect(said).toEqual({ bugs: ['piles-kept-between-rounds'], readings: [], rules: [bugNamed('piles-kept-between-rounds').rule], left: 0 });
  });

  test("PlayPalace's team card scoring that always pools: one finding, under TEAM-POOLING", async () => {
    // The option off asks for each player's cards on their own; the engine pools them whatever it says (AMB-51).
    const games = corpus.filter((item) => item.fixture.variant === 'playpalace' && item.fixture.options.teamCardScoring === false);
    expect(games.length).toBeGreaterThan(0);
    const alwaysPooled = readingOf('playpalace', 'options.teamCardScoring=true', games.map((item) => item.fixture.options));
    const said = await diagnosed('playpalace', [], [alwaysPooled], games, 0);
    expect(said.rules).toEqual(['TEAM-POOLING']);
    expect(said.left).toBe(0);
  });
});
