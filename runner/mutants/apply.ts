/**
 * Builds a mutant: the command line bundled in a temporary directory with the mutants' changes made to the files
 * of reference/ (one mutant, or several at once: an engine with several bugs), runnable as an external engine
 * (`node <dir>/cli.mjs engine`). In process, `referenceWith` (runner/causes/patched-reference.ts) plays them.
 * @module
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Mutant } from './catalog.ts';
import { patchedSources } from '../causes/patched-reference.ts';
import { bundleEntry, CLI_ENTRY } from '../tools/bundle-cli.ts';

/** The bundle in a mutant's folder. */
const CLI = 'cli.mjs';

export interface BuiltMutant {
  dir: string;
  /** The command that serves this mutant over the engine protocol. */
  engineCommand: string;
  /** Removes the copy (a shared build stays, for the next test that needs it). */
  remove(): Promise<void>;
}

/**
 * A folder whose builds are kept and shared while it is named in this variable: the test suite's global setup
 * (runner/mutants/shared-builds.ts) makes one and removes it at the end, so that a mutant tried by several test
 * files is built once.
 */
export const SHARED_BUILDS = 'SCOPA_MUTANT_BUILDS';

export async function buildMutant(...mutants: Mutant[]): Promise<BuiltMutant> {
  const name = mutants.map((mutant) => mutant.name).join('+');
  const shared = process.env[SHARED_BUILDS];
  if (shared === undefined || shared === '') {
    const dir = await build(await mkdtemp(join(tmpdir(), `scopa-mutant-${name}-`)), mutants);
    return builtAt(dir, () => rm(dir, { recursive: true, force: true }));
  }
  const dir = join(shared, name);
  if (!existsSync(dir)) {
    // Built aside and renamed into place, which is atomic: a test file that finds the folder finds it whole, and
    // of two that build the same mutant at once, the second's rename fails and its copy is dropped.
    const aside = await build(await mkdtemp(join(shared, '.building-')), mutants);
    await rename(aside, dir).catch(() => rm(aside, { recursive: true, force: true }));
  }
  return builtAt(dir, async () => {});
}

const builtAt = (dir: string, remove: () => Promise<void>): BuiltMutant => ({
  dir,
  engineCommand: `node ${JSON.stringify(join(dir, CLI))} engine`,
  remove,
});

/** Bundles the command line into `dir` with the mutants' changes made. */
async function build(dir: string, mutants: readonly Mutant[]): Promise<string> {
  try {
    await bundleEntry(CLI_ENTRY, join(dir, CLI), await patchedSources(mutants));
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}
