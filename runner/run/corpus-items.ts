/**
 * The fixture corpus as items ready to run, for the tests and tools that run all of it (the suite as tests, the
 * mutants, the benchmark): hand-verified fixtures first, since they are small and pointed.
 * @module
 */
import { applyOptions, type ResolvedVariant } from '../../reference/index.ts';
import { loadFixtureCorpus } from '../load/corpus.ts';
import { listFixtureFiles, loadFixtureFile } from '../load/fixtures.ts';
import { formatLoadError, type LoadError } from '../load/load-result.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import type { RunItem } from './replay.ts';
import { FIXTURES_DIR } from '../util/repo-paths.ts';

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

let loaded: Promise<RunItem[]> | undefined;

/**
 * Every fixture of the corpus, checked as `validate` checks it (schema, meaning, replay): loaded once in a process
 * (the corpus does not change while it runs; the test files of a worker share it), never to be changed by a caller.
 */
export function corpusItems(): Promise<RunItem[]> {
  loaded ??= loadCorpusItems();
  return loaded;
}

async function loadCorpusItems(): Promise<RunItem[]> {
  const variants = await variantRegistry();
  const corpus = await loadFixtureCorpus([FIXTURES_DIR], variants);
  if (corpus.errors.length > 0) throw new Error(INVALID_CORPUS);
  return corpus.fixtures
    .map(({ fixture, path, request }) => ({ fixture, file: path, variant: variants.get(fixture.variant) as ResolvedVariant, rules: request.rules, repro: '' }))
    .sort(generatedLast);
}

/**
 * One fixture file read and checked against the schema only (its meaning is not checked), with its variant's
 * rules: ready to run. Throws, naming the file and the problem, if it cannot be.
 */
export async function loadRunItem(file: string, variants: Map<string, ResolvedVariant>): Promise<RunItem> {
  const loaded = await loadFixtureFile(file);
  if (!loaded.ok) throw new Error(formatLoadError(loaded.errors[0] as LoadError));
  const fixture = loaded.value;
  const variant = variants.get(fixture.variant);
  if (variant === undefined) throw new Error(`${file}: unknown variant ${fixture.variant}`);
  const rules = applyOptions(variant, fixture.options);
  if (!rules.ok) throw new Error(`${file}: ${rules.error.message}`);
  return { fixture, file, variant, rules: rules.value, repro: '' };
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
  for (const file of files.value) items.push(await loadRunItem(file, variants));
  return items.sort(generatedLast);
}
