import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { GameEvent, ResolvedVariant } from '../../reference/index.ts';
import { checkFixtureFiles } from '../load/corpus.ts';
import { type CheckedFixture, listFixtureFiles, loadFixtureFile } from '../load/fixtures.ts';
import type { Fixture } from '../fixture/fixture.ts';
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

/**
 * The fixture with one expectation the reference does not meet, and that the check does not compare: the first of
 * the result's totals, the refusal's code, a legal decision left out, a round's totals, the last round-end's totals,
 * the last event expected twice.
 */
function madeWrong(fixture: Fixture): Fixture {
  const expect = structuredClone(fixture.expect);
  const plusOne = (totals: number[] | undefined): number[] | undefined => totals?.map((total, side) => (side === 0 ? total + 1 : total));
  const roundEnd = expect.events?.list.findLast((event) => event.type === 'round-end');
  if (expect.result?.totals !== undefined) expect.result.totals = plusOne(expect.result.totals) as number[];
  else if (expect.reject !== undefined) expect.reject.code = expect.reject.code === 'NOT_YOUR_TURN' ? 'CARD_NOT_IN_HAND' : 'NOT_YOUR_TURN';
  else if (expect.legal?.[0] !== undefined) expect.legal[0].decisions = expect.legal[0].decisions.slice(1);
  else if (expect.rounds?.[0]?.totals !== undefined) expect.rounds[0].totals = plusOne(expect.rounds[0].totals);
  else if (roundEnd?.type === 'round-end') roundEnd.totals = plusOne(roundEnd.totals) as number[];
  else if (expect.events?.list.at(-1) !== undefined) expect.events.list.push(expect.events.list.at(-1) as GameEvent);
  else throw new Error(`${fixture.id}: no expectation to make wrong`);
  return { ...fixture, expect };
}

describe('the reference engine judged while the corpus is checked', () => {
  const checkedOf = async (paths: string[], holdUpTo = 0): Promise<CheckedFixture[]> => {
    const corpus = await checkFixtureFiles(paths, variants, { holdUpTo, judgeOnReference: true });
    expect(corpus.errors).toEqual([]);
    return corpus.checked;
  };
  const taskWithCheck = (checked: CheckedFixture): RunTask => ({ ...taskOfChecked(checked), ...(checked.passedOnReference === undefined ? {} : { passedOnReference: checked.passedOnReference }) });

  test('says a fixture passes exactly where a run on the reference in process passes it: a twentieth of the corpus, and each with an expectation made wrong', async () => {
    const listed = await listFixtureFiles([FIXTURES_DIR]);
    const sample = listed.ok ? listed.value.filter((_, index) => index % 20 === 0) : [];
    const judged = join(root, 'sample');
    mkdirSync(judged);
    for (const [index, path] of sample.entries()) {
      const loaded = await loadFixtureFile(path);
      if (!loaded.ok) throw new Error(`${path} does not load`);
      const fixture = loaded.value;
      writeFileSync(join(judged, `f${index}.yaml`), JSON.stringify({ ...fixture, id: `sample/f${index}` }));
      writeFileSync(join(judged, `w${index}.yaml`), JSON.stringify({ ...madeWrong(fixture), id: `sample/w${index}` }));
    }
    const checked = await checkedOf([judged]);
    const results = await runTasks(checked.map(taskOfChecked), { jobs: 1, engine: { kind: 'reference' }, variants });
    expect(checked.length).toBe(2 * sample.length);
    expect(checked.map((fixture) => fixture.passedOnReference !== undefined)).toEqual(results.map((result) => result?.outcome === 'passed'));
    expect(checked.filter((fixture) => fixture.passedOnReference !== undefined).map((fixture) => fixture.id.replace(/\d+$/, ''))).toEqual(sample.map(() => 'sample/f'));
  });

  test('a fixture whose expectations the reference does not meet is not passed, and its run fails it with a finding', async () => {
    const wrong = join(root, 'wrong');
    mkdirSync(wrong);
    const file = join(wrong, `${NAMES[0]}.yaml`);
    const text = readFileSync(join(dir, `${NAMES[0]}.yaml`), 'utf8');
    writeFileSync(file, text.replace('id: copied/', 'id: wrong/').replace('code: CAPTURE_WRONG_SUM', 'code: CAPTURE_NOT_ON_TABLE'));
    const [checked] = await checkedOf([file]);
    expect(checked?.passedOnReference).toBeUndefined();
    const [result] = await runTasks(checked === undefined ? [] : [taskWithCheck(checked)], { jobs: 1, engine: { kind: 'reference' }, variants });
    expect(result).toMatchObject({ outcome: 'failed', findings: [expect.anything()] });
  });

  test('a run on the plain reference in process takes the check\'s verdict without reading the file again; any other run reads it', async () => {
    const copied = join(root, 'judged');
    mkdirSync(copied);
    for (const name of NAMES) writeFileSync(join(copied, `${name}.yaml`), readFileSync(join(dir, `${name}.yaml`), 'utf8').replace('id: copied/', 'id: judged/'));
    const tasks = (await checkedOf([copied])).map(taskWithCheck);
    expect(tasks.map((task) => task.passedOnReference?.durationMs)).toEqual(NAMES.map(() => expect.any(Number)));
    rmSync(copied, { recursive: true });
    const reference = { kind: 'reference' } as const;
    for (const jobs of [1, 2]) {
      const results = await runTasks(tasks, { jobs, engine: reference, variants });
      expect(results.map((result) => result?.outcome)).toEqual(['passed', 'passed', 'passed']);
      expect(results.map((result) => result?.durationMs)).toEqual(tasks.map((task) => task.passedOnReference?.durationMs));
    }
    const profile = { variants: '*' } as const;
    const stopped = new AbortController();
    stopped.abort();
    for (const options of [{ engine: reference, profile }, { engine: { kind: 'module', path: 'nowhere.mjs', timeoutMs: 1000 } as const }, { engine: reference, signal: stopped.signal }]) {
      const results = await runTasks(tasks, { jobs: 1, variants, ...options }).catch((error: unknown) => [String(error)]);
      expect(results.map((result) => (typeof result === 'string' ? 'the engine did not start' : result?.outcome))).not.toContain('passed');
    }
  });
});
