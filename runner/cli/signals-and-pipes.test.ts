import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { runCli, runWithReaderGone } from './cli-harness.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs the CLI as a child, sends it SIGINT once `ready` says so (given its stdout so far, asked at each chunk of
 * it and every 50 ms), and waits for it to end.
 */
function interruptedWhen(ready: (stdout: string) => boolean, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/scopa-conformance.js', ...args], { cwd: REPO, env: { ...process.env, CI: '', ...env } });
    let stdout = '';
    let stderr = '';
    let sent = false;
    const poll = (): void => {
      if (sent || !ready(stdout)) return;
      sent = true;
      child.kill('SIGINT');
    };
    const timer = setInterval(poll, 50);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      poll();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

test('Ctrl-C during run: the fixtures that ran are reported, the rest counted as not run, exit 130', async () => {
  // Each replay of this engine takes 2 s: three fixtures take 6 s. The interrupt comes once the engine has the
  // first replay (it marks each replay it is sent in a file), however long a loaded machine takes to get there;
  // that replay is answered and reported, the other two are not sent.
  const dir = await mkdtemp(join(tmpdir(), 'scopa-interrupt-'));
  const marks = join(dir, 'replays');
  const engine = `${process.execPath} runner/testdata/hostile/engines/slow.mjs`;
  const sentOne = (): boolean => existsSync(marks) && readFileSync(marks, 'utf8').length > 0;
  const ran = await interruptedWhen(sentOne, ['run', 'runner/testdata/hostile/engines/fixtures', '--engine', engine, '--timeout', '5'], { SLOW_ENGINE_MARKS: marks });
  await rm(dir, { recursive: true, force: true });
  expect(ran.code).toBe(130);
  expect(ran.stdout).toMatch(/interrupted \(Ctrl-C\): 2 fixtures not run; what ran is reported above\n3 fixtures: 0 passed, 1 failed/);
  expect(ran.stderr).not.toMatch(/\bat \S+:\d+:\d+/);
}, 30_000);

test('Ctrl-C during update: it stops between files, every file whole, and says how many were not checked', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'scopa-update-'));
  try {
    // A copy of the corpus whose generated fixtures all name another engine version: update rewrites each one.
    await cp(join(REPO, 'fixtures'), join(dir, 'fixtures'), { recursive: true });
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
}, 60_000);

test('a reader that goes away (| head): the output stops quietly, no EPIPE trace', async () => {
  const { code, stderr } = await runWithReaderGone(['run', '--reporter', 'json']);
  expect(stderr).toBe('');
  expect(code).toBe(0);
}, 60_000);
