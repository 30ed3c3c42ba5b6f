/**
 * The compare report for people, on a terminal: each engine's counts and declared readings; the rows of the matrix
 * that tell the engines apart (a rule one fails, or on which their statuses differ); the readings census; the
 * disagreements, each answer with the engines that gave it; and one summary line.
 * @module
 */
import { countsLine, describeEngine } from '../run/outcome.ts';
import type { Disagreement } from './disagreements.ts';
import { describeCell, tellingRows } from './matrix.ts';
import type { DeclaredReading } from './readings.ts';
import type { CompareReport } from './report.ts';

/** At most this many disagreements are shown: the JSON and HTML reports hold each. */
const DISAGREEMENTS_SHOWN = 20;
/** The lines shown of an engine's first error (an engine's stderr may follow its message). */
const ERROR_LINES = 4;

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** How many fixtures or generated games, in words. */
export const fixturesOrGames = (count: number): string => (count === 1 ? '1 fixture or game' : `${count} fixtures or games`);

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

/** The last line: the engines, and each one's counts. */
export function compareSummaryLine(report: CompareReport): string {
  const engines = report.outcomes.map((outcome) => `${outcome.name} ${countsLine(outcome.summary.counts)}`);
  return `compare of ${plural(report.outcomes.length, 'engine')}: ${engines.join('; ')}`;
}

export function renderComparePretty(report: CompareReport): string {
  const out: string[] = [`ENGINES (${report.outcomes.length})`];
  const width = Math.max(...report.outcomes.map((outcome) => outcome.name.length));
  for (const { name, summary, profile, readings } of report.outcomes) {
    out.push(`  ${name.padEnd(width)}  ${countsLine(summary.counts)} (${describeEngine(summary.engine)}${profile === undefined ? '' : `, profile ${profile}`}, ${(summary.durationMs / 1000).toFixed(2)} s)`);
    for (const reading of readings) out.push(`  ${''.padEnd(width)}    reads ${describeReading(reading)} (${[reading.rule ?? 'no rule', ...reading.ambiguity].join(', ')})`);
    const errored = summary.results.find((result) => result.outcome === 'errored');
    if (errored !== undefined) out.push(`  ${''.padEnd(width)}    errored first on ${errored.id}: ${(errored.message ?? '').split('\n').slice(0, ERROR_LINES).join(`\n  ${''.padEnd(width)}      `)}`);
  }

  const telling = report.matrix.filter(tellingRows(report.outcomes));
  out.push(`MATRIX: ${plural(report.matrix.length, 'rule')} checked; ${telling.length === 0 ? 'no rule tells the engines apart' : `${plural(telling.length, 'rule')} telling the engines apart`}`);
  if (telling.length > 0) {
    const ruleWidth = Math.max(...telling.map((row) => (row.rule ?? 'no single rule').length));
    const cells = telling.map((row) => row.cells.map(describeCell));
    const columns = report.outcomes.map((outcome, i) => Math.max(outcome.name.length, ...cells.map((row) => (row[i] as string).length)));
    out.push(`  ${'rule'.padEnd(ruleWidth)}  ${report.outcomes.map((outcome, i) => outcome.name.padEnd(columns[i] as number)).join('  ')}`.trimEnd());
    for (const [r, row] of telling.entries()) {
      out.push(`  ${(row.rule ?? 'no single rule').padEnd(ruleWidth)}  ${(cells[r] as string[]).map((text, i) => text.padEnd(columns[i] as number)).join('  ')}`.trimEnd());
    }
  }
  if (report.baseline !== undefined) out.push(`BASELINE ${report.baseline.file}: ${report.baseline.newlyPassing} newly passing, ${report.baseline.newlyFailing} newly failing`);

  const { census } = report;
  out.push(`READINGS: ${census.entries.length} of the register's ${census.registerSize} ambiguities have readings declared; an engine not named reads them as each variant does`);
  for (const entry of census.entries) {
    out.push(`  ${entry.ambiguity} ${entry.title}: ${entry.engines.map(({ engine, readings }) => `${engine} (${readings.map(describeReading).join(', ')})`).join('; ')}`);
  }
  for (const { engine, readings } of census.undocumented) out.push(`  undocumented: ${engine} (${readings.map(describeReading).join(', ')}): no reading of the register names it`);

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
