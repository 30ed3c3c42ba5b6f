/**
 * The default reporter, for people: nothing for a fixture that behaved as expected; for each one that did not,
 * one headline and its first-divergence report (or the error); why fixtures were skipped, one line per reason;
 * then one summary line.
 * @module
 */
import { countsLine, describeEngine, isUnexpectedPass, type FixtureResult, type RunSummary } from '../outcome.ts';

const indent = (text: string, by = '    '): string =>
  text
    .split('\n')
    .map((line) => (line === '' ? line : `${by}${line}`))
    .join('\n');

/** What went wrong, in one line. */
export function headline(result: FixtureResult): string {
  if (isUnexpectedPass(result)) {
    return `passed, but the expect-fail list says it fails (${result.expectedFailure}); take it off the list`;
  }
  switch (result.outcome) {
    case 'failed': {
      const divergence = result.divergence;
      if (divergence === undefined) return 'failed';
      const rule = divergence.rule === undefined ? '' : `, ${divergence.rule}`;
      return `first divergence at round ${divergence.round}, play ${divergence.play} (${divergence.kind}${rule})`;
    }
    case 'errored':
      return result.message ?? 'the engine gave no usable reply';
    case 'skipped':
      return result.message ?? 'not run';
    case 'not-applicable':
      return `not applicable: ${result.message ?? 'the engine does not play it'}`;
    case 'passed':
      return 'passed';
  }
}

/** At most this many lines of an engine's stderr or a stack. */
const DETAIL_LINES = 20;

/** One line per distinct reason fixtures were skipped, with how many: why part of the suite did not run. */
function skipReasons(results: readonly FixtureResult[]): string[] {
  const reasons = new Map<string, number>();
  for (const result of results) {
    if (result.outcome !== 'skipped') continue;
    const reason = headline(result);
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  return [...reasons].map(([reason, count]) => `SKIP  ${count} fixture${count === 1 ? '' : 's'}: ${reason}`);
}

export function renderPretty(summary: RunSummary): string {
  const out: string[] = [];
  for (const result of summary.results) {
    if (result.expectedFailure !== undefined && !isUnexpectedPass(result)) continue;
    if (isUnexpectedPass(result)) out.push(`XPASS ${result.id}: ${headline(result)}`, '');
    else if (result.outcome === 'failed') out.push(`FAIL  ${result.id}: ${headline(result)}`, indent(result.report ?? ''), '');
    else if (result.outcome === 'errored') {
      out.push(`ERROR ${result.id} (${result.file}): ${headline(result)}`);
      if (result.detail !== undefined) {
        const lines = result.detail.split('\n');
        const shown = lines.length > DETAIL_LINES ? [...lines.slice(0, DETAIL_LINES), `... ${lines.length - DETAIL_LINES} more lines`] : lines;
        out.push(indent(shown.join('\n')));
      }
      out.push('');
    }
  }
  const { counts } = summary;
  if (summary.bailed) out.push(`stopped at the first failure (--bail): ${counts.skipped} fixture${counts.skipped === 1 ? '' : 's'} not run`);
  else out.push(...skipReasons(summary.results));
  out.push(`${countsLine(counts)} (${describeEngine(summary.engine)}, ${(summary.durationMs / 1000).toFixed(2)} s)`);
  return `${out.join('\n')}\n`;
}
