/**
 * The TAP version 13 reporter: a plan line, then one test line per fixture, in id order. A failure or an error
 * is followed by a YAML diagnostic block (the divergence, the report); a fixture not run is `# SKIP`; a listed
 * expected failure is `not ok ... # TODO` (TAP's own expected failure), and a listed fixture that passes is
 * `not ok`, since the run fails on it.
 * @module
 */
import { stringify } from 'yaml';
import { isExpectedFailure, isUnexpectedPass, type FixtureResult, type RunSummary } from '../run/outcome.ts';
import { reportCardOf } from './card.ts';
import { headline } from './pretty.ts';

/** `#` starts a directive and a line break ends the test line: both are escaped or replaced in a description. */
const description = (text: string): string => text.replaceAll('\\', '\\\\').replaceAll('#', '\\#').replace(/[\r\n]+/g, ' ');

function diagnostics(result: FixtureResult): string {
  const data: Record<string, unknown> = { message: headline(result), severity: result.outcome === 'errored' ? 'error' : 'fail', file: result.file };
  if (result.divergence !== undefined) {
    const { kind, round, play, eventIndex, rule } = result.divergence;
    Object.assign(data, { kind, round, play, eventIndex, rule });
  }
  // What is undefined (no rule, no report, no detail) YAML leaves out.
  Object.assign(data, { report: result.report, detail: result.detail });
  const yaml = stringify(data, { lineWidth: 0 }).trimEnd();
  return ['  ---', ...yaml.split('\n').map((line) => `  ${line}`), '  ...'].join('\n');
}

function testLine(result: FixtureResult, number: number): string {
  const name = `${number} - ${description(result.id)}`;
  if (isExpectedFailure(result)) return `not ok ${name} # TODO ${description(`expected to fail: ${result.expectedFailure}`)}`;
  if (isUnexpectedPass(result)) return `not ok ${name}\n${diagnostics(result)}`;
  switch (result.outcome) {
    case 'passed':
      return `ok ${name}`;
    case 'skipped':
    case 'not-applicable':
      return `ok ${name} # SKIP ${description(headline(result))}`;
    case 'failed':
    case 'errored':
      return `not ok ${name}\n${diagnostics(result)}`;
  }
}

/** The report card as TAP comments after the tests: a line per rule broken. */
function cardComments(summary: RunSummary): string[] {
  const card = reportCardOf(summary.results);
  if (card.length === 0) return [];
  return [`# report card: ${card.length} rule${card.length === 1 ? '' : 's'} broken`, ...card.map((finding) => `# ${finding.summary}`)];
}

export function renderTap(summary: RunSummary): string {
  const tests = summary.results.map((result, i) => testLine(result, i + 1));
  const lines = ['TAP version 13', `1..${summary.results.length}`, ...tests, ...cardComments(summary)];
  return `${lines.join('\n')}\n`;
}
