/**
 * Builds a mutant: a copy of the package in a temporary directory with the mutants' changes made to the files
 * of reference/ (one mutant, or several at once: an engine with several bugs), runnable as an external engine
 * (`node <dir>/bin/scopa-conformance.js engine`) or loaded in process from the copy.
 * @module
 */
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Mutant } from './catalog.ts';

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
  remove(): Promise<void>;
}

export async function buildMutant(...mutants: Mutant[]): Promise<BuiltMutant> {
  const dir = await mkdtemp(join(tmpdir(), `scopa-mutant-${mutants.map((mutant) => mutant.name).join('+')}-`));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    for (const entry of COPIED) await cp(join(REPO, entry), join(dir, entry), { recursive: true, filter: servesTheEngine });
    await symlink(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
    for (const mutant of mutants) {
      const file = join(dir, 'reference', mutant.file);
      const text = await readFile(file, 'utf8');
      const occurrences = text.split(mutant.find).length - 1;
      if (occurrences !== 1) {
        throw new Error(`mutant ${mutant.name}: the text to change occurs ${occurrences} times in reference/${mutant.file}, not once`);
      }
      await writeFile(file, text.replace(mutant.find, mutant.replace));
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { dir, engineCommand: `node ${JSON.stringify(join(dir, 'bin', 'scopa-conformance.js'))} engine`, remove };
}
