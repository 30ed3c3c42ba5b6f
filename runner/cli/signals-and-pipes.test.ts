import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { runCli, runWithReaderGone } from './cli-harness.ts';
import { cliEntry } from '../mutants/shared-builds.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs the CLI as a child (the command line as the test run bundled it, see cliEntry; the reader that goes away
 * below runs bin/scopa-conformance.js through tsx, as a user of the repository does), sends it `signal` (SIGINT by
 * default) once `ready` says so (given its stdout so far, asked at each chunk of it and every 50 ms), and waits for
 * it to end; `ms` is how long it took after the signal.
 */
function interruptedWhen(
  ready: (stdout: string) => boolean,
  args: string[],
  env: Record<string, string> = {},
  signal: NodeJS.Signals = 'SIGINT',
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliEntry(), ...args], { cwd: REPO, env: { ...process.env, CI: '', ...env } });
    let stdout = '';
    let stderr = '';
    let sentAt: number | undefined;
    const poll = (): void => {
      if (sentAt !== undefined || !ready(stdout)) return;
      sentAt = performance.now();
      child.kill(signal);
    };
    const timer = setInterval(poll, 50);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      poll();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - (sentAt ?? 0) });
    });
  });
}

/** Whether a process runs: it exists and is no zombie (a killed orphan may wait for a parent that never reaps it). */
const alive = (pid: number): boolean => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

test.each([
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const)('%s during a hung request: the engine and what it started are ended at once, what ran is reported, exit %i', async (signal, code) => {
  // The engine never answers a replay: the signal comes once it has one, with a timeout of a minute to wait out.
  const dir = await mkdtemp(join(tmpdir(), 'scopa-signal-'));
  const marks = join(dir, 'replays');
  const pids = join(dir, 'pids');
  const engine = `${process.execPath} runner/testdata/hostile/engines/hangs-with-child.mjs`;
  const asked = (): boolean => existsSync(marks) && readFileSync(marks, 'utf8').length > 0;
  const env = { HANG_ENGINE_MARKS: marks, HANG_ENGINE_PIDS: pids };
  const ran = await interruptedWhen(asked, ['run', 'runner/testdata/hostile/engines/fixtures', '--engine', engine, '--timeout', '60'], env, signal);
  const started = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
  await rm(dir, { recursive: true, force: true });
  expect(ran.code).toBe(code);
  expect(ran.ms).toBeLessThan(5000);
  expect(ran.stdout).toMatch(/interrupted \(Ctrl-C or a signal\): 3 fixtures not run; what ran is reported above\n3 fixtures: 0 passed, 0 failed, 3 skipped/);
  expect(ran.stderr).not.toMatch(/\bat \S+:\d+:\d+/);
  expect(started.length).toBeGreaterThan(0);
  for (const pid of started) expect(alive(pid), `the engine's child ${pid}`).toBe(false);
}, 30_000);

test.each([
  ['run', 'SIGTERM', 143, ['run', 'runner/testdata/hostile/engines/fixtures'], /interrupted \(Ctrl-C or a signal\): 3 fixtures not run; what ran is reported above\n3 fixtures: 0 passed, 0 failed, 3 skipped/, ''],
  ['run --jobs 2', 'SIGINT', 130, ['run', 'runner/testdata/hostile/engines/fixtures', '--jobs', '2'], /3 fixtures: 0 passed, 0 failed, 3 skipped/, ''],
  ['fuzz', 'SIGHUP', 129, ['fuzz', '--games', '5'], /^$/, 'interrupted before the engine answered hello: no game was played\n'],
] as const)('%s: %s before the engine answers hello ends the run as any signal does, the engine ended, exit %i', async (_, signal, code, args, stdout, stderr) => {
  const dir = await mkdtemp(join(tmpdir(), 'scopa-signal-'));
  const marks = join(dir, 'hellos');
  const pids = join(dir, 'pids');
  const engine = `${process.execPath} runner/testdata/hostile/engines/hangs-with-child.mjs`;
  const helloWaits = (): boolean => existsSync(marks) && readFileSync(marks, 'utf8').length >= ((args as readonly string[]).includes('--jobs') ? 2 : 1);
  const env = { HANG_ENGINE_MARKS: marks, HANG_ENGINE_PIDS: pids, HANG_ENGINE_AT_HELLO: '1' };
  const ran = await interruptedWhen(helloWaits, [...args, '--engine', engine, '--timeout', '60'], env, signal);
  const started = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
  await rm(dir, { recursive: true, force: true });
  expect(ran.stderr).toBe(stderr);
  expect(ran.code).toBe(code);
  expect(ran.ms).toBeLessThan(5000);
  expect(ran.stdout).toMatch(stdout);
  for (const pid of started) expect(alive(pid), `the engine's child ${pid}`).toBe(false);
}, 30_000);

const yamlFilesIn = async (dir: string): Promise<number> =>
  (await readdir(join(REPO, dir), { recursive: true })).filter((name) => name.endsWith('.yaml')).length;

/** The CLI in process, its run on the reference stopped (SIGINT) 300 ms in. */
async function stoppedAfter300Ms(argv: string[]): Promise<Awaited<ReturnType<typeof runCli>>> {
  // The reference works in process: unless the run lets the event loop turn, the timer fires after the run.
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort('SIGINT'), 300);
  const ran = await runCli(argv, { signal: stop.signal });
  clearTimeout(timer);
  return ran;
}

test('run on the built-in reference engine hears a stop 300 ms into checking the corpus: the check ends there, nothing is run, exit 130', async () => {
  const ran = await stoppedAfter300Ms(['run']);
  const said = /^interrupted \(Ctrl-C or a signal\) while the fixtures were checked \((\d+) of (\d+)\): nothing was run\n$/.exec(ran.stderr);
  expect(said, ran.stderr).not.toBeNull();
  expect(Number(said?.[2])).toBe(await yamlFilesIn('fixtures'));
  expect(Number(said?.[1])).toBeLessThan(Number(said?.[2]));
  expect(ran.stdout).toBe('');
  expect(ran.code).toBe(130);
}, 60_000);

test('run on the built-in reference engine hears a stop 300 ms into the games it makes: what ran reported, the rest not run, exit 130', async () => {
  const ran = await stoppedAfter300Ms(['run', 'fixtures/pagat/cap-choice-01.yaml', '--games', '1000', '--variant', 'pagat']);
  expect(ran.stderr).toBe('');
  expect(ran.stdout).toMatch(/^interrupted \(Ctrl-C or a signal\): [1-9]\d* fixtures? not run; what ran is reported above$/m);
  expect(ran.stdout).toMatch(/^\d+ fixtures?: \d+ passed, 0 failed, [1-9]\d* skipped, 0 errored \(reference engine, [\d.]+ s\)\n$/m);
  expect(ran.code).toBe(130);
  // Pagat's 3,000 games (1,000 for each player count) were not all made: the making stopped too.
  expect(Number(/^(\d+) fixtures?: /m.exec(ran.stdout)?.[1])).toBeLessThan(1 + 3000);
}, 60_000);

test('with --reporter json, the stop is said on stderr, in the words of the pretty report, and the JSON says it too', async () => {
  const ran = await stoppedAfter300Ms(['run', 'fixtures/pagat/cap-choice-01.yaml', '--games', '1000', '--variant', 'pagat', '--reporter', 'json']);
  expect(ran.code).toBe(130);
  expect(ran.stderr).toMatch(/^interrupted \(Ctrl-C or a signal\): [1-9]\d* fixtures? not run; what ran is reported above\n$/);
  expect(JSON.parse(ran.stdout)).toMatchObject({ interrupted: true });
}, 60_000);

test("the same with --jobs 2: each thread's engine is ended", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'scopa-signal-'));
  const marks = join(dir, 'replays');
  const pids = join(dir, 'pids');
  const engine = `${process.execPath} runner/testdata/hostile/engines/hangs-with-child.mjs`;
  const both = (): boolean => existsSync(marks) && readFileSync(marks, 'utf8').length >= 2;
  const env = { HANG_ENGINE_MARKS: marks, HANG_ENGINE_PIDS: pids };
  const ran = await interruptedWhen(both, ['run', 'runner/testdata/hostile/engines/fixtures', '--engine', engine, '--timeout', '60', '--jobs', '2'], env, 'SIGTERM');
  const started = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
  await rm(dir, { recursive: true, force: true });
  expect(ran.code).toBe(143);
  expect(ran.ms).toBeLessThan(5000);
  expect(ran.stdout).toMatch(/3 fixtures: 0 passed, 0 failed, 3 skipped/);
  expect(started.length).toBe(2);
  for (const pid of started) expect(alive(pid), `the engine's child ${pid}`).toBe(false);
}, 30_000);

test('a runner killed outright (SIGKILL, nothing to clean up): an adapter spinning in a loop that never yields ends with it', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'scopa-orphan-'));
  const pidFile = join(dir, 'pid');
  await writeFile(
    join(dir, 'spinning.mjs'),
    `import { writeFileSync } from 'node:fs';
export default {
  name: 'spinning',
  replay: () => { writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); for (;;) {} },
  close: async () => {},
};
`,
  );
  const spinning = (): boolean => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '';
  const ran = await interruptedWhen(spinning, ['run', 'runner/testdata/hostile/engines/fixtures', '--adapter', join(dir, 'spinning.mjs'), '--timeout', '60'], {}, 'SIGKILL');
  const pid = Number(readFileSync(pidFile, 'utf8'));
  await rm(dir, { recursive: true, force: true });
  expect(ran.code).toBe(null);
  expect(alive(pid), 'the adapter, just after the runner died').toBe(true);
  const deadline = performance.now() + 5000;
  while (alive(pid) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(alive(pid), `the adapter's process ${pid}, 5 s after the runner died`).toBe(false);
}, 30_000);

test('diagnose --jobs 2 stopped mid-search: each thread\'s engine is ended, one line and nothing written, exit 143', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'scopa-signal-'));
  const marks = join(dir, 'replays');
  const pids = join(dir, 'pids');
  const written = join(dir, 'profile.yaml');
  const engine = `${process.execPath} runner/testdata/hostile/engines/hangs-with-child.mjs`;
  const both = (): boolean => existsSync(marks) && readFileSync(marks, 'utf8').length >= 2;
  const env = { HANG_ENGINE_MARKS: marks, HANG_ENGINE_PIDS: pids };
  const args = ['diagnose', 'runner/testdata/hostile/engines/fixtures', '--engine', engine, '--timeout', '60', '--jobs', '2', '--games', '0', '--write-profile', written];
  const ran = await interruptedWhen(both, args, env, 'SIGTERM');
  const started = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
  const wrote = existsSync(written);
  await rm(dir, { recursive: true, force: true });
  expect(ran).toMatchObject({ code: 143, stdout: '', stderr: 'interrupted: nothing reported or written\n' });
  expect(ran.ms).toBeLessThan(5000);
  expect(wrote).toBe(false);
  expect(started.length).toBe(2);
  for (const pid of started) expect(alive(pid), `the engine's child ${pid}`).toBe(false);
}, 30_000);

test('Ctrl-C between replays: the fixtures that ran are reported, the rest counted as not run, exit 130', async () => {
  // Each replay of this engine takes 2 s. The interrupt comes once the first result is printed (the pretty
  // reporter prints none before the end: the first replay's mark and 2 s more), so that one ran and is reported.
  const dir = await mkdtemp(join(tmpdir(), 'scopa-interrupt-'));
  const marks = join(dir, 'replays');
  const engine = `${process.execPath} runner/testdata/hostile/engines/slow.mjs`;
  const secondAsked = (): boolean => existsSync(marks) && readFileSync(marks, 'utf8').length > 1;
  const ran = await interruptedWhen(secondAsked, ['run', 'runner/testdata/hostile/engines/fixtures', '--engine', engine, '--timeout', '5'], { SLOW_ENGINE_MARKS: marks });
  await rm(dir, { recursive: true, force: true });
  expect(ran.code).toBe(130);
  expect(ran.stdout).toMatch(/interrupted \(Ctrl-C or a signal\): 2 fixtures not run; what ran is reported above\n3 fixtures: 0 passed, 1 failed/);
  expect(ran.stderr).not.toMatch(/\bat \S+:\d+:\d+/);
}, 30_000);

test('Ctrl-C during update: it stops between files, every file whole, and says how many were not checked', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'scopa-update-'));
  try {
    // A copy of two folders of the corpus (560 generated fixtures) whose generated fixtures all name another engine
    // version: update rewrites each one.
    for (const folder of ['pagat', 'playpalace']) await cp(join(REPO, 'fixtures', folder), join(dir, 'fixtures', folder), { recursive: true });
    let generated = 0;
    for (const name of await readdir(join(dir, 'fixtures'), { recursive: true })) {
      if (!name.endsWith('.yaml')) continue;
      const path = join(dir, 'fixtures', name);
      const text = await readFile(path, 'utf8');
      if (text.includes('"kind": "generated"')) generated++;
      if (text.includes('"engineVersion"')) await writeFile(path, text.replace(/"engineVersion": "[^"]*"/, '"engineVersion": "0.0.0-old"'));
    }
    const ran = await interruptedWhen((stdout) => /^updated /m.test(stdout), ['update', join(dir, 'fixtures')]);
    expect(ran.code).toBe(130);
    expect(ran.stderr).toMatch(
      new RegExp(`^interrupted: \\d+ of ${generated} generated fixtures not checked; every file written is whole \\(run update again for the rest\\)\n$`, 'm'),
    );
    const leftovers = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.tmp'));
    expect(leftovers).toEqual([]);
    // Every file is either as it was or as update writes it: none is torn.
    const check = await runCli(['validate', join(dir, 'fixtures')]);
    expect(check.code).toBe(0);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 180_000);

test('a reader that goes away (| head): the output stops quietly, no EPIPE trace', async () => {
  // PlayPalace's report (140 kB) outgrows the pipe's buffer, so the run writes on after the reader is gone.
  const { code, stderr } = await runWithReaderGone(['run', 'fixtures/playpalace', '--reporter', 'json']);
  expect(stderr).toBe('');
  expect(code).toBe(0);
}, 60_000);

test('a stdout that cannot be written (a full disk): said in one line on stderr, exit 2, no stack trace, whatever the run found', async () => {
  const full = openSync('/dev/full', 'w');
  try {
    const ran = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [cliEntry(), 'run', 'runner/testdata/hostile/engines/fixtures', '--reporter', 'json'], {
        cwd: REPO,
        stdio: ['ignore', full, 'pipe'],
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => resolve({ code, stderr }));
    });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/^error: cannot write to stdout: ENOSPC: no space left on device, write; what was printed is incomplete\n$/);
  } finally {
    closeSync(full);
  }
}, 30_000);
