// examples/ci/github-actions-compare.yml: a job per engine of the engines file, each writing its JSON report, and a
// last job merging them. Its jobs run here as the workflow writes them (on a smaller selection, the same for every
// job), and the merge of their reports is the report of one compare of every engine.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CliRun, REPO_ROOT, runCli } from '../cli/cli-harness.ts';

interface Step {
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
}
const workflow = parse(readFileSync(join(REPO_ROOT, 'examples/ci/github-actions-compare.yml'), 'utf8')) as {
  env: { ENGINES: string; SELECTION: string };
  jobs: Record<string, { needs?: string; strategy?: { matrix: { engine: string[] } }; steps: Step[] }>;
};
const enginesFile = parse(readFileSync(join(REPO_ROOT, workflow.env.ENGINES), 'utf8')) as { engines: { name: string }[] };
const matrix = workflow.jobs.engine?.strategy?.matrix.engine ?? [];
const commandOf = (job: string, pattern: RegExp): string => {
  const found = workflow.jobs[job]?.steps.find((step) => step.run !== undefined && pattern.test(step.run))?.run;
  if (found === undefined) throw new Error(`examples/ci/github-actions-compare.yml: job ${job} has no step running ${pattern}`);
  return found;
};
const RUN = commandOf('engine', /--only/);
const MERGE = commandOf('compare', /^npx scopa-conformance compare "\$ENGINES" --merge reports\/\*\.json$/);

/** Two fixtures and a game per setting: the workflow's $SELECTION is the whole pagat corpus, too much for a test. */
const SMALL = ['fixtures/pagat/sweep-last-play-01.yaml', 'fixtures/pagat/end-target-01.yaml', '--variant', 'pagat', '--games', '1', '--seed', '1'];

/** A command of the workflow as scopa-conformance's arguments: $ENGINES and $SELECTION set, an --out file in `dir`. */
function argvOf(command: string, engine: string, dir: string): string[] {
  const words = command
    .replaceAll('${{ matrix.engine }}', engine)
    .replace(/^npx scopa-conformance /, '')
    .split(' ')
    .flatMap((word) => (word === '"$ENGINES"' ? [workflow.env.ENGINES] : word === '$SELECTION' ? SMALL : [word]));
  return words.map((word, i) => (words[i - 1] === '--out' ? join(dir, word) : word));
}

describe('examples/ci/github-actions-compare.yml', () => {
  let dir: string;
  let jobs: CliRun[];
  let merged: CliRun;
  let whole: CliRun;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scopa-compare-ci-'));
    jobs = await Promise.all(matrix.map((engine) => runCli(argvOf(RUN, engine, dir))));
    const reports = matrix.map((engine) => join(dir, `compare-${engine}.json`));
    merged = await runCli([...argvOf(MERGE, '', dir).filter((word) => word !== 'reports/*.json'), ...reports.reverse(), '--reporter', 'json']);
    whole = await runCli(['compare', workflow.env.ENGINES, ...SMALL, '--jobs', '2', '--reporter', 'json']);
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('a job for each engine of the engines file, its report kept; a last job that needs them and merges them', () => {
    expect(matrix).toEqual(enginesFile.engines.map((engine) => engine.name));
    expect(RUN).toBe('npx scopa-conformance compare "$ENGINES" $SELECTION --only ${{ matrix.engine }} --reporter json --out compare-${{ matrix.engine }}.json');
    const upload = workflow.jobs.engine?.steps.find((step) => step.uses?.startsWith('actions/upload-artifact') === true);
    expect(upload?.with).toMatchObject({ name: 'compare-report-${{ matrix.engine }}', path: 'compare-${{ matrix.engine }}.json' });
    expect(workflow.jobs.compare?.needs).toBe('engine');
    const download = workflow.jobs.compare?.steps.find((step) => step.uses?.startsWith('actions/download-artifact') === true);
    expect(download?.with).toMatchObject({ pattern: 'compare-report-*', path: 'reports' });
  });

  test('each job reports its engine alone; the merge of their reports, in any order, is the report of one run', () => {
    // The mutant undeclared fails its games' last sweeps; the others pass.
    expect(jobs.map((job) => job.code)).toEqual(matrix.map((engine) => (engine === 'last-play-undeclared' ? 1 : 0)));
    for (const job of jobs) expect(job.stdout).toMatch(/^compare of 1 engine: /);
    expect(whole.code, whole.stderr).toBe(1);
    expect(merged.code, merged.stderr).toBe(whole.code);
    const timeless = (text: string): unknown => JSON.parse(text, (key, value: unknown) => (key === 'durationMs' ? 0 : value));
    expect(timeless(merged.stdout)).toEqual(timeless(whole.stdout));
  });

  test('a job run with other fixtures or games is refused at the merge, naming the engines that differ', async () => {
    const other = join(dir, 'other');
    const [engine] = matrix;
    const narrower = await runCli(argvOf(RUN, engine as string, other).map((word) => (word === 'fixtures/pagat/end-target-01.yaml' ? 'fixtures/pagat/cap-choice-02.yaml' : word)));
    expect(narrower.code, narrower.stderr).toBe(0);
    const reports = [join(other, `compare-${engine}.json`), ...matrix.slice(1).map((name) => join(dir, `compare-${name}.json`))];
    const refused = await runCli(['compare', workflow.env.ENGINES, '--merge', ...reports]);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toContain(`error: engines "${engine}" and "${matrix[1]}" ran different fixtures (2 and 2; only "${engine}" ran pagat/cap-choice-02): every job must run the same selection`);
    const moreGames = await runCli(argvOf(RUN, engine as string, other).map((word, i, words) => (words[i - 1] === '--games' ? '2' : word)));
    expect(moreGames.code, moreGames.stderr).toBe(0);
    const refusedGames = await runCli(['compare', workflow.env.ENGINES, '--merge', ...reports]);
    expect(refusedGames).toMatchObject({ code: 2, stdout: '' });
    expect(refusedGames.stderr).toContain(`error: engine "${engine}" ran 2 games per setting from seed 1, engine "${matrix[1]}" 1 game per setting from seed 1: every job must run the same --games, --probes and --seed`);
  });
});
