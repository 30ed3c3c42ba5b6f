/**
 * The test suite's global setup (vitest.config.ts): one folder for the whole run, removed when it ends, where builds
 * are made once and shared by the test files: the mutants they try (see buildMutant), and the programs the tests run
 * as child processes without being about their sources or tsx (the command line, the test engines written in
 * TypeScript), bundled (runner/tools/bundle-cli.ts): each such child starts in 0.15 s instead of 0.5 s or more.
 * @module
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleEntry, CLI_ENTRY } from '../tools/bundle-cli.ts';
import { SHARED_BUILDS } from './apply.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** The TypeScript programs the tests run as child processes. */
const PROGRAMS = [CLI_ENTRY, join(REPO, 'runner/testdata/lies/lying-engine.ts'), join(REPO, 'runner/testdata/omit/no-dealer-engine.ts'), join(REPO, 'runner/testdata/hostile/engines/diagnosed.ts')];

/** Where the global setup bundles a program of the repository, in the run's folder `dir`. */
const bundleOf = (dir: string, program: string): string => join(dir, 'programs', relative(REPO, program).replace(/\.ts$/, '.mjs'));

/**
 * Node's arguments that run a TypeScript program of the repository (given from the repository's root): its bundle
 * where the global setup made one; else (a test file run on its own by a tool other than vitest, or sources that did
 * not build) the sources through tsx. The command line is bin/scopa-conformance.js, which registers tsx itself.
 */
export function programArgs(program: string): string[] {
  const path = join(REPO, program);
  const shared = process.env[SHARED_BUILDS];
  const bundle = shared === undefined || shared === '' ? undefined : bundleOf(shared, path);
  if (bundle !== undefined && existsSync(bundle)) return [bundle];
  return path === CLI_ENTRY ? [join(REPO, 'bin', 'scopa-conformance.js')] : ['--import', 'tsx', path];
}

/** The file `node` runs as `scopa-conformance` in a test's child process (see `programArgs`). */
export const cliEntry = (): string => programArgs(relative(REPO, CLI_ENTRY))[0] as string;

/** A shell command that runs a TypeScript program of the repository with `args` (see `programArgs`). */
export const programCommand = (program: string, ...args: string[]): string =>
  [process.execPath, ...programArgs(program), ...args].map((word) => JSON.stringify(word)).join(' ');

export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'scopa-test-builds-'));
  // Set before the workers start, each of which inherits it.
  process.env[SHARED_BUILDS] = dir;
  // A program that does not build (a change half made) is left to tsx, and its tests fail where tsx does.
  await Promise.all(PROGRAMS.map((program) => bundleEntry(program, bundleOf(dir, program)).catch(() => undefined)));
  return () => rm(dir, { recursive: true, force: true });
}
