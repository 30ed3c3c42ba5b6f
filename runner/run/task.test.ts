import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ResolvedVariant } from '../../reference/index.ts';
import { checkFixtureFiles } from '../load/corpus.ts';
import type { CheckedFixture } from '../load/fixtures.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import { fileStampSync } from '../util/files.ts';
import { FIXTURES_DIR } from '../util/repo-paths.ts';
import { runTasks } from './pool.ts';
import { itemOfTask, type RunTask, resultWithout, taskOf } from './task.ts';

const registry = await loadVariantRegistry();
if (!registry.ok) throw new Error('the variants are invalid');
const variants: Map<string, ResolvedVariant> = registry.value;

const root = mkdtempSync(join(tmpdir(), 'scopa-task-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dir = join(root, 'copied');
mkdirSync(dir);
const NAMES = ['cap-choice-01', 'cap-choice-02', 'cap-compulsion-01'];
for (const name of NAMES) copyFileSync(join(FIXTURES_DIR, 'pagat', `${name}.yaml`), join(dir, `${name}.yaml`));
// Outside fixtures/, a fixture's id is its folder and file name.
for (const name of NAMES) {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^id: pagat\//m, 'id: copied/'));
}

const taskOfChecked = (checked: CheckedFixture): RunTask => ({
  id: checked.id,
  title: checked.title,
  variant: checked.variant,
  file: `shown/${checked.id}.yaml`,
  path: checked.path,
  stamp: checked.stamp,
  reproFlags: ['--engine', 'my engine'],
});

describe('checking a corpus without holding it', () => {
  test('every fixture is checked; contents are kept only up to holdUpTo files', async () => {
    const held = await checkFixtureFiles([dir], variants, { holdUpTo: 3 });
    const notHeld = await checkFixtureFiles([dir], variants, { holdUpTo: 2 });
    expect(held.errors).toEqual([]);
    expect(notHeld.errors).toEqual([]);
    expect(held.checked.map((checked) => checked.loaded !== undefined)).toEqual([true, true, true]);
    expect(notHeld.checked.map((checked) => checked.loaded)).toEqual([undefined, undefined, undefined]);
    expect(notHeld.checked.map(({ id, variant, title, tags, path }) => ({ id, variant, title, tags, path }))).toEqual(
      held.checked.map(({ id, variant, title, tags, path }) => ({ id, variant, title, tags, path })),
    );
  });

  test('progress is told the number of files, then each file as its check starts', async () => {
    const told: (number | string)[] = [];
    await checkFixtureFiles([dir], variants, {
      progress: (total) => {
        told.push(total);
        return (file) => told.push(file);
      },
    });
    expect(told).toEqual([3, ...NAMES.map((name) => join(dir, `${name}.yaml`))]);
  });
});

describe('a task read again when its turn comes', () => {
  test('gives the item a held task has, with the shown file and the repro command', async () => {
    const [held] = (await checkFixtureFiles([dir], variants)).checked;
    const [notHeld] = (await checkFixtureFiles([dir], variants, { holdUpTo: 0 })).checked;
    if (held?.loaded === undefined || notHeld === undefined) throw new Error('no fixture checked');
    const item = await itemOfTask({ ...taskOfChecked(notHeld), expectedFailure: 'known', keepGame: true }, variants);
    expect(item).toEqual({
      fixture: held.loaded.fixture,
      file: `shown/${held.id}.yaml`,
      variant: variants.get('pagat'),
      rules: held.loaded.request.rules,
      repro: `npx scopa-conformance run shown/${held.id}.yaml --engine 'my engine'`,
      expectedFailure: 'known',
      keepGame: true,
    });
  });

  test('a file changed since its check is not run: an errored result says so', async () => {
    const copy = join(dir, 'changed.yaml');
    copyFileSync(join(dir, `${NAMES[0]}.yaml`), copy);
    const task = { ...taskOfChecked({ id: 'x/changed', title: 't', variant: 'pagat', tags: [], path: copy, stamp: { mtimeMs: 1, size: 1 } }) };
    const result = await itemOfTask(task, variants);
    expect(result).toEqual({
      id: 'x/changed',
      file: 'shown/x/changed.yaml',
      title: 't',
      variant: 'pagat',
      outcome: 'errored',
      message: 'the runner could not read it again: shown/x/changed.yaml changed after it was checked (run again to check it)',
      durationMs: 0,
    });
    rmSync(copy);
    expect(await itemOfTask(task, variants)).toMatchObject({ outcome: 'errored', message: expect.stringContaining('changed after it was checked') as unknown });
  });

  test('a file that no longer passes the schema, though its stamp did not change, is reported, not run', async () => {
    const file = join(dir, 'broken.yaml');
    writeFileSync(file, 'id: x/broken\n');
    const [checked] = (await checkFixtureFiles([join(dir, `${NAMES[0]}.yaml`)], variants, { holdUpTo: 0 })).checked;
    if (checked === undefined) throw new Error('no fixture checked');
    const stamp = fileStampSync(file) ?? { mtimeMs: 0, size: 0 };
    const result = await itemOfTask({ ...taskOfChecked(checked), path: file, stamp }, variants);
    expect(result).toMatchObject({ outcome: 'errored', message: expect.stringMatching(/^the runner could not read it again: .*broken\.yaml:1:1: /) as unknown });
    rmSync(file);
  });

  test('held and read-again tasks give the same results, in process and on two worker threads', async () => {
    const held = (await checkFixtureFiles([dir], variants)).checked.map((checked) => {
      const task = taskOfChecked(checked);
      const loaded = checked.loaded;
      if (loaded === undefined) throw new Error('not held');
      return taskOf({ fixture: loaded.fixture, file: task.file, variant: variants.get(checked.variant) as ResolvedVariant, rules: loaded.request.rules, repro: '' });
    });
    const notHeld = (await checkFixtureFiles([dir], variants, { holdUpTo: 0 })).checked.map(taskOfChecked);
    const engine = { kind: 'reference' } as const;
    const strip = (results: unknown[]): unknown[] => results.map((result) => ({ ...(result as object), durationMs: 0 }));
    const expected = strip(await runTasks(held, { jobs: 1, engine }));
    expect(expected.map((result) => (result as { outcome: string }).outcome)).toEqual(['passed', 'passed', 'passed']);
    expect(strip(await runTasks(notHeld, { jobs: 1, engine, variants }))).toEqual(expected);
    expect(strip(await runTasks(notHeld, { jobs: 2, engine, variants }))).toEqual(expected);
  });

  test('without the variants to read it with, a task not held is an errored result', async () => {
    const [checked] = (await checkFixtureFiles([dir], variants, { holdUpTo: 0 })).checked;
    if (checked === undefined) throw new Error('no fixture checked');
    const task = taskOfChecked(checked);
    expect(await itemOfTask(task, undefined)).toEqual(resultWithout(task, 'errored', 'the runner could not read it again: the run has no variants to read it with'));
  });
});
