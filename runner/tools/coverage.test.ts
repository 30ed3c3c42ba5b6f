import { expect, test } from 'vitest';
import { RULE_IDS } from '../../reference/index.ts';
import { ruleCoverage } from './coverage.ts';
import { loadFixtureCorpus } from '../load/corpus.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import { FIXTURES_DIR } from '../util/repo-paths.ts';

test('every rule id of the spec has at least one hand-verified fixture', async () => {
  const registry = await loadVariantRegistry();
  if (!registry.ok) throw new Error('variants are invalid');
  const corpus = await loadFixtureCorpus([FIXTURES_DIR], registry.value);
  expect(corpus.errors).toEqual([]);
  const coverage = ruleCoverage(corpus.fixtures.map((loaded) => loaded.fixture));
  expect(coverage.map((entry) => entry.rule)).toEqual([...RULE_IDS]);
  expect(coverage.filter((entry) => entry.fixtures.length === 0).map((entry) => entry.rule)).toEqual([]);
});
