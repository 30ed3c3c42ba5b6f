/**
 * The compare report as Markdown, for a pull request comment: each engine's counts, known bugs and first error, the
 * rows of the matrix that tell the engines apart (and those an engine fails or whose cell changed), the readings
 * census and the undocumented declarations, and the first disagreements, each answer beside the others. Text
 * from outside (titles, an engine's answers) is escaped, so that it neither breaks a table nor renders as HTML.
 * Short enough for a comment: the JSON and HTML reports hold the rest.
 * @module
 */
import { describeEngine } from '../run/outcome.ts';
import { describeCell, matrixHeadline, shownRows } from './matrix.ts';
import { answerLines, baselineLine, compareSummaryLine, describeReading, firstError, fixturesOrGames, judgedUnderLine, undocumentedLine } from './pretty.ts';
import { describeKnownBugs, KNOWN_BUGS_SAY } from '../report/pretty.ts';
import type { CompareReport } from './report.ts';

/** The first line of every Markdown report compare writes: how a comment or a file of it is known. */
export const COMPARE_MARK = '<!-- scopa-conformance compare -->';

/** At most this many rows of the matrix and disagreements are shown: a comment holds 65,536 characters. */
const ROWS_SHOWN = 60;
const DISAGREEMENTS_SHOWN = 10;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '|': '\\|', '`': '\\`', '*': '\\*', _: '\\_', '[': '\\[', ']': '\\]', '\\': '\\\\' };

/** Text for a table cell or a line: on one line, with nothing Markdown or HTML would read as markup. */
const escapeMarkdown = (text: string): string => text.replace(/\s+/g, ' ').replace(/[&<>|`*_[\]\\]/g, (char) => ENTITIES[char] as string);

const row = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;

export function renderCompareMarkdown(report: CompareReport): string {
  const names = report.outcomes.map((outcome) => escapeMarkdown(outcome.name));
  const out: string[] = [COMPARE_MARK, `### scopa-conformance: ${report.outcomes.length} engines compared`, ''];
  out.push(row(['engine', 'passed', 'failed', 'not applicable', 'skipped', 'errored', 'run as']), row(['---', '---:', '---:', '---:', '---:', '---:', '---']));
  for (const [i, { summary }] of report.outcomes.entries()) {
    const { counts } = summary;
    out.push(row([names[i] as string, String(counts.passed), String(counts.failed), String(counts['not-applicable']), String(counts.skipped), String(counts.errored), escapeMarkdown(describeEngine(summary.engine))]));
  }
  for (const [i, outcome] of report.outcomes.entries()) {
    const bugs = describeKnownBugs(outcome.summary);
    if (bugs.length > 0) out.push('', `**${names[i] as string} has ${bugs.length} known bug${bugs.length === 1 ? '' : 's'}**, ${KNOWN_BUGS_SAY}: ${escapeMarkdown(bugs.join('; '))}`);
    const errored = firstError(outcome);
    if (errored !== undefined) out.push('', `**${names[i] as string} errored** first on ${escapeMarkdown(errored.id)}: ${escapeMarkdown(errored.lines.join(' '))}`);
  }

  const telling = shownRows(report.matrix);
  out.push('', `**Matrix:** ${matrixHeadline(report.matrix)}${telling.length > ROWS_SHOWN ? ` (the first ${ROWS_SHOWN} shown)` : ''}`);
  if (report.baseline !== undefined) out.push('', `Since ${escapeMarkdown(baselineLine(report.baseline))}.`);
  if (telling.length > 0) {
    out.push('', row(['rule', ...names]), row(['---', ...names.map(() => '---')]));
    for (const { rule, name, cells } of telling.slice(0, ROWS_SHOWN)) {
      out.push(row([rule === null ? escapeMarkdown(name) : `\`${rule}\``, ...cells.map((cell) => (cell.status === 'failed' || cell.change !== undefined ? `**${describeCell(cell)}**` : describeCell(cell)))]));
    }
  }

  const { census } = report;
  out.push('', `**Readings declared:** ${census.entries.length} of the register's ${census.registerSize} ambiguities; an engine not named reads them as each variant does`);
  if (census.entries.length > 0) {
    out.push('', row(['ambiguity', 'engines and their readings']), row(['---', '---']));
    for (const entry of census.entries) {
      out.push(row([`${entry.ambiguity} ${escapeMarkdown(entry.title)}`, entry.engines.map(({ engine, readings }) => `${escapeMarkdown(engine)}: ${escapeMarkdown(readings.map(describeReading).join(', '))}`).join('<br>')]));
    }
  }
  for (const undocumented of census.undocumented) out.push('', `**Undocumented:** ${escapeMarkdown(undocumentedLine(undocumented))}`);

  out.push('', `**Disagreements:** ${fixturesOrGames(report.disagreements.length)} on which engines judged alike answer differently${report.disagreements.length > DISAGREEMENTS_SHOWN ? ` (the first ${DISAGREEMENTS_SHOWN})` : ''}`);
  for (const disagreement of report.disagreements.slice(0, DISAGREEMENTS_SHOWN)) {
    const under = judgedUnderLine(disagreement);
    out.push('', `<details><summary>${escapeMarkdown(disagreement.id)}: ${escapeMarkdown(disagreement.title)}</summary>`, '');
    if (under !== undefined) out.push(escapeMarkdown(under), '');
    for (const line of answerLines(disagreement)) out.push(`- ${escapeMarkdown(line)}`);
    out.push('', '</details>');
  }
  out.push('', escapeMarkdown(compareSummaryLine(report)));
  return `${out.join('\n')}\n`;
}
