/**
 * A file a command writes once its work is done (`run --write-expect-fail`, `diagnose --write-profile`): named and
 * checked before the work begins, never one of the command's inputs, and written whole, unless it changed or
 * appeared while the work went on.
 * @module
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { FileChangedError, FileExistsError, type FileStamp, fileStamp, inputAt, writeFileSafely } from '../util/files.ts';
import { filesUnder } from '../util/walk.ts';
import { type Io, showPath, UsageError } from './command.ts';

/** The file, and its stamp before the work began (none if there was no file). */
export interface OutputFile {
  path: string;
  stamp?: FileStamp;
}

/** The file `flag` names, checked before the work: not a directory. */
export async function outputFile(file: string, flag: string, io: Io): Promise<OutputFile> {
  const path = resolve(io.cwd, file);
  if ((await stat(path).catch(() => undefined))?.isDirectory() === true) throw new UsageError(`${flag} names a directory (${file}): give the file to write`);
  const stamp = await fileStamp(path);
  return stamp === undefined ? { path } : { path, stamp };
}

/**
 * Refuses, before anything runs, an output that is one of the command's `inputs` (a folder among them stands for
 * its .yaml files); `work` is what the command calls its work (`run`).
 */
export async function refuseToWriteOver(flag: string, out: string, inputs: readonly string[], work: string, io: Io): Promise<void> {
  const files = await Promise.all(inputs.map(async (input) => ((await stat(input).catch(() => undefined))?.isDirectory() === true ? filesUnder(input, '.yaml') : [input])));
  const clash = await inputAt(out, files.flat());
  if (clash !== undefined) throw new UsageError(`${flag} names ${showPath(clash, io)}, which this ${work} reads as input: nothing was run or written`);
}

/** Writes the file whole, unless it changed or appeared while the `work` went on. False, said on stderr, if not written. */
export async function writeOutputFile(target: OutputFile, text: string, work: string, io: Io): Promise<boolean> {
  try {
    await writeFileSafely(target.path, text, target.stamp === undefined ? { create: true } : { unchangedSince: target.stamp });
    return true;
  } catch (error) {
    const why = error instanceof FileChangedError || error instanceof FileExistsError ? `changed while the ${work} went on: not overwritten` : `cannot write: ${(error as Error).message}`;
    io.stderr.write(`${showPath(target.path, io)}: error: ${why}\n`);
    return false;
  }
}
