import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ResolvedVariant } from '../../reference/index.ts';
import { corpusItems } from '../run/corpus-items.ts';
import { referenceWith } from '../causes/patched-reference.ts';
import { type Engine, referenceEngine } from '../engines/engine.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import type { FixtureResult } from '../run/outcome.ts';
import { loadProfileFile, profileProblems } from '../profile/load.ts';
import type { EngineProfile, VariantProfile } from '../profile/profile.ts';
import type { RunItem } from '../run/replay.ts';
import { runFixture } from '../run/replay.ts';
import { reportCardOf } from '../report/card.ts';
import { type Mutant, MUTANTS } from './catalog.ts';

const items = await corpusItems();
const registry = await loadVariantRegistry();
if (!registry.ok) throw new Error('the variants are invalid');
const variants: ReadonlyMap<string, ResolvedVariant> = registry.value;

const mutant = (name: string): Mutant => {
  const found = MUTANTS.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no mutant ${name}`);
  return found;
};

/** The reference playing the mutants' bugs, in process. */
const engineOf = async (...bugs: Mutant[]): Promise<Engine> => referenceEngine(undefined, await referenceWith(bugs));

async function runAll(engine: Engine, selected: readonly RunItem[], profile?: EngineProfile): Promise<FixtureResult[]> {
  const results: FixtureResult[] = [];
  for (const item of selected) results.push(await runFixture(engine, item, profile));
  return results;
}

const notAsExpected = (results: readonly FixtureResult[]): string[] =>
  results.filter((result) => result.outcome === 'failed' || result.outcome === 'errored').map((result) => `${result.id}: ${result.report ?? result.message}`);

describe('an engine with several unrelated bugs: the report card names each, once, in one run', () => {
  const bugs = ['sweep-on-last-play', 'coins-counted-as-sevens', 'primiera-sum-of-all-cards', 'dealer-rotates-backwards', 'settebello-forgotten-from-round-3'].map(mutant);
  let results: FixtureResult[];
  beforeAll(async () => {
    results = await runAll(await engineOf(...bugs), items);
  }, 120_000);

  test('every bug is a finding under its own rule', () => {
    const card = reportCardOf(results);
    const rules = card.map((finding) => finding.rule);
    for (const bug of bugs) expect(rules, bug.name).toContain(bug.rule);
    expect(new Set(rules).size).toBe(rules.length);
  });

  test('the bug that shows only from round 3 on is found in round 3 or later, and only there', () => {
    const card = reportCardOf(results);
    const late = card.find((finding) => finding.rule === 'SCORE-CARD');
    expect(late?.fixtures).toBeGreaterThan(0);
    expect(late?.where.filter(({ rounds }) => rounds.some((round) => round < 3))).toEqual([]);
    expect(late?.example.report).toMatch(/where: +round [3-9]/);
  });

  test('a fixture shows each of its rules once, with the rounds, and one first divergence', () => {
    const multiple = results.find((result) => (result.findings?.length ?? 0) >= 3);
    expect(multiple).toBeDefined();
    const rules = multiple?.findings?.map((finding) => finding.rule) ?? [];
    expect(new Set(rules).size).toBe(rules.length);
    expect(multiple?.divergence).toEqual(multiple?.findings?.[0]?.divergence);
  });
});

describe('declaring a documented reading in a profile makes the whole corpus pass or not applicable', () => {
  const readings = MUTANTS.filter((candidate) => candidate.reading !== undefined);

  test('the catalog names a reading for at least ten mutants, each with its ambiguity', () => {
    expect(readings.length).toBeGreaterThanOrEqual(10);
    for (const candidate of readings) expect(candidate.reading?.ambiguity).toMatch(/^AMB-\d\d$/);
  });

  test.each(readings.map((candidate) => [candidate.name, candidate] as const))('%s', async (_, reader) => {
    const declared: VariantProfile[] = [...variants.values()].flatMap((variant) => {
      const declaration = reader.reading?.declare(variant.rules);
      return declaration === undefined ? [] : [{ id: variant.id, ...declaration }];
    });
    const profile: EngineProfile = { engine: { name: `reads ${reader.reading?.ambiguity}` }, variants: declared };
    expect(profileProblems(profile, variants)).toEqual([]);
    const results = await runAll(await engineOf(reader), items, profile);
    expect(notAsExpected(results).slice(0, 3)).toEqual([]);
    const notApplicable = results.filter((result) => result.outcome === 'not-applicable');
    for (const result of notApplicable) expect(result.message, result.id).toMatch(/\S/);
    // The reading changes what some fixtures expect: those were derived, and the reports say so.
    expect(results.filter((result) => result.derived !== undefined).length).toBeGreaterThan(0);
  }, 120_000);
});

test('an engine with no cappotto, declared by dropping the category (cappotto: none): the Cirulla fixtures pass, those the cappotto decides derived', async () => {
  const engine = await engineOf(mutant('cappotto-wins-nothing'));
  const cirulla = items.filter((item) => item.rules.scoring.categories.some((category) => category.id === 'cappotto'));
  const ids = [...new Set(cirulla.map((item) => item.fixture.variant))];
  expect(ids).toEqual(expect.arrayContaining(['cirulla', 'cirulla-parlett']));
  expect(notAsExpected(await runAll(engine, cirulla, { variants: ids.map((id) => ({ id })) })).length).toBeGreaterThan(0);
  const profile: EngineProfile = { variants: ids.map((id) => ({ id, categories: { cappotto: 'none' } })) };
  expect(profileProblems(profile, variants)).toEqual([]);
  const results = await runAll(engine, cirulla, profile);
  expect(notAsExpected(results).slice(0, 3)).toEqual([]);
  expect(results.filter((result) => result.derived === 'categories.cappotto: none').length).toBeGreaterThan(0);
}, 120_000);

describe('the worked example of spec/WRITING-AN-ADAPTER.md: an engine that reads three rules its own way', () => {
  let engine: Engine;
  let profile: EngineProfile;
  const bareProfile: EngineProfile = { engine: { name: 'my-scopa' }, variants: [{ id: 'pagat' }, { id: 'escoba' }] };
  beforeAll(async () => {
    engine = await engineOf(...['sweep-on-last-play', 'remainder-to-first-player', 'thirty-no-bonus'].map(mutant));
    const loaded = await loadProfileFile(fileURLToPath(new URL('../../examples/profiles/three-readings.yaml', import.meta.url)), variants);
    if (!loaded.ok) throw new Error(`examples/profiles/three-readings.yaml: ${JSON.stringify(loaded.errors)}`);
    profile = loaded.value;
  }, 120_000);

  test('without the profile, the report card names the three rules the readings are of', async () => {
    const results = await runAll(engine, items, bareProfile);
    const rules = reportCardOf(results).map((finding) => finding.rule);
    for (const rule of ['SWEEP-LAST-PLAY', 'SWEEP-REMAINDER', 'TABLE-BONUS-FIFTEEN']) expect(rules).toContain(rule);
  }, 120_000);

  test('with it, every fixture of the two variants passes', async () => {
    const results = await runAll(engine, items, profile);
    expect(notAsExpected(results)).toEqual([]);
    const judged = results.filter((result) => result.outcome === 'passed');
    expect(new Set(judged.map((result) => result.id.split('/')[0]))).toEqual(new Set(['pagat', 'escoba']));
  }, 120_000);
});
