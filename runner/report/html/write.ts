/**
 * Where the HTML report goes and how it is written: `scopa-report.html` in the working directory unless a file
 * is named; checked before anything runs, and written whole, as every output file is (runner/cli/output-file.ts).
 * @module
 */
import { type Io, showPath } from '../../cli/command.ts';
import { type OutputFile, outputFile, writeOutputFile } from '../../cli/output-file.ts';

export const DEFAULT_HTML_REPORT = 'scopa-report.html';

/** A page this module wrote: the doctype, then the title the report gives itself, in its head. */
const isHtmlReport = (text: string): boolean => text.startsWith('<!DOCTYPE html>\n') && text.slice(0, 2000).includes('<title>scopa-conformance: ');

/** The report's file, checked before the work; `flag` names the option that gave it, for the error. */
export const htmlReportTarget = (given: string | undefined, flag: string, io: Io, force: boolean): Promise<OutputFile> =>
  outputFile(given ?? DEFAULT_HTML_REPORT, { flag, own: { what: 'an HTML report scopa-conformance wrote', isOwn: isHtmlReport } }, io, force);

/** Writes the report; says where on stdout, or why not on stderr (false). */
export async function writeHtmlReport(target: OutputFile, html: string, work: string, io: Io): Promise<boolean> {
  if ((await writeOutputFile(target, html, work, io)) === undefined) return false;
  io.stdout.write(`HTML report: ${showPath(target.path, io)}\n`);
  return true;
}
