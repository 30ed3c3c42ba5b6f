/**
 * Every file the command line reads from a user or writes for one goes through here. A file is read only if it
 * is a regular file under a size limit (a FIFO named `a.yaml` would block forever, a link to /dev/zero would
 * fill memory), and a file is written whole or not at all, never over a change made since it was read.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, type Stats, statSync } from 'node:fs';
import { mkdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/** Larger files are refused: no input of this project comes near it. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** What a file is, in words, when it is not a regular file. */
export function kindOf(stats: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean }): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

export type ReadResult = { ok: true; text: string } | { ok: false; message: string };

/**
 * A regular file's text (UTF-8), or why it cannot be had. Opened without blocking, checked once open (so a file
 * swapped for a FIFO in between is caught too), and read no further than the limit. The reads are synchronous:
 * a corpus is thousands of small files, and a round trip to the thread pool for each of open, stat, read and
 * close cost more than the reading.
 */
export async function readUserFile(path: string, maxBytes = MAX_FILE_BYTES): Promise<ReadResult> {
  return readUserFileSync(path, maxBytes);
}

function readUserFileSync(path: string, maxBytes: number): ReadResult {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return { ok: false, message: `cannot read file: ${(error as Error).message}` };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { ok: false, message: `cannot read file: it is ${kindOf(stats)}, not a regular file` };
    if (stats.size > maxBytes) return { ok: false, message: `file is ${stats.size} bytes, over the limit of ${maxBytes} bytes` };
    // A file may grow after the check: read until its end, and no further than one byte past the limit.
    const chunks: Buffer[] = [];
    let length = 0;
    for (let want = stats.size + 1; length <= maxBytes; want = 64 * 1024) {
      const chunk = Buffer.allocUnsafe(Math.min(want, maxBytes + 1 - length));
      const bytesRead = readSync(fd, chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      length += bytesRead;
      // A short read of a regular file is its end: no second call needed to learn it.
      if (bytesRead < chunk.length && length <= stats.size) break;
    }
    if (length > maxBytes) return { ok: false, message: `file is over the limit of ${maxBytes} bytes` };
    return { ok: true, text: Buffer.concat(chunks, length).toString('utf8') };
  } catch (error) {
    return { ok: false, message: `cannot read file: ${(error as Error).message}` };
  } finally {
    closeSync(fd);
  }
}

/**
 * The input among `inputs` that writing to `out` would write over (the same file, by its real path where it
 * exists), or undefined. No command writes over a file it reads as input: a report over a fixture it just ran.
 */
export async function inputAt(out: string, inputs: Iterable<string>): Promise<string | undefined> {
  const real = async (path: string): Promise<string> => realpath(path).catch(() => resolve(path));
  const target = await real(out);
  for (const input of inputs) if ((await real(input)) === target) return input;
  return undefined;
}

/**
 * Where a text's lines end with a carriage return alone (old Mac OS line ends), in words, or undefined. YAML and
 * JSON lines read such a file as one line, and what they say of it then makes no sense.
 */
export function loneCarriageReturn(text: string): string | undefined {
  const at = text.includes('\r') ? text.search(/\r(?!\n)/) : -1;
  if (at < 0) return undefined;
  const line = text.slice(0, at).split('\n').length;
  return `line ${line} ends with a carriage return alone (CR, as old Mac OS wrote): save the file with LF or CRLF line ends`;
}

/** A file changed on disk since it was read: it is not overwritten. */
export class FileChangedError extends Error {
  override name = 'FileChangedError';
  constructor(readonly path: string) {
    super(`${path} changed since it was read: not overwritten (run again to take the change into account)`);
  }
}

/** Something that is not a regular file (a FIFO, a device, a directory) where a file would be written. */
export class NotRegularFileError extends Error {
  override name = 'NotRegularFileError';
  constructor(readonly path: string, kind: string) {
    super(`${path} is ${kind}: only a regular file is written`);
  }
}

/** A file that exists where one would be written, and may not be replaced. */
export class FileExistsError extends Error {
  override name = 'FileExistsError';
  constructor(readonly path: string) {
    super(`${path} exists: not overwritten`);
  }
}

/** When a file was last changed, and its size: taken before it is read, compared before it is replaced. */
export interface FileStamp {
  mtimeMs: number;
  size: number;
}

/** What is at a path (a link followed), or undefined if nothing is. */
export async function statIfAny(path: string): Promise<Stats | undefined> {
  try {
    return await stat(path);
  } catch (error) {
    // No such file, or a path through something that is not a directory: nothing is there.
    if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
}

/** The stamp of a file, or undefined if there is none. */
export async function fileStamp(path: string): Promise<FileStamp | undefined> {
  const stats = await statIfAny(path);
  return stats === undefined ? undefined : { mtimeMs: stats.mtimeMs, size: stats.size };
}

/** `fileStamp`, without a trip to the thread pool: for the thousands of files of a corpus. */
export function fileStampSync(path: string): FileStamp | undefined {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats === undefined ? undefined : { mtimeMs: stats.mtimeMs, size: stats.size };
}

export interface WriteOptions {
  /** The file's stamp when it was read: the write is refused if the file has changed since. */
  unchangedSince?: FileStamp;
  /** Refuse to replace a file that exists. */
  create?: boolean;
}

/**
 * Writes a file whole or not at all: a temporary file beside it, then a rename. Refuses (a `NotRegularFileError`)
 * to rename over anything but a regular file: a FIFO or a device would be destroyed. With `unchangedSince`,
 * refuses (a `FileChangedError`) if the file was changed since that stamp; with `create`, refuses (a
 * `FileExistsError`) if it exists. The check and the rename are microseconds apart: a change in that window is the
 * one not seen.
 */
export async function writeFileSafely(path: string, text: string, options: WriteOptions = {}): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, text, { encoding: 'utf8', flag: 'wx' });
    const found = await statIfAny(path);
    if (found !== undefined && !found.isFile()) throw new NotRegularFileError(path, kindOf(found));
    const now = found === undefined ? undefined : { mtimeMs: found.mtimeMs, size: found.size };
    if (options.create === true && now !== undefined) throw new FileExistsError(path);
    const then = options.unchangedSince;
    if (then !== undefined && (now === undefined || now.mtimeMs !== then.mtimeMs || now.size !== then.size)) throw new FileChangedError(path);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
