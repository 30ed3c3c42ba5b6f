import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const REPO = fileURLToPath(new URL('..', import.meta.url));

/** Runs the CLI as a child, sends it SIGINT after `afterMs`, and waits for it to end. */
function interruptedAfter(afterMs: number, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/scopa-conformance.js', ...args], { cwd: REPO, env: { ...process.env, CI: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGINT'), afterMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

test('Ctrl-C during run: the fixtures that ran are reported, the rest counted as not run, exit 130', async () => {
  // Each replay of this engine takes 2 s: three fixtures take 6 s, and the interrupt comes long before.
  const engine = `${process.execPath} runner/testdata/hostile/engines/slow.mjs`;
  const ran = await interruptedAfter(2_500, ['run', 'runner/testdata/hostile/engines/fixtures', '--engine', engine, '--timeout', '5']);
  expect(ran.code).toBe(130);
  expect(ran.stdout).toMatch(/interrupted \(Ctrl-C\): [23] fixtures not run; what ran is reported above\n3 fixtures: /);
  expect(ran.stderr).not.toMatch(/\bat \S+:\d+:\d+/);
}, 30_000);
