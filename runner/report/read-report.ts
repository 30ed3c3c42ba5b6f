/**
 * A JSON report read back (`merge` reads run's, `compare --merge` and `--baseline` read compare's): parsed, known by
 * a key it must have, and checked against its schema, each problem at its line and column.
 * @module
 */
import type { LoadError, LoadResult } from '../load/load-result.ts';
import { checkAgainstSchema } from '../load/schemas.ts';
import { locateInJson, parseJsonText } from '../util/json-text.ts';

/** What kind of report is read, and how one is known. */
export interface ReportKind {
  /** The schema under spec/ (`report`). */
  schema: string;
  /** A key every such report has at its top. */
  key: string;
  /** What a file is not when it fails, in words: `not a report of scopa-conformance run --reporter json`. */
  notIt: string;
  /** What such a report is, for a file that is no such object at all. */
  shape: string;
}

/** At most this many of a report's problems are named: a report that is wrong everywhere names a few. */
const PROBLEMS_SHOWN = 10;

/** A report's value from its text, valid under its schema; every problem at its line and column (line 0: the whole file). */
export function readJsonReport(text: string, file: string, kind: ReportKind): LoadResult<unknown> {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { ok: false, errors: [{ file, ...parsed.position, message: `not a JSON report: ${parsed.message}` }] };
  const { value } = parsed;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, kind.key)) {
    return { ok: false, errors: [{ file, line: 1, col: 1, message: `${kind.notIt}: ${kind.shape}` }] };
  }
  const problems = checkAgainstSchema(kind.schema, value);
  if (problems.length === 0) return { ok: true, value };
  const shown = problems.slice(0, PROBLEMS_SHOWN);
  const positions = locateInJson(text, shown.map((problem) => problem.pointer));
  const errors = shown.map((problem): LoadError => {
    const { line, col } = positions.get(problem.pointer) ?? { line: 0, col: 0 };
    return { file, line, col, message: `${kind.notIt}: ${problem.message}` };
  });
  const more = problems.length - shown.length;
  if (more > 0) errors.push({ file, line: 0, col: 0, message: `and ${more} more problem${more === 1 ? '' : 's'} like these` });
  return { ok: false, errors };
}
