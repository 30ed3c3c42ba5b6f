/**
 * Test support: the CLI run in process with captured streams, as the tests call it.
 * @module
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cli } from './cli.ts';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliSettings {
  /** Default: the repository root. */
  cwd?: string;
  isTTY?: boolean;
  env?: Record<string, string | undefined>;
  /** Aborted as a Ctrl-C would abort it. */
  signal?: AbortSignal;
}

/** Runs `scopa-conformance <argv>` in process and returns its exit code and what it wrote. */
export async function runCli(argv: string[], settings: CliSettings = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await cli(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd: settings.cwd ?? REPO_ROOT,
    isTTY: settings.isTTY ?? false,
    env: settings.env ?? {},
    ...(settings.signal === undefined ? {} : { signal: settings.signal }),
  });
  return { code, stdout, stderr };
}

/**
 * Runs `scopa-conformance <argv>` (or another program of the repository, `entry` being node's arguments before
 * `argv`) as a child process whose reader goes away after the first chunk of output, as `| head` does: its exit
 * code and what it wrote on stderr.
 */
export function runWithReaderGone(argv: string[], entry: string[] = ['bin/scopa-conformance.js']): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...entry, ...argv], { cwd: REPO_ROOT });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    child.on('close', (code) => resolve({ code, stderr }));
  });
}
