/**
 * Where the HTML report goes and how it is written: `scopa-report.html` in the working directory unless a file
 * is named; anything there but a regular file (a directory, a FIFO, a device) is refused before anything runs; the
 * file is written whole or not at all.
 * @module
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type Io, showPath, UsageError } from '../../cli/command.ts';
import { writeFileSafely } from '../../util/files.ts';

export const DEFAULT_HTML_REPORT = 'scopa-report.html';

/** The report's path; `flag` names the option that gave it, for the error. */
export async function htmlReportPath(given: string | undefined, flag: string, io: Io): Promise<string> {
  const path = resolve(io.cwd, given ?? DEFAULT_HTML_REPORT);
  const existing = await stat(path).catch(() => undefined);
  if (existing !== undefined && !existing.isFile()) {
    throw new UsageError(`${flag}: ${showPath(path, io)} is ${existing.isDirectory() ? 'a directory' : 'not a regular file'}; name the HTML file to write`);
  }
  return path;
}

/** Writes the report; says where on stdout, or why not on stderr (false). */
export async function writeHtmlReport(path: string, html: string, io: Io): Promise<boolean> {
  try {
    await writeFileSafely(path, html);
  } catch (error) {
    io.stderr.write(`${showPath(path, io)}: error: cannot write the HTML report: ${(error as Error).message}\n`);
    return false;
  }
  io.stdout.write(`HTML report: ${showPath(path, io)}\n`);
  return true;
}
