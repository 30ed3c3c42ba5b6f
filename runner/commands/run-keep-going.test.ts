import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, runCli } from '../cli/cli-harness.ts';

/**
 * A folder `demo/` with a valid hand-verified fixture (pass-01, from runner/testdata/run/demo), an invalid one
 * (bad-02: a variant that does not exist) and the two recorded games of runner/testdata/import/sample.jsonl, the
 * first of which disagrees with the reference engine on a tied primiera.
 */
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scopa-keep-going-'));
  const demo = join(dir, 'demo');
  await mkdir(demo);
  await copyFile(join(REPO_ROOT, 'runner/testdata/run/demo/pass-01.yaml'), join(demo, 'pass-01.yaml'));
  const broken = await readFile(join(REPO_ROOT, 'runner/testdata/run-invalid/broken/bad-02.yaml'), 'utf8');
  await writeFile(join(demo, 'bad-02.yaml'), broken.replace('id: broken/bad-02', 'id: demo/bad-02'));
  const imported = await runCli(['import', join(REPO_ROOT, 'runner/testdata/import/sample.jsonl'), '--out', 'demo'], { cwd: dir });
  expect(imported.code).toBe(0);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const UNKNOWN_VARIANT =
  'demo/bad-02.yaml:6:10: error: unknown variant "scopa-nova" (known: anycard-rules-page, anycard, asso-piglia-tutto-vivaioscuole, asso-piglia-tutto, cirulla-gioeleghidara, cirulla-parlett, cirulla, denexa-cassino-pairing, denexa, escoba-counted-out-next-award, escoba-counted-out, escoba-denexa-blog, escoba-entretodos, escoba-fifteen-only, escoba-gianbolocco, escoba-github-readme, escoba-magnojuegos, escoba-paigro, escoba-playjoy, escoba-ranked-losers, escoba-vipgames, escoba, house-remainder-dealer, house-remainder-first-player, house-settebello-per-copy, napola-napoleone, napola-tripod, napola, pagat-tie-draw, pagat, parlett-tie-count, playpalace-every-sweep, playpalace, re-bello, scopa-a-quindici-pagat, scopa-a-quindici, scopa-d-assi-giochistars, scopa-d-assi-iogames, scopa-d-assi-scopone-wikipedia, scopa-d-assi-snai, scopa-d-assi-vile, scopa-d-assi, scopa-dimensionecasino, scopa-fewest-cards, scopa-folk-primiera, scoparella, scopone-classico-figs, scopone-classico, scopone-scientifico, tripod-varianti)';

describe('run --keep-going', () => {
  test('without it, one invalid fixture file stops the run', async () => {
    expect(await runCli(['run', 'demo'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: `${UNKNOWN_VARIANT}\n1 problem in the input files: nothing was run\n`,
    });
  });

  test('lists the invalid fixture file, runs and reports every valid one, and exits 2', async () => {
    const ran = await runCli(['run', 'demo', '--keep-going', '--reporter', 'json'], { cwd: dir });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe(`${UNKNOWN_VARIANT}\n1 problem in 1 fixture file, left out (--keep-going)\n`);
    const report = JSON.parse(ran.stdout) as { fixtures: { id: string; outcome: string; divergence?: unknown }[] };
    expect(report.fixtures.map(({ id, outcome }) => `${id} ${outcome}`)).toEqual([
      'demo/pass-01 passed',
      'demo/rec-sample-1 failed',
      'demo/rec-sample-2 passed',
    ]);
    expect(report.fixtures[1]?.divergence).toMatchObject({ kind: 'award-mismatch', round: 1, rule: 'SCORE-TIES', category: 'primiera' });
  });

  test('with every fixture file invalid, there is nothing to run', async () => {
    expect(await runCli(['run', 'demo/bad-02.yaml', '--keep-going'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: `${UNKNOWN_VARIANT}\n1 problem in 1 fixture file, left out (--keep-going)\nerror: no valid fixtures in demo/bad-02.yaml\n`,
    });
  });
});
