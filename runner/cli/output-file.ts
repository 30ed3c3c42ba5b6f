/**
 * Every file a command writes for the user (`diagnose --write-profile`, `run --out` and `--write-expect-fail`,
 * `merge --out`, `export --out`, the fixtures of `import`, `generate` and `fuzz`): named and checked before the work
 * begins where the name is known then, never one of the command's inputs, never a directory, FIFO, device or
 * socket, never a file the command did not write unless `--force`, and written whole, unless it changed or
 * appeared while the work went on.
 * @module
 */
import { resolve } from 'node:path';
import { FileChangedError, FileExistsError, type FileStamp, fileStamp, inputAt, kindOf, NotRegularFileError, readUserFile, statIfAny, writeFileSafely } from '../util/files.ts';
import { filesUnder } from '../util/walk.ts';
import { type Io, showPath, UsageError } from './command.ts';

/** What a command writes at one of its output options. */
export interface OutputKind {
  /** The option that names the file, or its folder: `--write-profile`. */
  flag: string;
  /**
   * The files the command itself writes there, which it replaces without --force: what they are, in words (`a
   * profile diagnose wrote`), and how one is known by its text. Without it, every file there takes --force.
   */
  own?: { what: string; isOwn(text: string): boolean };
}

/**
 * Why the file at `path` may not be written, in words that follow its name, or undefined if it may: nothing is
 * there, or a regular file the command wrote, or one holding `text` already, or any regular file with `force`.
 * A directory, a FIFO, a device or a socket is never replaced: renaming over it would destroy it.
 */
export async function whyNotWritable(path: string, kind: OutputKind, force: boolean, text?: string): Promise<string | undefined> {
  const obstacle = await obstacleAt(path, kind, text);
  return obstacle === undefined || (force && obstacle.forced) ? undefined : obstacle.why;
}

/** What stands where a file is to be written: why, in words, and whether --force lifts it (a user's regular file). */
export interface Obstacle {
  why: string;
  forced: boolean;
}

/** What stands at `path` before `text` (or a file of `kind`) is written there, --force or not; undefined for nothing. */
export async function obstacleAt(path: string, kind: OutputKind, text?: string): Promise<Obstacle | undefined> {
  const stats = await statIfAny(path);
  if (stats === undefined) return undefined;
  if (stats.isDirectory()) return { why: 'is a directory; give the file to write', forced: false };
  if (!stats.isFile()) return { why: `is ${kindOf(stats)}; only a regular file is written`, forced: false };
  const existing = kind.own !== undefined || text !== undefined ? await readUserFile(path) : undefined;
  if (existing?.ok === true && (existing.text === text || kind.own?.isOwn(existing.text) === true)) return undefined;
  if (kind.own !== undefined) return { why: `exists and is not ${kind.own.what}; --force replaces it`, forced: true };
  return { why: text === undefined ? 'exists; --force replaces it' : 'exists and differs; --force replaces it', forced: true };
}

/** The file, and its stamp before the work began (none if there was no file). */
export interface OutputFile {
  path: string;
  stamp?: FileStamp;
}

/** The file `file` names, checked before the work begins: a usage mistake (exit 2) if it may not be written. */
export async function outputFile(file: string, kind: OutputKind, io: Io, force = false): Promise<OutputFile> {
  const path = resolve(io.cwd, file);
  const why = await whyNotWritable(path, kind, force);
  if (why !== undefined) throw new UsageError(`${kind.flag}: ${showPath(path, io)} ${why}`);
  const stamp = await fileStamp(path);
  return stamp === undefined ? { path } : { path, stamp };
}

/**
 * Refuses, before anything runs, an output that is one of the command's `inputs` (a folder among them stands for
 * its .yaml files); `work` is what the command calls its work (`run`).
 */
export async function refuseToWriteOver(flag: string, out: string, inputs: readonly string[], work: string, io: Io): Promise<void> {
  const files = await Promise.all(inputs.map(async (input) => ((await statIfAny(input))?.isDirectory() === true ? filesUnder(input, '.yaml') : [input])));
  const clash = await inputAt(out, files.flat());
  if (clash !== undefined) throw new UsageError(`${flag} names ${showPath(clash, io)}, which this ${work} reads as input: nothing was run or written`);
}

/**
 * Writes the file whole, unless it changed or appeared while the `work` went on; a file that holds the text
 * already is left as it is. Undefined, said on stderr, if not written.
 */
export async function writeOutputFile(target: OutputFile, text: string, work: string, io: Io): Promise<'written' | 'unchanged' | undefined> {
  try {
    if (target.stamp !== undefined) {
      const existing = await readUserFile(target.path, Buffer.byteLength(text));
      const now = await fileStamp(target.path);
      if (existing.ok && existing.text === text && now?.mtimeMs === target.stamp.mtimeMs) return 'unchanged';
    }
    await writeFileSafely(target.path, text, target.stamp === undefined ? { create: true } : { unchangedSince: target.stamp });
    return 'written';
  } catch (error) {
    const why = error instanceof FileChangedError || error instanceof FileExistsError || error instanceof NotRegularFileError ? `changed while the ${work} went on: not overwritten` : `cannot write: ${(error as Error).message}`;
    io.stderr.write(`${showPath(target.path, io)}: error: ${why}\n`);
    return undefined;
  }
}

/** A file whose first lines hold `mark`: how the files a command writes with a comment at the top are known. */
export const markedBy =
  (mark: string, lines = 3) =>
  (text: string): boolean =>
    text.split('\n', lines).some((line) => line.includes(mark));
