/**
 * A baseline (`run --write-expect-fail <file>`): the fixtures a run found failing or erroring, written as the
 * expect-fail list `run --expect-fail` reads (select.ts), each with a reason made of its first finding's rule and
 * one line, so that a run of the same engine with that list exits 0 until something changes.
 * @module
 */
import { extname } from 'node:path';
import { type Io, showPath } from '../cli/command.ts';
import { markedBy, type OutputFile, type OutputKind, outputFile, writeOutputFile } from '../cli/output-file.ts';
import { describeEngine, type FixtureResult, type RunSummary } from './outcome.ts';
import { divergenceInBrief } from '../report/card.ts';

/** A reason longer than this is cut: it is a reminder, the run's report has the whole story. */
const MAX_REASON = 160;

/** The words atop every list this module writes: a file run may replace without --force. */
const BASELINE_MARK = 'written by scopa-conformance run --write-expect-fail';

/** Why a fixture is on the list, in one line: `RULE: round r play p: expected ..., got ...`, or what the engine did. */
export function baselineReason(result: FixtureResult): string {
  const divergence = result.findings?.[0]?.divergence ?? result.divergence;
  const reason =
    result.outcome === 'errored' || divergence === undefined
      ? `errored: ${result.message ?? 'the engine gave no usable reply'}`
      : `${divergence.rule ?? 'no single rule'}: round ${divergence.round} play ${divergence.play}: ${divergenceInBrief(divergence)}`;
  const line = reason.replace(/\s+/g, ' ').trim();
  return line.length <= MAX_REASON ? line : `${line.slice(0, MAX_REASON - 3)}...`;
}

/**
 * The list, in the form its file name asks for (`id: "reason"` in a .yaml or .yml file, `id reason` lines
 * otherwise), under a comment that says where it comes from. Every failed or errored fixture is on it, listed
 * before or not.
 */
export function expectFailText(summary: RunSummary, file: string): string {
  const listed = summary.results.filter((result) => result.outcome === 'failed' || result.outcome === 'errored');
  const yaml = ['.yaml', '.yml'].includes(extname(file).toLowerCase());
  const header = [
    `# Expected failures of the ${describeEngine(summary.engine)}: ${listed.length} fixture${listed.length === 1 ? '' : 's'},`,
    `# ${BASELINE_MARK}; read by run --expect-fail.`,
  ];
  const lines = listed.map((result) => (yaml ? `${result.id}: ${JSON.stringify(baselineReason(result))}` : `${result.id} ${baselineReason(result)}`));
  return `${[...header, ...lines].join('\n')}\n`;
}

const BASELINE: OutputKind = { flag: '--write-expect-fail', own: { what: 'an expect-fail list run wrote', isOwn: markedBy(`# ${BASELINE_MARK}`) } };

/** The target of `--write-expect-fail`, checked before anything runs. */
export const baselineTarget = (file: string, io: Io, force = false): Promise<OutputFile> => outputFile(file, BASELINE, io, force);

/**
 * Writes the list of a finished run, whole, unless the file changed (or appeared) while the run went on. An
 * interrupted run writes nothing: what did not run cannot be listed. False, with the reason on stderr, if not written.
 */
export async function writeBaseline(target: OutputFile, summary: RunSummary, io: Io): Promise<boolean> {
  const shown = showPath(target.path, io);
  if (summary.interrupted === true) {
    io.stderr.write(`${shown}: not written: the run was interrupted\n`);
    return true;
  }
  const text = expectFailText(summary, target.path);
  if (!(await writeOutputFile(target, text, 'run', io))) return false;
  const count = text.split('\n').filter((line) => line !== '' && !line.startsWith('#')).length;
  io.stderr.write(`wrote ${count} expected failure${count === 1 ? '' : 's'} to ${shown}\n`);
  return true;
}
