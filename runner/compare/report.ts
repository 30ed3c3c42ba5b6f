/**
 * The compare report: the engines' outcomes, and what is made from them, the matrix of rules by engine (its cells'
 * changes marked against a baseline), the readings census and the disagreements. Every reporter renders this. Its
 * exit code is the runs': the user's stop first, then 2, 3 and 1 as `run` decides each.
 * @module
 */
import { EXIT, type ExitCode } from '../cli/command.ts';
import { describeEngine, exitCodeOf } from '../run/outcome.ts';
import type { EngineOutcome } from './comparison.ts';
import { type Disagreement, disagreementsOf } from './disagreements.ts';
import { markChanges, matrixOf, type MatrixRow } from './matrix.ts';
import { type Census, censusOf } from './readings.ts';

export interface CompareReport {
  outcomes: EngineOutcome[];
  matrix: MatrixRow[];
  census: Census;
  disagreements: Disagreement[];
  /** With --baseline: the earlier comparison's file, how many cells changed, and the engines it does not have (none of their cells marked). */
  baseline?: { file: string; newlyPassing: number; newlyFailing: number; missing: string[] };
}

/** The report of the outcomes, against the baseline's outcomes where one is given. */
export function compareReportOf(outcomes: EngineOutcome[], baseline?: { file: string; outcomes: readonly EngineOutcome[] }): CompareReport {
  const matrix = baseline === undefined ? matrixOf(outcomes) : markChanges(matrixOf(outcomes), matrixOf(baseline.outcomes));
  const report: CompareReport = {
    outcomes,
    matrix,
    census: censusOf(outcomes.map(({ name, readings, summary }) => ({ name, readings, ...(summary.undocumented === undefined ? {} : { undocumented: summary.undocumented }) }))),
    disagreements: disagreementsOf(outcomes),
  };
  if (baseline === undefined) return report;
  const changes = matrix.flatMap((row) => row.cells.map((cell) => cell.change));
  const count = (change: string): number => changes.filter((found) => found === change).length;
  const had = new Set(baseline.outcomes.map((outcome) => outcome.name));
  const missing = outcomes.map((outcome) => outcome.name).filter((name) => !had.has(name));
  return { ...report, baseline: { file: baseline.file, newlyPassing: count('newly-passing'), newlyFailing: count('newly-failing'), missing } };
}

/** Worst first: what makes the comparison's exit code, of the codes each engine's run gives. */
const PRECEDENCE: readonly ExitCode[] = [EXIT.interrupted, EXIT.invalid, EXIT.engineError, EXIT.failed];

/** 130 if the user stopped it; else each engine's run exit code, 2 beating 3 beating 1; 0 if every engine's is. */
export function exitCodeOfComparison(report: CompareReport): ExitCode {
  const codes = new Set(report.outcomes.map((outcome) => exitCodeOf(outcome.summary)));
  return PRECEDENCE.find((code) => codes.has(code)) ?? EXIT.ok;
}

/**
 * A line for each engine whose run alone would exit 2, judged on nothing (every fixture, game and probe skipped or
 * not applicable), in run's words: that is why the comparison exits 2.
 */
export const judgedOnNothingLines = (report: CompareReport): string[] =>
  report.outcomes
    .filter((outcome) => exitCodeOf(outcome.summary) === EXIT.invalid)
    .map(({ name, summary }) => `error: engine "${name}" (${describeEngine(summary.engine)}): nothing was judged: every fixture was skipped or not applicable (exit 2)`);
