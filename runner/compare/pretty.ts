/**
 * The compare report for people, on a terminal: each engine's counts, declared readings, known bugs and first error;
 * the rows of the matrix that tell the engines apart (their cells' statuses differ), and those an engine fails or
 * whose cell changed; the readings census and the undocumented declarations; the disagreements, each answer with the
 * engines that gave it; and one summary line.
 * @module
 */
import { describeKnownBugs, KNOWN_BUGS_SAY, undocumentedSaid } from '../report/pretty.ts';
import { countsLine, describeEngine, type RunSummary } from '../run/outcome.ts';
import type { EngineOutcome } from './comparison.ts';
import type { Disagreement } from './disagreements.ts';
import { describeCell, matrixHeadline, shownRows } from './matrix.ts';
import type { DeclaredReading } from './readings.ts';
import type { CompareReport } from './report.ts';

/** At most this many disagreements are shown: the JSON and HTML reports hold each. */
const DISAGREEMENTS_SHOWN = 20;
/** The lines shown of an engine's first error (an engine's stderr may follow its message). */
const ERROR_LINES = 4;

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** How many fixtures or generated games, in words. */
export const fixturesOrGames = (count: number): string => (count === 1 ? '1 fixture or game' : `${count} fixtures or games`);

/**
 * An engine's counts, its fixtures, games and probes each named as run's summary counts them apart, those it had
 * any of (`5 fixtures, 4 games: 9 passed, ...`).
 */
export function engineCountsLine(summary: RunSummary): string {
  const line = countsLine(summary.counts);
  if (summary.corpus === undefined) return line;
  const parts = ([[summary.corpus.total, 'fixture'], [summary.games?.counts.total ?? 0, 'game'], [summary.probes?.counts.total ?? 0, 'probe']] as const).filter(([count]) => count > 0);
  // countsLine names the total before its first colon; the parts name it here (none: 0 fixtures).
  return `${parts.map(([count, noun]) => plural(count, noun)).join(', ') || plural(0, 'fixture')}${line.slice(line.indexOf(':'))}`;
}

/** The first fixture an engine errored on, and the first lines of why (an engine's stderr may follow its message). */
export function firstError(outcome: EngineOutcome): { id: string; lines: string[] } | undefined {
  const errored = outcome.summary.results.find((result) => result.outcome === 'errored');
  return errored === undefined ? undefined : { id: errored.id, lines: (errored.message ?? '').split('\n').slice(0, ERROR_LINES) };
}

/** An engine's declarations that no source documents, and what they make of its results, as run says it. */
export const undocumentedLine = ({ engine, declarations }: CompareReport['census']['undocumented'][number]): string =>
  `${engine}: its profile declares ${undocumentedSaid(declarations)}: its results hold only under these declarations`;

/** A declared reading in words: `pagat sweep.lastPlay: true`. */
export const describeReading = (reading: Pick<DeclaredReading, 'variant' | 'knob' | 'value'>): string => `${reading.variant} ${reading.knob}: ${JSON.stringify(reading.value)}`;

/** Each answer of a disagreement on a line: the engines that gave it, then what it was. */
export function answerLines(disagreement: Disagreement): string[] {
  return disagreement.answers.map((answer) => {
    const said = answer.outcome === 'passed' ? 'passed' : answer.findings.map((finding) => `round ${finding.round} play ${finding.play} (${finding.rule ?? 'no single rule'}): ${finding.brief}`).join('; ');
    return `${answer.engines.join(', ')}: ${said}`;
  });
}

/** What a disagreement's engines were judged under, where not the fixture's own rules and every event. */
export function judgedUnderLine(disagreement: Disagreement): string | undefined {
  const parts = [disagreement.derived === undefined ? [] : [`derived under ${disagreement.derived}`], disagreement.reporting === undefined ? [] : [`reporting ${disagreement.reporting}`]].flat();
  return parts.length === 0 ? undefined : parts.join('; ');
}

/** A baseline's changes in words, and the engines it does not have. */
export function baselineLine(baseline: NonNullable<CompareReport['baseline']>): string {
  const missing = baseline.missing.length === 0 ? '' : `; it does not have ${baseline.missing.map((name) => `engine "${name}"`).join(', ')}, whose cells are not marked`;
  return `${baseline.file}: ${baseline.newlyPassing} newly passing, ${baseline.newlyFailing} newly failing${missing}`;
}

/** The last line: the engines, and each one's counts. */
export function compareSummaryLine(report: CompareReport): string {
  const engines = report.outcomes.map((outcome) => `${outcome.name} ${engineCountsLine(outcome.summary)}`);
  return `compare of ${plural(report.outcomes.length, 'engine')}: ${engines.join('; ')}`;
}

export function renderComparePretty(report: CompareReport): string {
  const out: string[] = [`ENGINES (${report.outcomes.length})`];
  const width = Math.max(...report.outcomes.map((outcome) => outcome.name.length));
  const under = `  ${''.padEnd(width)}    `;
  for (const outcome of report.outcomes) {
    const { name, summary, profile, readings } = outcome;
    out.push(`  ${name.padEnd(width)}  ${engineCountsLine(summary)} (${describeEngine(summary.engine)}${profile === undefined ? '' : `, profile ${profile}`}, ${(summary.durationMs / 1000).toFixed(2)} s)`);
    for (const reading of readings) out.push(`${under}reads ${describeReading(reading)} (${[reading.rule ?? 'no rule', ...reading.ambiguity].join(', ')})`);
    const bugs = describeKnownBugs(summary);
    if (bugs.length > 0) out.push(`${under}known bugs (${bugs.length}), ${KNOWN_BUGS_SAY}:`, ...bugs.map((bug) => `${under}  ${bug}`));
    const errored = firstError(outcome);
    if (errored !== undefined) out.push(`${under}errored first on ${errored.id}: ${errored.lines.join(`\n${under}  `)}`);
  }

  const telling = shownRows(report.matrix);
  out.push(`MATRIX: ${matrixHeadline(report.matrix)}`);
  if (telling.length > 0) {
    const ruleWidth = Math.max(...telling.map((row) => (row.rule ?? 'no single rule').length));
    const cells = telling.map((row) => row.cells.map(describeCell));
    const columns = report.outcomes.map((outcome, i) => Math.max(outcome.name.length, ...cells.map((row) => (row[i] as string).length)));
    out.push(`  ${'rule'.padEnd(ruleWidth)}  ${report.outcomes.map((outcome, i) => outcome.name.padEnd(columns[i] as number)).join('  ')}`.trimEnd());
    for (const [r, row] of telling.entries()) {
      out.push(`  ${(row.rule ?? 'no single rule').padEnd(ruleWidth)}  ${(cells[r] as string[]).map((text, i) => text.padEnd(columns[i] as number)).join('  ')}`.trimEnd());
    }
  }
  if (report.baseline !== undefined) out.push(`BASELINE ${baselineLine(report.baseline)}`);

  const { census } = report;
  out.push(`READINGS: ${census.entries.length} of the register's ${census.registerSize} ambiguities have readings declared; an engine not named reads them as each variant does`);
  for (const entry of census.entries) {
    out.push(`  ${entry.ambiguity} ${entry.title}: ${entry.engines.map(({ engine, readings }) => `${engine} (${readings.map(describeReading).join(', ')})`).join('; ')}`);
  }
  for (const undocumented of census.undocumented) out.push(`UNDOCUMENTED: ${undocumentedLine(undocumented)}`);

  out.push(`DISAGREEMENTS: ${report.disagreements.length === 0 ? 'none among engines judged alike' : `${fixturesOrGames(report.disagreements.length)} on which engines judged alike answer differently`}`);
  for (const disagreement of report.disagreements.slice(0, DISAGREEMENTS_SHOWN)) {
    const under = judgedUnderLine(disagreement);
    out.push(`  ${disagreement.id} (${disagreement.title})${under === undefined ? '' : `; ${under}`}`);
    for (const line of answerLines(disagreement)) out.push(`    ${line}`);
  }
  const more = report.disagreements.length - DISAGREEMENTS_SHOWN;
  if (more > 0) out.push(`  and ${more} more (--reporter json or html lists each)`);
  out.push(compareSummaryLine(report));
  return `${out.join('\n')}\n`;
}
