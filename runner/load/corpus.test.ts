import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { checkFixtureFiles } from './corpus.ts';
import { loadVariantRegistry } from './variants.ts';

const registry = await loadVariantRegistry();
if (!registry.ok) throw new Error('the variants are invalid');
const variants = registry.value;

// The valid and invalid cases of fixtures.test.ts, and the valid ones again under another root: each of those
// shares its id with a file of the first root.
const CASES = fileURLToPath(new URL('cases/fixtures/', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'scopa-corpus-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
cpSync(join(CASES, 'valid'), join(root, 'again', 'valid'), { recursive: true });
const paths = [CASES, join(root, 'again')];

test('checked on two worker threads, a corpus gives the same fixtures and the same problems, in the same order', async () => {
  const here = await checkFixtureFiles(paths, variants);
  const onWorkers = await checkFixtureFiles(paths, variants, { holdUpTo: 0, jobs: 2 });
  expect(here.checked.length).toBeGreaterThan(3);
  expect(here.errors.filter((error) => error.message.includes('is also the id of')).length).toBe(here.checked.length);
  expect(onWorkers.files).toEqual(here.files);
  expect(onWorkers.errors).toEqual(here.errors);
  expect(onWorkers.checked).toEqual(here.checked.map(({ loaded: _, ...named }) => named));
});

test('the progress hears of every file once, whichever thread checks it', async () => {
  const heard: string[] = [];
  let total = 0;
  const corpus = await checkFixtureFiles(paths, variants, {
    holdUpTo: 0,
    jobs: 2,
    progress: (files) => {
      total = files;
      return (file) => heard.push(file);
    },
  });
  expect(total).toBe(corpus.files.length);
  expect(heard.sort()).toEqual([...corpus.files].sort());
});
