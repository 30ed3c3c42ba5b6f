/**
 * The baseline `run --write-expect-fail` writes: each failing or erroring fixture with its reason in one line, in
 * the form its file name asks for, written whole unless the file changed while the run went on.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Divergence } from '../divergences/divergence.ts';
import type { Io } from '../cli/command.ts';
import { baselineReason, baselineTarget, expectFailText, writeBaseline } from './baseline.ts';
import { countResults, type FixtureResult, type RunSummary } from './outcome.ts';

const SWEEP: Divergence = {
  kind: 'event-mismatch',
  round: 1,
  play: 3,
  eventIndex: 5,
  expectedIndex: 4,
  rule: 'SWEEP-POINT',
  expected: { type: 'trail', seat: 1, card: '9D' },
  actual: { type: 'sweep', seat: 0, points: 1 },
};
const TOTALS: Divergence = { kind: 'round-mismatch', round: 2, play: 18, eventIndex: 90, field: 'totals', expected: [11, 4], actual: [10, 4] };

const failed = (id: string, extra: Partial<FixtureResult> = {}): FixtureResult => ({
  id,
  file: `fixtures/${id}.yaml`,
  title: 't',
  variant: 'pagat',
  outcome: 'failed',
  divergence: SWEEP,
  findings: [{ rule: 'SWEEP-POINT', rounds: [1], divergence: SWEEP, report: 'r' }],
  durationMs: 1,
  ...extra,
});

describe('the reason a fixture is listed, in one line', () => {
  test('its first finding: the rule, the round and play, expected against actual in brief', () => {
    expect(baselineReason(failed('pagat/a'))).toBe('SWEEP-POINT: round 1 play 3: expected trail {seat: 1, card: 9D}, got sweep {seat: 0, points: 1}');
  });

  test('the first finding, not the first divergence, where they differ; the divergence where there are no findings', () => {
    const findings = [{ rule: null, rounds: [2], divergence: TOTALS, report: 'r' }];
    expect(baselineReason(failed('pagat/a', { findings }))).toBe('no single rule: round 2 play 18: totals: expected [11 4], got [10 4]');
    expect(baselineReason(failed('pagat/a', { findings: [] }))).toBe('SWEEP-POINT: round 1 play 3: expected trail {seat: 1, card: 9D}, got sweep {seat: 0, points: 1}');
    const { findings: _, ...withoutFindings } = failed('pagat/a');
    expect(baselineReason(withoutFindings)).toBe('SWEEP-POINT: round 1 play 3: expected trail {seat: 1, card: 9D}, got sweep {seat: 0, points: 1}');
  });

  test('an error: what the engine did, or that it gave no usable reply', () => {
    const errored: FixtureResult = { ...failed('pagat/e'), outcome: 'errored', message: 'the engine exited (code 1)' };
    expect(baselineReason(errored)).toBe('errored: the engine exited (code 1)');
    const { message: _, ...silent } = errored;
    expect(baselineReason(silent)).toBe('errored: the engine gave no usable reply');
    const { divergence: __, findings: ___, ...noDivergence } = failed('pagat/f');
    expect(baselineReason(noDivergence)).toBe('errored: the engine gave no usable reply');
  });

  test('line breaks and runs of spaces become one space; at most 160 characters, a longer one cut with "..."', () => {
    const errored: FixtureResult = { ...failed('pagat/e'), outcome: 'errored', message: '  the engine\n\tsaid   this  ' };
    expect(baselineReason(errored)).toBe('errored: the engine said this');
    const exactly = `errored: ${'x'.repeat(151)}`;
    expect(baselineReason({ ...errored, message: 'x'.repeat(151) })).toBe(exactly);
    expect(exactly).toHaveLength(160);
    expect(baselineReason({ ...errored, message: 'x'.repeat(152) })).toBe(`errored: ${'x'.repeat(148)}...`);
  });
});

describe('the list as text', () => {
  const results: FixtureResult[] = [
    { ...failed('pagat/pass'), outcome: 'passed' },
    failed('pagat/a'),
    { ...failed('pagat/b'), outcome: 'errored', message: 'timed out' },
    { ...failed('pagat/c'), outcome: 'skipped', message: 'not run' },
    { ...failed('pagat/d'), outcome: 'not-applicable', message: 'escoba' },
    failed('pagat/listed', { expectedFailure: 'known' }),
  ];
  const summary = (engine: string, chosen = results): RunSummary => ({ engine, results: chosen, counts: countResults(chosen), bailed: false, durationMs: 1 });

  test('a text file: `id reason` lines under a header; every failure and error, listed before or not', () => {
    expect(expectFailText(summary('python3 my_adapter.py'), 'known.txt')).toBe(
      [
        '# Expected failures of the engine "python3 my_adapter.py": 3 fixtures,',
        '# written by scopa-conformance run --write-expect-fail; read by run --expect-fail.',
        'pagat/a SWEEP-POINT: round 1 play 3: expected trail {seat: 1, card: 9D}, got sweep {seat: 0, points: 1}',
        'pagat/b errored: timed out',
        'pagat/listed SWEEP-POINT: round 1 play 3: expected trail {seat: 1, card: 9D}, got sweep {seat: 0, points: 1}',
        '',
      ].join('\n'),
    );
  });

  test.each([['known.yaml'], ['known.yml'], ['KNOWN.YAML']])('%s: a YAML map of id to quoted reason', (file) => {
    expect(expectFailText(summary('reference', results.slice(1, 3)), file)).toBe(
      [
        '# Expected failures of the reference engine: 2 fixtures,',
        '# written by scopa-conformance run --write-expect-fail; read by run --expect-fail.',
        'pagat/a: "SWEEP-POINT: round 1 play 3: expected trail {seat: 1, card: 9D}, got sweep {seat: 0, points: 1}"',
        'pagat/b: "errored: timed out"',
        '',
      ].join('\n'),
    );
  });

  test('one fixture is singular, none is plural; an engine command over several lines stays in the comment line', () => {
    expect(expectFailText(summary('reference', results.slice(1, 2)), 'k.txt').split('\n')[0]).toBe('# Expected failures of the reference engine: 1 fixture,');
    expect(expectFailText(summary('node\n  engine.js', results.slice(0, 1)), 'k.txt')).toBe(
      [
        // A JSON string: its line break escaped, its spaces as given.
        '# Expected failures of the engine "node\\n  engine.js": 0 fixtures,',
        '# written by scopa-conformance run --write-expect-fail; read by run --expect-fail.',
        '',
      ].join('\n'),
    );
  });
});

describe('writing the list', () => {
  let dir: string;
  let stderr: string;
  const io = (): Io => ({ stdout: { write: () => {} }, stderr: { write: (text: string) => (stderr += text) }, cwd: dir, isTTY: false, env: {} }) as unknown as Io;
  const results = [failed('pagat/a'), failed('pagat/b')];
  const summary: RunSummary = { engine: 'reference', results, counts: countResults(results), bailed: false, durationMs: 1 };
  const TEXT = [
    '# Expected failures of the reference engine: 2 fixtures,',
    '# written by scopa-conformance run --write-expect-fail; read by run --expect-fail.',
    'pagat/a SWEEP-POINT: round 1 play 3: expected trail {seat: 1, card: 9D}, got sweep {seat: 0, points: 1}',
    'pagat/b SWEEP-POINT: round 1 play 3: expected trail {seat: 1, card: 9D}, got sweep {seat: 0, points: 1}',
    '',
  ].join('\n');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scopa-baseline-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('a new file: written whole, and how many were written, by its path from the working directory', async () => {
    stderr = '';
    const target = await baselineTarget('new.txt', io());
    expect(target).toStrictEqual({ path: join(dir, 'new.txt') });
    expect(await writeBaseline(target, summary, io())).toBe(true);
    expect(await readFile(join(dir, 'new.txt'), 'utf8')).toBe(TEXT);
    expect(stderr).toBe('wrote 2 expected failures to new.txt\n');
  });

  test('one failure is singular', async () => {
    stderr = '';
    const one = { ...summary, results: results.slice(0, 1), counts: countResults(results.slice(0, 1)) };
    expect(await writeBaseline(await baselineTarget('one.yaml', io()), one, io())).toBe(true);
    expect(stderr).toBe('wrote 1 expected failure to one.yaml\n');
  });

  /** A list an earlier run wrote: the comment at its top, then a stale line. */
  const STALE = '# Expected failures of the reference engine: 1 fixture,\n# written by scopa-conformance run --write-expect-fail; read by run --expect-fail.\npagat/x stale\n';

  test('an existing list run wrote, unchanged during the run: rewritten', async () => {
    stderr = '';
    await writeFile(join(dir, 'old.txt'), STALE);
    const target = await baselineTarget('old.txt', io());
    expect(target.stamp?.size).toBe(STALE.length);
    expect(await writeBaseline(target, summary, io())).toBe(true);
    expect(await readFile(join(dir, 'old.txt'), 'utf8')).toBe(TEXT);
  });

  test('a file run did not write (the mark elsewhere than at its top too): refused before the run, replaced with --force', async () => {
    stderr = '';
    const notes = join(dir, 'notes.txt');
    await writeFile(notes, `my notes\nto keep\nmore\n${STALE}`);
    await expect(baselineTarget('notes.txt', io())).rejects.toThrow('--write-expect-fail: notes.txt exists and is not an expect-fail list run wrote; --force replaces it');
    const forced = await baselineTarget('notes.txt', io(), true);
    expect(await writeBaseline(forced, summary, io())).toBe(true);
    expect(await readFile(notes, 'utf8')).toBe(TEXT);
  });

  test('a file changed, or made, while the run went on: not overwritten, said so, false', async () => {
    stderr = '';
    await writeFile(join(dir, 'changed.txt'), STALE);
    const changed = await baselineTarget('changed.txt', io());
    await writeFile(join(dir, 'changed.txt'), 'pagat/x edited meanwhile\n');
    expect(await writeBaseline(changed, summary, io())).toBe(false);
    expect(await readFile(join(dir, 'changed.txt'), 'utf8')).toBe('pagat/x edited meanwhile\n');
    const made = await baselineTarget('made.txt', io());
    await writeFile(join(dir, 'made.txt'), 'pagat/y made meanwhile\n');
    expect(await writeBaseline(made, summary, io())).toBe(false);
    expect(stderr).toBe('changed.txt: error: changed while the run went on: not overwritten\nmade.txt: error: changed while the run went on: not overwritten\n');
  });

  test('a file that cannot be written: the reason, false', async () => {
    stderr = '';
    await writeFile(join(dir, 'a-file'), 'not a directory\n');
    expect(await writeBaseline({ path: join(dir, 'a-file', 'list.txt') }, summary, io())).toBe(false);
    expect(stderr).toBe(`a-file/list.txt: error: cannot write: EEXIST: file already exists, mkdir '${join(dir, 'a-file')}'\n`);
  });

  test('an interrupted run writes nothing: said so, true', async () => {
    stderr = '';
    expect(await writeBaseline({ path: join(dir, 'never.txt') }, { ...summary, interrupted: true }, io())).toBe(true);
    expect(stderr).toBe('never.txt: not written: the run was interrupted\n');
    await expect(readFile(join(dir, 'never.txt'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  test('a directory is no target: a usage mistake, before anything runs', async () => {
    await mkdir(join(dir, 'folder'));
    await expect(baselineTarget('folder', io())).rejects.toThrow('--write-expect-fail: folder is a directory; give the file to write');
  });
});
