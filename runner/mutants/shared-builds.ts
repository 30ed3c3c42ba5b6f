/**
 * The test suite's global setup (vitest.config.ts): one folder for the whole run where mutants are built once and
 * shared by the test files that try them (see buildMutant), removed when the run ends.
 * @module
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHARED_BUILDS } from './apply.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'scopa-mutant-builds-'));
  // Set before the workers start, each of which inherits it.
  process.env[SHARED_BUILDS] = dir;
  return () => rm(dir, { recursive: true, force: true });
}
