/**
 * Builds a mutant: a copy of the package in a temporary directory with the mutants' changes made to the files
 * of reference/ (one mutant, or several at once: an engine with several bugs), runnable as an external engine
 * (`node <dir>/bin/scopa-conformance.js engine`) or loaded in process from the copy.
 * @module
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Mutant } from './catalog.ts';
import { patchedSources } from '../causes/patched-reference.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const COPIED = ['bin', 'reference', 'runner', 'spec', 'variants', 'package.json'];

/** Tests and their data are left out of the copy: the mutant only serves the engine, and every copy costs time. */
function servesTheEngine(source: string): boolean {
  const path = relative(REPO, source);
  return !path.endsWith('.test.ts') && path.split(sep)[1] !== 'testdata';
}

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
  engineCommand: `node ${JSON.stringify(join(dir, 'bin', 'scopa-conformance.js'))} engine`,
  remove,
});

/** Copies the package into `dir` and makes the mutants' changes there. */
async function build(dir: string, mutants: readonly Mutant[]): Promise<string> {
  try {
    for (const entry of COPIED) await cp(join(REPO, entry), join(dir, entry), { recursive: true, filter: servesTheEngine });
    await symlink(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const sources = await patchedSources(mutants);
    for (const file of new Set(mutants.map((mutant) => mutant.file))) await writeFile(join(dir, 'reference', file), sources.get(file) as string);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}
