/**
 * merge: the shards of real runs (the reference engine, and an engine that scores a last-play sweep) merged back
 * into exactly what one unsharded run prints, in every reporter; sets that are not the shards of one run; the
 * example GitHub Actions workflow that shards and merges.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT, runCli } from '../cli/cli-harness.ts';
import type { ReportData } from '../report/merge.ts';

const BUGGY = ['--adapter', 'runner/testdata/last-play-sweeps-adapter.ts'];
/** A part of the corpus with failures (for the buggy engine), skips (legal checks it does not offer) and passes. */
const SELECTION = ['fixtures/pagat'];

let dir: string;

/** Runs shard i/n of `run <args>` as JSON into a file; returns the file. */
async function shard(name: string, index: number, count: number, args: string[]): Promise<string> {
  const ran = await runCli(['run', ...args, '--shard', `${index}/${count}`, '--reporter', 'json']);
  expect(ran.stderr).toBe('');
  const file = join(dir, `${name}-${index}-of-${count}.json`);
  await writeFile(file, ran.stdout);
  return file;
}

/** What differs between two runs of the same fixtures: the times. */
const withoutTimes = (text: string): string =>
  text
    .replace(/, \d+\.\d\d s\)$/gm, ', T s)')
    .replace(/time="[\d.]+"/g, 'time="T"')
    .replace(/"durationMs": [\d.]+/g, '"durationMs": 0');

const buggy: string[] = [];
const reference: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scopa-merge-'));
  for (const index of [1, 2, 3]) {
    buggy.push(await shard('buggy', index, 3, [...SELECTION, ...BUGGY]));
    reference.push(await shard('reference', index, 3, SELECTION));
  }
}, 180_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the shards of a run, merged, are the run', () => {
  test.each([['pretty'], ['json'], ['junit'], ['tap']])('an engine with a bug, --reporter %s: the same report and exit code (1)', async (reporter) => {
    const whole = await runCli(['run', ...SELECTION, ...BUGGY, '--reporter', reporter]);
    const merged = await runCli(['merge', ...[...buggy].reverse(), '--reporter', reporter]);
    expect(whole.code).toBe(1);
    expect(merged.stderr).toBe('');
    expect({ code: merged.code, stdout: withoutTimes(merged.stdout) }).toEqual({ code: whole.code, stdout: withoutTimes(whole.stdout) });
    if (reporter === 'pretty') expect(merged.stdout).toContain('REPORT CARD: engine');
  });

  test('the reference engine: the same report, exit 0', async () => {
    const whole = await runCli(['run', ...SELECTION]);
    const merged = await runCli(['merge', ...reference]);
    expect(whole.code).toBe(0);
    expect({ code: merged.code, stdout: withoutTimes(merged.stdout) }).toEqual({ code: 0, stdout: withoutTimes(whole.stdout) });
  });

  test('an engine that throws: the same report and exit code (3)', async () => {
    const args = ['runner/testdata/run/demo', '--adapter', 'runner/testdata/throwing-adapter.ts'];
    const whole = await runCli(['run', ...args]);
    const merged = await runCli(['merge', await shard('throwing', 2, 2, args), await shard('throwing', 1, 2, args)]);
    expect(whole.code).toBe(3);
    expect({ code: merged.code, stdout: withoutTimes(merged.stdout) }).toEqual({ code: 3, stdout: withoutTimes(whole.stdout) });
  });

  test('the time is the shards\' times added up; a merged report merges again, as a shard 1/1', async () => {
    const times = await Promise.all(buggy.map(async (file) => (JSON.parse(await readFile(file, 'utf8')) as { durationMs: number }).durationMs));
    const merged = await runCli(['merge', ...buggy, '--reporter', 'json']);
    const report = JSON.parse(merged.stdout) as { durationMs: number; shard: unknown; total: number };
    expect(report.durationMs).toBe(times.reduce((a, b) => a + b, 0));
    expect(report.shard).toEqual({ index: 1, count: 1, selected: report.total });
    const again = join(dir, 'merged.json');
    await writeFile(again, merged.stdout);
    const remerged = await runCli(['merge', again, '--reporter', 'json']);
    expect(remerged).toEqual(merged);
  });

  test('--out writes the report whole and prints the summary line', async () => {
    const out = join(dir, 'out', 'conformance.xml');
    const merged = await runCli(['merge', ...buggy, '--reporter', 'junit', '--out', out]);
    expect(merged.code).toBe(1);
    // The summary line of the whole run (the corpus grows: its counts are not written here).
    const whole = (await runCli(['merge', ...buggy])).stdout.trimEnd().split('\n').at(-1) as string;
    expect(whole).toMatch(/^\d+ fixtures: \d+ passed, [1-9]\d* failed, \d+ skipped, 0 errored \(engine ".*last-play-sweeps-adapter\.ts", \d+\.\d\d s\)$/);
    expect(merged.stdout).toBe(`${whole}\njunit report: ${out}\n`);
    expect(await readFile(out, 'utf8')).toBe((await runCli(['merge', ...buggy, '--reporter', 'junit'])).stdout);
  });

  test('--out replaces a report of any reporter, and another file only with --force', async () => {
    const out = join(dir, 'out', 'report.txt');
    for (const reporter of ['junit', 'tap', 'pretty', 'json']) {
      expect((await runCli(['merge', ...buggy, '--reporter', reporter, '--out', out])).code, reporter).toBe(1);
    }
    expect(await readFile(out, 'utf8')).toBe((await runCli(['merge', ...buggy, '--reporter', 'json'])).stdout);
    const notes = join(dir, 'out', 'notes.txt');
    await writeFile(notes, 'mine\n3 fixtures: 3 passed, in my words\n');
    const refused = await runCli(['merge', ...buggy, '--out', notes]);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toContain(`error: --out: ${notes} exists and is not a report run or merge wrote; --force replaces it\n`);
    expect(await readFile(notes, 'utf8')).toBe('mine\n3 fixtures: 3 passed, in my words\n');
    expect((await runCli(['merge', ...buggy, '--out', notes, '--force'])).code).toBe(1);
    expect(await readFile(notes, 'utf8')).toContain('REPORT CARD');
  });
});

describe('reports that are not the shards of one run: exit 2, nothing reported', () => {
  const merge = async (...args: string[]) => {
    const ran = await runCli(['merge', ...args]);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    return ran.stderr.replaceAll(`${dir}/`, '');
  };

  test('a shard missing: which', async () => {
    expect(await merge(buggy[0] as string, buggy[2] as string)).toBe('error: shard 2/3 is missing (of 3; given: 1/3, 3/3)\n');
    expect(await merge(buggy[1] as string)).toBe('error: shards 1/3, 3/3 are missing (of 3; given: 2/3)\n');
  });

  test('a shard given twice', async () => {
    expect(await merge(...buggy, buggy[1] as string)).toBe('error: shard 2/3 is given 2 times: buggy-2-of-3.json, buggy-2-of-3.json\n');
  });

  test('mixed engines are refused', async () => {
    expect(await merge(buggy[0] as string, reference[1] as string, buggy[2] as string)).toMatch(
      /^error: the reports are of different engines, and one merge takes the shards of one run: engine ".*last-play-sweeps-adapter\.ts" \(buggy-1-of-3\.json, buggy-3-of-3\.json\); engine "reference" \(reference-2-of-3\.json\)\n$/,
    );
  });

  test('shards of different splits, or of different selections', async () => {
    const half = await shard('buggy', 1, 2, [...SELECTION, ...BUGGY]);
    expect(await merge(half, buggy[1] as string)).toBe('error: the reports are shards of different splits: cut in 2 (buggy-1-of-2.json); cut in 3 (buggy-2-of-3.json)\n');
    const filtered = await shard('filtered', 2, 3, [...SELECTION, ...BUGGY, '--filter', 'pagat/cap-*']);
    const selected = (file: string): Promise<number> => readFile(file, 'utf8').then((text) => (JSON.parse(text) as ReportData).shard.selected);
    expect(await merge(buggy[0] as string, filtered, buggy[2] as string)).toBe(
      `error: the reports are shards of different selections: a selection of ${await selected(buggy[0] as string)} fixtures (buggy-1-of-3.json, buggy-3-of-3.json); a selection of ${await selected(filtered)} fixtures (filtered-2-of-3.json)\n`,
    );
  });

  test('a fixture moved to another shard, its counts made to match: not its share of the selection', async () => {
    const [one, two] = await Promise.all(buggy.slice(0, 2).map(async (file) => JSON.parse(await readFile(file, 'utf8')) as ReportData));
    const moved = (one as ReportData).fixtures.pop() as ReportData['fixtures'][number];
    (two as ReportData).fixtures.push(moved);
    const outcome = moved.outcome === 'not-applicable' ? 'notApplicable' : moved.outcome;
    for (const [report, by] of [[one, -1], [two, 1]] as const) {
      report.total += by;
      report[outcome] += by;
    }
    const files = [join(dir, 'moved-1.json'), join(dir, 'moved-2.json')] as const;
    await writeFile(files[0], JSON.stringify(one));
    await writeFile(files[1], JSON.stringify(two));
    expect(await merge(files[0], files[1], buggy[2] as string)).toBe(
      `error: moved-2.json (shard 2/3) holds ${moved.id}, which is not its share of the selection: the reports were not cut from one selection\n`,
    );
  });

  test('a report whose counts do not match its fixtures, and one cut short', async () => {
    const report = JSON.parse(await readFile(buggy[0] as string, 'utf8')) as ReportData;
    const stated = report.total;
    report.fixtures.pop();
    await writeFile(join(dir, 'cut.json'), JSON.stringify(report, null, 2));
    const text = await readFile(buggy[1] as string, 'utf8');
    const cut = text.slice(0, text.indexOf('"id": "') + '"id": "'.length);
    await writeFile(join(dir, 'half.json'), cut);
    const lines = cut.split('\n');
    expect(await merge(join(dir, 'cut.json'), join(dir, 'half.json'), buggy[2] as string)).toBe(
      [
        `cut.json: error: its counts do not match its fixtures (total: ${stated} stated, ${stated - 1} among its fixtures): the report was changed or cut`,
        `half.json:${lines.length}:${(lines.at(-1) as string).length + 1}: error: not a JSON report: the text ends inside a string: the file is cut short`,
        '2 problems in the reports: nothing was merged',
        '',
      ].join('\n'),
    );
  });
});

describe('examples/ci/github-actions-sharded.yml', () => {
  const workflow = parse(readFileSync(join(REPO_ROOT, 'examples', 'ci', 'github-actions-sharded.yml'), 'utf8')) as {
    jobs: Record<string, { needs?: string; strategy?: { matrix: { shard: number[] } }; steps: { run?: string; uses?: string; with?: Record<string, unknown> }[] }>;
  };
  const runs = (job: string): string[] => (workflow.jobs[job]?.steps ?? []).flatMap((step) => (step.run === undefined ? [] : [step.run]));

  test('a matrix of shards 1..n whose run step cuts the suite in n and writes each report as JSON', () => {
    const shards = workflow.jobs.shard?.strategy?.matrix.shard ?? [];
    expect(shards.length).toBeGreaterThan(1);
    expect(shards).toEqual(Array.from({ length: shards.length }, (_, i) => i + 1));
    const run = runs('shard').find((command) => command.includes('scopa-conformance run'));
    expect(run).toMatch(/--shard \$\{\{ matrix\.shard \}\}\/(\d+) --reporter json .*> report-\$\{\{ matrix\.shard \}\}\.json$/);
    expect(Number(/--shard \$\{\{ matrix\.shard \}\}\/(\d+)/.exec(run as string)?.[1])).toBe(shards.length);
    expect(workflow.jobs.shard?.steps.some((step) => step.uses?.startsWith('actions/upload-artifact') === true && String(step.with?.path).startsWith('report-'))).toBe(true);
  });

  test('a final job that needs the shards, downloads their reports and merges them', () => {
    expect(workflow.jobs.merge?.needs).toBe('shard');
    expect(workflow.jobs.merge?.steps.some((step) => step.uses?.startsWith('actions/download-artifact') === true && step.with?.path === 'reports')).toBe(true);
    expect(runs('merge')).toContain('npx scopa-conformance merge reports/*.json');
  });
});
