/**
 * `merge`: the JSON reports of a run split over machines (`run --shard i/n --reporter json`) reported as one run:
 * one report card, one summary, and the exit code that run would have given.
 * @module
 */
import { resolve } from 'node:path';
import { type Command, EXIT, type Io, NothingToWorkOnError, parseCommandArgs, showPath, UsageError } from '../cli/command.ts';
import { readUserFile } from '../util/files.ts';
import { type OutputKind, outputFile, refuseToWriteOver, writeOutputFile } from '../cli/output-file.ts';
import { formatLoadError, type LoadError, type LoadResult } from '../load/load-result.ts';
import { exitCodeOf } from '../run/outcome.ts';
import { escapeControls } from '../cli/output.ts';
import { MAX_REPORT_BYTES, mergeShardReports, readShardReport, type ShardReport } from '../report/merge.ts';
import { summaryLine } from '../report/pretty.ts';
import { REPORTERS } from './run.ts';

const OPTIONS = {
  reporter: { type: 'string', default: 'pretty' },
  out: { type: 'string' },
  force: { type: 'boolean' },
} as const;

/**
 * A report run or merge writes, by the way each reporter begins (json, junit, tap) or ends (pretty: the summary
 * line).
 */
const isReport = (text: string): boolean =>
  /^\{\n {2}"engine": /.test(text) || /^<\?xml [^\n]*\?>\n<testsuites name="scopa-conformance/.test(text) || text.startsWith('TAP version 13\n') || /^\d+ fixtures?: \d+ passed, \d+ failed, .*\d+ errored \(.*, \d+\.\d\d s\)$/m.test(text.slice(-2000));

const REPORT: OutputKind = { flag: '--out', own: { what: 'a report run or merge wrote', isOwn: isReport } };

export const mergeCommand: Command = {
  name: 'merge',
  summary: "report the JSON reports of a run's shards (run --shard i/n) as one run",
  help: `Usage: scopa-conformance merge <report.json ...> [--reporter pretty|json|junit|tap] [--out <file> [--force]]

Reads the reports that the shards of one run wrote (run --shard i/n --reporter json, one on
each machine of a CI matrix) and reports them as if one run had replayed the whole selection:
one report card, every fixture in id order, one summary line, and run's exit status. The
time given is the shards' times added up. Where the run played games or probes, the corpus,
the games and the probes are counted apart as run counts them (CORPUS, GAMES, PROBES), with
each rule they break shown by its first game or probe, shrunk, of any shard.

The reports must be the shards of one run: one engine, shards i/n of one n, each once and
none missing, all cut from one selection, with the same games and probes (per setting, from
one seed). Otherwise the merge says what is wrong (which shards are missing, given twice, of
another engine, another split or other games) and reports nothing.

Options:
  --reporter <name>   pretty (default), json, junit or tap, as run writes them
  --out <file>        write the report to this file (whole or not at all) instead of stdout,
                      and print its summary line; a file there that is not a report is not
                      replaced without --force (a FIFO or a device never)
  --force             replace a file at --out that is not a report

Exit status: as run's over the whole selection: 0 every fixture as expected; 1 a fixture
failed, or a listed one passed; 2 no fixture judged, or a usage mistake, or a report that is
unreadable, not a report, or not one of a whole set of shards (nothing reported); 3 the
engine errored on a fixture; 130 a shard was interrupted. Where several apply: 2, then 3, then 1.`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, OPTIONS);
    const reporter = values.reporter;
    if (!Object.hasOwn(REPORTERS, reporter)) throw new UsageError(`--reporter takes one of ${Object.keys(REPORTERS).join(', ')}, got "${reporter}"`);
    if (positionals.length === 0) throw new NothingToWorkOnError('merge needs the JSON reports of the shards (run --shard i/n --reporter json)');
    if (values.force === true && values.out === undefined) throw new UsageError('--force goes with --out');
    const target = values.out === undefined ? undefined : await outputFile(values.out, REPORT, io, values.force === true);
    if (target !== undefined) await refuseToWriteOver('--out', target.path, positionals.map((given) => resolve(io.cwd, given)), 'merge', io);
    const reports: ShardReport[] = [];
    const errors: LoadError[] = [];
    for (const given of positionals) {
      const read = await readReport(resolve(io.cwd, given), io);
      if (read.ok) reports.push(read.value);
      else errors.push(...read.errors);
    }
    if (errors.length > 0) {
      for (const error of errors) io.stderr.write(`${formatLoadError(error)}\n`);
      io.stderr.write(`${errors.length} problem${errors.length === 1 ? '' : 's'} in the reports: nothing was merged\n`);
      return EXIT.invalid;
    }
    const merged = mergeShardReports(reports);
    if (!merged.ok) {
      for (const problem of merged.problems) io.stderr.write(`error: ${problem}\n`);
      return EXIT.invalid;
    }

    const summary = merged.value;
    const text = REPORTERS[reporter as keyof typeof REPORTERS](summary);
    if (target === undefined) io.stdout.write(text);
    else {
      // The same text as on stdout, escaped for terminals alike.
      if ((await writeOutputFile(target, escapeControls(text), 'merge', io)) === undefined) return EXIT.invalid;
      io.stdout.write(`${summaryLine(summary)}\n${reporter} report: ${showPath(target.path, io)}\n`);
    }
    return exitCodeOf(summary);
  },
};

/** A report, its problems naming the file as the user gave it. */
async function readReport(path: string, io: Io): Promise<LoadResult<ShardReport>> {
  const file = showPath(path, io);
  const read = await readUserFile(path, MAX_REPORT_BYTES);
  if (!read.ok) return { ok: false, errors: [{ file, line: 0, col: 0, message: read.message }] };
  return readShardReport(read.text, file);
}
