import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runCli } from '../cli/cli-harness.ts';
import { cliEntry } from '../mutants/shared-builds.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scopa-fuzz-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const REFERENCE = 'runner/testdata/reference-adapter.ts';
const LAST_PLAY = 'runner/testdata/last-play-sweeps-adapter.ts';

test('fuzz needs an engine, and checks its numbers', async () => {
  expect(await runCli(['fuzz'])).toMatchObject({ code: 2, stderr: expect.stringContaining('fuzz needs an engine to test: --engine <command> or --adapter <module>') });
  const rate = await runCli(['fuzz', '--adapter', REFERENCE, '--illegal-rate', '2']);
  expect(rate).toMatchObject({ code: 2, stderr: expect.stringContaining('--illegal-rate takes a number from 0 to 1, got "2"') });
  const time = await runCli(['fuzz', '--adapter', REFERENCE, '--time', 'soon']);
  expect(time).toMatchObject({ code: 2, stderr: expect.stringContaining('--time takes seconds (60 or 60s) or minutes (2m), at least 1 s, got "soon"') });
  // No time to play a game in: nothing would be judged, and nothing judged is no pass.
  for (const none of ['0s', '0', '0m']) {
    expect(await runCli(['fuzz', '--adapter', REFERENCE, '--time', none])).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining(`at least 1 s, got "${none}"`) });
  }
});

test('the reference engine fuzzed: nothing broken, nothing written, exit 0', async () => {
  const out = join(dir, 'none');
  const ran = await runCli(['fuzz', '--adapter', REFERENCE, '--games', '100', '--out', out]);
  expect(ran.code).toBe(0);
  expect(ran.stdout).toMatch(/^fuzz: 100 games from seed 1 in [\d.]+ s \(\d+ games\/s; 100 to the game's end, \d+ illegal decisions probed\), 0 rules broken\n$/);
  await expect(readdir(out)).rejects.toThrow(/ENOENT/);
});

test('an engine that breaks a rule: the rule found, shrunk, written; run reproduces it; the same seed writes the same file', async () => {
  const out = join(dir, 'found');
  const ran = await runCli(['fuzz', '--adapter', LAST_PLAY, '--games', '300', '--out', out]);
  expect(ran.code).toBe(1);
  expect(ran.stdout).toMatch(/^REPORT CARD: engine "[^"]+last-play-sweeps-adapter\.ts" breaks 1 rule\n  SWEEP-LAST-PLAY/);
  const files = await readdir(out);
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/^sweep-last-play-s\d+\.yaml$/);
  expect(ran.stdout).toContain(`written: ${join(out, files[0] as string)}`);
  const rerun = await runCli(['run', join(out, files[0] as string), '--adapter', LAST_PLAY]);
  expect(rerun.code).toBe(1);
  expect(rerun.stdout).toContain('SWEEP-LAST-PLAY');
  expect((await runCli(['run', join(out, files[0] as string)])).code).toBe(0);
  const again = await runCli(['fuzz', '--adapter', LAST_PLAY, '--games', '300', '--out', out]);
  expect(again.code).toBe(1);
  expect(again.stderr).toBe('');
});

test('--reporter json carries the findings and the fuzz figures', async () => {
  const ran = await runCli(['fuzz', '--adapter', LAST_PLAY, '--games', '100', '--out', join(dir, 'json'), '--reporter', 'json']);
  const report = JSON.parse(ran.stdout) as { findings: { rule: string }[]; fuzz: { games: number; seed: number } };
  expect(report.findings.map((finding) => finding.rule)).toEqual(['SWEEP-LAST-PLAY']);
  expect(report.fuzz).toMatchObject({ games: 100, seed: 1 });
});

test('--against: another engine judges; the engine that agrees with it passes, the one that does not is found', async () => {
  const judge = `${process.execPath} ${cliEntry()} engine`;
  const agree = await runCli(['fuzz', '--adapter', REFERENCE, '--against', judge, '--games', '60', '--out', join(dir, 'agree')]);
  expect(agree.code).toBe(0);
  expect(agree.stdout).toMatch(/^fuzz: 60 games from seed 1 .*, 0 rules broken\n$/);
  const differ = await runCli(['fuzz', '--adapter', LAST_PLAY, '--against', judge, '--games', '300', '--out', join(dir, 'differ')]);
  expect(differ.code).toBe(1);
  expect(differ.stdout).toMatch(/^REPORT CARD: engine "[^"]+last-play-sweeps-adapter\.ts against [^"]+" breaks 1 rule\n  SWEEP-LAST-PLAY/);
  const both = await runCli(['fuzz', '--adapter', LAST_PLAY, '--against', judge, '--profile', 'examples/profiles/scoparella-like.yaml']);
  expect(both).toMatchObject({ code: 2, stderr: expect.stringContaining('give --profile or --against, not both') });
}, 60_000);

test('--jobs 2 shares the games between two threads and finds what one job finds, written the same', async () => {
  const one = await runCli(['fuzz', '--adapter', LAST_PLAY, '--games', '400', '--out', join(dir, 'one', 'found'), '--reporter', 'json']);
  const two = await runCli(['fuzz', '--adapter', LAST_PLAY, '--games', '400', '--out', join(dir, 'two', 'found'), '--jobs', '2', '--reporter', 'json']);
  expect([one.code, two.code]).toEqual([1, 1]);
  const figures = (ran: { stdout: string }): { games: number; written: string[] } => (JSON.parse(ran.stdout) as { fuzz: { games: number; written: string[] } }).fuzz;
  expect(figures(two).games).toBe(400);
  const names = (await readdir(join(dir, 'one', 'found'))).sort();
  expect(names.length).toBeGreaterThan(0);
  expect((await readdir(join(dir, 'two', 'found'))).sort()).toEqual(names);
  for (const name of names) {
    expect(await readFile(join(dir, 'two', 'found', name), 'utf8')).toBe(await readFile(join(dir, 'one', 'found', name), 'utf8'));
  }
  expect(figures(two).written).toEqual(names.map((name) => join(dir, 'two', 'found', name)));
}, 60_000);

test('--jobs: an engine that cannot start stops every job, exit 3', async () => {
  const ran = await runCli(['fuzz', '--engine', 'no-such-engine-command-xyz', '--games', '10', '--jobs', '2', '--out', join(dir, 'never')]);
  expect(ran.code).toBe(3);
  expect(ran.stderr).toMatch(/^error: the engine could not be started: /);
  await expect(readdir(join(dir, 'never'))).rejects.toThrow(/ENOENT/);
});
