/**
 * The folder the shrunk findings go to (`fuzz --out`, `run --write-findings`): each a fixture file named by its id,
 * which `run` reproduces. A file there that says something else is not replaced unless --force, nor, --force or
 * not, one the command reads as input; a FIFO or a device never.
 * @module
 */
import { basename, join, resolve } from 'node:path';
import type { Fixture } from '../fixture/fixture.ts';
import { fixtureToYaml } from '../fixture/fixture-yaml.ts';
import { idSegment } from '../load/fixtures.ts';
import { inputAt, statIfAny, writeFileSafely } from '../util/files.ts';
import { type Io, showPath, UsageError } from './command.ts';
import { obstacleAt } from './output-file.ts';

export interface FindingsFolder {
  /** The option that names it: `--out`. */
  flag: string;
  path: string;
  /** The first segment of the findings' ids, which `run` takes from the folder's name. */
  group: string;
}

/** The folder `dir` names, checked before the work begins: a usage mistake (exit 2) where something else is there. */
export async function findingsFolder(dir: string, flag: string, io: Io): Promise<FindingsFolder> {
  if (dir === '') throw new UsageError(`${flag} takes the findings' folder, got ""`);
  const path = resolve(io.cwd, dir);
  if ((await statIfAny(path))?.isDirectory() === false) throw new UsageError(`${flag}: ${showPath(path, io)} is not a directory; give the findings' folder`);
  return { flag, path, group: idSegment(basename(path)) };
}

/** The file of a finding whose id is `<group>/<name>`: `<folder>/<name>.yaml`. */
const findingFile = (folder: FindingsFolder, fixture: Pick<Fixture, 'id'>): string => join(folder.path, `${fixture.id.slice(fixture.id.lastIndexOf('/') + 1)}.yaml`);

export interface WriteFindingsOptions {
  force: boolean;
  /** The files the command reads, and what it calls its work (`run`). */
  inputs?: { files: readonly string[]; work: string };
}

/**
 * Writes each fixture to its file in the folder, whole; a file that already says exactly this is no conflict (the
 * same seed finds the same game). What could not be written is said on stderr, at its path. The paths written, as
 * shown, one per fixture (undefined where not written).
 */
export async function writeFindings(fixtures: readonly Fixture[], folder: FindingsFolder, options: WriteFindingsOptions, io: Io): Promise<(string | undefined)[]> {
  const written: (string | undefined)[] = [];
  const kind = { flag: folder.flag };
  for (const fixture of fixtures) {
    const path = findingFile(folder, fixture);
    const text = fixtureToYaml(fixture, path);
    // A file the finding would change is first checked against the inputs, --force or not.
    const obstacle = await obstacleAt(path, kind, text);
    const input = obstacle !== undefined && options.inputs !== undefined ? await inputAt(path, options.inputs.files) : undefined;
    const why =
      input !== undefined
        ? `is a file this ${options.inputs?.work ?? 'command'} reads as input: not written over, --force or not`
        : obstacle !== undefined && !(obstacle.forced && options.force)
          ? obstacle.why
          : undefined;
    if (why !== undefined) {
      io.stderr.write(`${showPath(path, io)}: error: ${why}\n`);
      written.push(undefined);
      continue;
    }
    try {
      await writeFileSafely(path, text);
      written.push(showPath(path, io));
    } catch (error) {
      io.stderr.write(`${showPath(path, io)}: error: cannot write: ${(error as Error).message}\n`);
      written.push(undefined);
    }
  }
  return written;
}
