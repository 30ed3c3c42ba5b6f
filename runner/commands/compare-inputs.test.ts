// compare and what it reads before any engine runs: a stop (Ctrl-C, SIGTERM) heard while the engines file is read
// and while the corpus is checked, as run hears it; nothing is run then, exit 130. What --merge holds the engines
// file to: the profiles and known bugs the reports were judged under. And an input never written over (the hostile
// cases show the fixtures; a variant of --variants needs a folder made here).
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { expect, test } from 'vitest';
import { type CliRun, REPO_ROOT, runCli } from '../cli/cli-harness.ts';

const REFERENCE_ALONE = join(REPO_ROOT, 'runner/testdata/hostile/compare/reference.yaml');

/** compare in process, stopped (SIGINT) `afterMs` in; at once for 0. */
async function stoppedAfter(afterMs: number, argv: string[]): Promise<CliRun> {
  const stop = new AbortController();
  if (afterMs === 0) stop.abort('SIGINT');
  const timer = setTimeout(() => stop.abort('SIGINT'), afterMs);
  const ran = await runCli(['compare', ...argv], { signal: stop.signal });
  clearTimeout(timer);
  return ran;
}

test('a stop heard as the engines file is read: nothing is checked or run, exit 130', async () => {
  const ran = await stoppedAfter(0, [REFERENCE_ALONE, 'runner/testdata/hostile/engines/fixtures']);
  expect(ran.stderr).toBe('interrupted (Ctrl-C or a signal) while the engines file was read: nothing was run\n');
  expect(ran.stdout).toBe('');
  expect(ran.code).toBe(130);
});

test('a stop 1.5 s into the check of the whole corpus ends the check there: nothing is run, exit 130', async () => {
  const ran = await stoppedAfter(1500, [REFERENCE_ALONE]);
  const said = /^interrupted \(Ctrl-C or a signal\) while the fixtures were checked \((\d+) of (\d+)\): nothing was run\n$/.exec(ran.stderr);
  expect(said, ran.stderr).not.toBeNull();
  const corpus = (await readdir(join(REPO_ROOT, 'fixtures'), { recursive: true })).filter((name) => name.endsWith('.yaml')).length;
  expect(Number(said?.[2])).toBe(corpus);
  expect(Number(said?.[1])).toBeLessThan(corpus);
  expect(ran.stdout).toBe('');
  expect(ran.code).toBe(130);
}, 60_000);

test('--merge refuses an engine whose profile or known bugs are not those its reports were judged under', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'scopa-compare-merge-'));
  try {
    const at = (name: string): string => join(dir, name);
    await writeFile(at('last-play.yaml'), 'variants:\n  - id: pagat\n    rules:\n      sweep: { lastPlay: true }\n');
    await writeFile(at('bugs.yaml'), 'bugs: [rank-priority-ignored]\n');
    const enginesWith = async (declared: object): Promise<string> => {
      await writeFile(at('engines.yaml'), stringify({ engines: [{ name: 'plain' }, { name: 'declared', ...declared }] }));
      return at('engines.yaml');
    };
    const engines = await enginesWith({ profile: 'last-play.yaml', knownBugs: 'bugs.yaml' });
    for (const only of ['plain', 'declared']) {
      const job = await runCli(['compare', engines, 'fixtures/pagat/cap-choice-02.yaml', '--only', only, '--reporter', 'json', '--out', at(`${only}.json`)]);
      expect(job.code, job.stderr).toBeLessThanOrEqual(1);
    }
    const merge = async (): Promise<CliRun> => runCli(['compare', engines, '--merge', at('plain.json'), at('declared.json')]);
    const merged = await merge();
    expect(merged.code, merged.stderr).toBeLessThanOrEqual(1);
    const refusal = (changed: string): string => `error: ${at('declared.json')}: engine "declared": ${changed}: run its jobs again, or merge with the engines file they ran with\n`;

    await enginesWith({ knownBugs: 'bugs.yaml' });
    expect(await merge()).toMatchObject({ code: 2, stdout: '', stderr: refusal('its reports were judged under profile "last-play.yaml", where the engines file now gives none') });
    await writeFile(at('renamed.yaml'), 'variants:\n  - id: pagat\n    rules:\n      sweep: { lastPlay: true }\n');
    await enginesWith({ profile: 'renamed.yaml', knownBugs: 'bugs.yaml' });
    expect(await merge()).toMatchObject({ code: 2, stderr: refusal('its reports were judged under profile "last-play.yaml", where the engines file now gives "renamed.yaml"') });
    await enginesWith({ profile: 'last-play.yaml', knownBugs: 'bugs.yaml' });
    await writeFile(at('last-play.yaml'), 'variants:\n  - id: pagat\n');
    expect(await merge()).toMatchObject({ code: 2, stderr: refusal('its profile "last-play.yaml" now declares other than when its reports were made') });
    // The same readings, fewer players: not what the reports were judged under either.
    await writeFile(at('last-play.yaml'), 'variants:\n  - id: pagat\n    players: [2]\n    rules:\n      sweep: { lastPlay: true }\n');
    expect(await merge()).toMatchObject({ code: 2, stderr: refusal('its profile "last-play.yaml" now declares other than when its reports were made') });
    // The same declarations written otherwise: merged.
    await writeFile(at('last-play.yaml'), '# reformatted\nvariants: [{ rules: { sweep: { lastPlay: true } }, id: pagat }]\n');
    expect((await merge()).stdout).toBe(merged.stdout);
    await enginesWith({ profile: 'last-play.yaml' });
    expect(await merge()).toMatchObject({ code: 2, stderr: refusal('its reports were judged with known bugs "bugs.yaml", where the engines file now gives none') });
    await enginesWith({ profile: 'last-play.yaml', knownBugs: 'bugs.yaml' });
    await writeFile(at('bugs.yaml'), 'bugs: [rank-priority-ignored, remainder-to-nobody]\n');
    expect(await merge()).toMatchObject({ code: 2, stderr: refusal('its reports were judged with the known bugs rank-priority-ignored, where "bugs.yaml" now names rank-priority-ignored, remainder-to-nobody') });
    // As they were: merged again.
    await writeFile(at('bugs.yaml'), 'bugs: [rank-priority-ignored]\n');
    expect((await merge()).stdout).toBe(merged.stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 60_000);

test('--out naming a variant file of --variants: refused, --force or not, as every file compare reads', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'scopa-compare-variants-'));
  try {
    const made = await runCli(['new', 'house', '--extends', 'pagat'], { cwd: dir });
    expect(made.code, made.stderr).toBe(0);
    const before = await readFile(join(dir, 'variants/house.yaml'), 'utf8');
    const ran = await runCli(['compare', REFERENCE_ALONE, join(REPO_ROOT, 'runner/testdata/hostile/engines/fixtures/one-play.yaml'), '--variants', 'variants', '--out', 'variants/house.yaml', '--force'], { cwd: dir });
    expect(ran).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining('error: --out names variants/house.yaml, which this compare reads as input: nothing was run or written\n') });
    expect(await readFile(join(dir, 'variants/house.yaml'), 'utf8')).toBe(before);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
