/**
 * The suite's power: each mutant is built, served over the engine protocol, and run on the fixture corpus
 * until the first fixture that fails. A mutant is caught when a fixture fails with a first-divergence report;
 * an engine that only errors (crashes, garbage) does not count as caught.
 * @module
 */
import { StdioEngine } from '../engines/stdio.ts';
import { applyOptions, type ResolvedVariant } from '../../reference/index.ts';
import { listFixtureFiles, loadFixtureCorpus, loadFixtureFile } from '../load/fixtures.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import type { FixtureResult } from '../outcome.ts';
import { runFixture, type RunItem } from '../replay.ts';
import { FIXTURES_DIR } from '../repo-paths.ts';
import { buildMutant } from './apply.ts';
import type { Mutant } from './catalog.ts';

export interface MutantScore {
  mutant: Mutant;
  caught: boolean;
  /** The fixture that caught it, with its first-divergence report. */
  caughtBy?: FixtureResult;
  /** Fixtures run before the verdict. */
  fixturesRun: number;
  errored: number;
}

const INVALID_CORPUS = 'the fixtures are invalid: run scopa-conformance validate';

const generatedLast = (a: RunItem, b: RunItem): number => {
  const generated = (item: RunItem): number => (item.fixture.provenance.kind === 'generated' ? 1 : 0);
  return generated(a) - generated(b) || a.fixture.id.localeCompare(b.fixture.id);
};

async function variantRegistry(): Promise<Map<string, ResolvedVariant>> {
  const registry = await loadVariantRegistry();
  if (!registry.ok) throw new Error('the variants are invalid: run scopa-conformance validate');
  return registry.value;
}

/** Every fixture of the corpus, checked as `validate` checks it, ready to run, hand-verified ones first (they are small and pointed). */
export async function corpusItems(): Promise<RunItem[]> {
  const corpus = await loadFixtureCorpus([FIXTURES_DIR], await variantRegistry());
  if (corpus.errors.length > 0) throw new Error(INVALID_CORPUS);
  return corpus.fixtures.map(({ fixture, path, request }) => ({ fixture, file: path, rules: request.rules, repro: '' })).sort(generatedLast);
}

/**
 * Every fixture of the corpus, each checked against the schema only: nothing is replayed before the tests run.
 * Stryker counts the code run while a test file loads as covered by every test, so a corpus loaded with its
 * meaning checks would make every mutant of the rule code run the whole suite.
 */
export async function schemaCheckedItems(): Promise<RunItem[]> {
  const variants = await variantRegistry();
  const files = await listFixtureFiles([FIXTURES_DIR]);
  if (!files.ok) throw new Error(INVALID_CORPUS);
  const items: RunItem[] = [];
  for (const file of files.value) {
    const loaded = await loadFixtureFile(file);
    const variant = loaded.ok ? variants.get(loaded.value.variant) : undefined;
    const rules = loaded.ok && variant !== undefined ? applyOptions(variant, loaded.value.options) : undefined;
    if (!loaded.ok || rules?.ok !== true) throw new Error(`${file}: ${INVALID_CORPUS}`);
    items.push({ fixture: loaded.value, file, rules: rules.value, repro: '' });
  }
  return items.sort(generatedLast);
}

export async function scoreMutant(mutant: Mutant, items: readonly RunItem[]): Promise<MutantScore> {
  const built = await buildMutant(mutant);
  const engine = new StdioEngine({ command: built.engineCommand, timeoutMs: 30_000, validateProtocol: false, cwd: built.dir });
  let fixturesRun = 0;
  let errored = 0;
  try {
    await engine.start();
    for (const item of items) {
      const result = await runFixture(engine, item);
      fixturesRun++;
      if (result.outcome === 'failed') return { mutant, caught: true, caughtBy: result, fixturesRun, errored };
      if (result.outcome === 'errored') errored++;
    }
    return { mutant, caught: false, fixturesRun, errored };
  } finally {
    await engine.close();
    await built.remove();
  }
}
