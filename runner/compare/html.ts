/**
 * The compare report as one self-contained page (its style and script inline, nothing fetched when it is viewed):
 * the engines, with their known bugs and first error; the matrix of rules by engine, each failing cell a link that
 * opens the divergences behind it, and a switch to the rules that tell the engines apart; the readings census; the
 * disagreements, each answer in a column beside the others. Every piece of text is escaped. It takes the run
 * report's style (runner/report/html/report.css).
 * @module
 */
import { readFileSync } from 'node:fs';
import { describeEngine, type FixtureResult } from '../run/outcome.ts';
import { escapeHtml } from '../report/html/escape.ts';
import { pageHead } from '../report/html/page.ts';
import type { EngineOutcome } from './comparison.ts';
import { describeCell, matrixHeadline, type MatrixRow } from './matrix.ts';
import { baselineLine, compareSummaryLine, describeReading, engineCountsLine, firstError, fixturesOrGames, judgedUnderLine, undocumentedLine } from './pretty.ts';
import { describeKnownBugs, KNOWN_BUGS_SAY } from '../report/pretty.ts';
import type { CompareReport } from './report.ts';

/** At most this many fixtures of a failing cell show their divergence; the others are named. */
const FAILURES_SHOWN = 20;
/** At most this many disagreements are shown side by side; the JSON report holds each. */
const DISAGREEMENTS_SHOWN = 200;

const RUN_STYLE = readFileSync(new URL('../report/html/report.css', import.meta.url), 'utf8');

const COMPARE_STYLE = `
table.matrix, table.engines, table.census, table.answers { border-collapse: collapse; background: var(--paper); border: 1px solid var(--line); }
table.matrix th, table.matrix td, table.engines th, table.engines td, table.census th, table.census td, table.answers th, table.answers td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
table.matrix td { white-space: nowrap; }
td.cell.failed { background: var(--bad-wash); color: var(--bad); font-weight: 600; }
td.cell.passed { background: var(--good-wash); color: var(--good); }
td.cell.not-applicable, td.cell.not-judged { color: var(--muted); }
td.cell .change { display: block; font-size: 11px; text-transform: uppercase; }
td.cell.newly-failing { outline: 2px solid var(--bad); }
td.cell.newly-passing { outline: 2px solid var(--good); }
details.cell-failures, article.disagreement { background: var(--paper); border: 1px solid var(--line); border-left: 4px solid var(--bad); border-radius: 6px; padding: 10px 14px; margin: 10px 0; }
table.answers td.passed { color: var(--good); }
table.answers td.failed { color: var(--bad); }
`;

/** Opens the divergences a failing cell links to, and shows only the telling rows of the matrix when asked. */
const SCRIPT = `
function openTarget() {
  var target = location.hash.length > 1 ? document.getElementById(location.hash.slice(1)) : null;
  if (target && target.tagName === 'DETAILS') target.open = true;
}
window.addEventListener('hashchange', openTarget);
openTarget();
var only = document.getElementById('telling-only');
if (only) only.addEventListener('click', function () {
  var pressed = only.getAttribute('aria-pressed') !== 'true';
  only.setAttribute('aria-pressed', String(pressed));
  document.querySelectorAll('table.matrix tbody tr').forEach(function (row) { row.hidden = pressed && row.getAttribute('data-telling') !== 'true'; });
});
`;

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The anchor of a failing cell's divergences. */
const cellAnchor = (row: number, column: number): string => `failures-${row}-${column}`;

function enginesSection(outcomes: readonly EngineOutcome[]): string {
  const rows = outcomes.map((outcome) => {
    const { name, summary, profile, readings } = outcome;
    const declared = readings.length === 0 ? '<span class="muted">none</span>' : `<ul>${readings.map((reading) => `<li><code>${escapeHtml(describeReading(reading))}</code> <span class="muted">${escapeHtml([reading.rule ?? 'no rule', ...reading.ambiguity].join(', '))}</span></li>`).join('')}</ul>`;
    const bugs = describeKnownBugs(summary);
    const known = bugs.length === 0 ? '' : `<div class="known-bugs"><strong>${plural(bugs.length, 'known bug')}</strong>, ${escapeHtml(KNOWN_BUGS_SAY)}:<ul>${bugs.map((bug) => `<li>${escapeHtml(bug)}</li>`).join('')}</ul></div>`;
    const errored = firstError(outcome);
    const error = errored === undefined ? '' : `<div class="first-error">errored first on ${escapeHtml(errored.id)}:<pre class="report">${escapeHtml(errored.lines.join('\n'))}</pre></div>`;
    return `<tr><th>${escapeHtml(name)}</th><td>${escapeHtml(describeEngine(summary.engine))}${profile === undefined ? '' : `<br><span class="muted">profile ${escapeHtml(profile)}</span>`}</td><td>${escapeHtml(engineCountsLine(summary))}${known}${error}</td><td>${declared}</td></tr>`;
  });
  return `<section id="engines"><h2>Engines</h2>
<table class="engines"><thead><tr><th>engine</th><th>run as</th><th>fixtures and games</th><th>readings declared</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></section>`;
}

function matrixSection(matrix: readonly MatrixRow[], outcomes: readonly EngineOutcome[]): string {
  const telling = matrix.filter((row) => row.tellsApart).length;
  const head = outcomes.map((outcome) => `<th scope="col">${escapeHtml(outcome.name)}</th>`).join('');
  const rows = matrix.map((row, r) => {
    const cells = row.cells.map((cell, c) => {
      const text = escapeHtml(describeCell(cell).replace(/, newly (failing|passing)$/, ''));
      const change = cell.change === undefined ? '' : `<span class="change">${cell.change === 'newly-failing' ? 'newly failing' : 'newly passing'}</span>`;
      const content = cell.status === 'failed' ? `<a href="#${cellAnchor(r, c)}">${text}</a>` : text;
      return `<td class="cell ${cell.status}${cell.change === undefined ? '' : ` ${cell.change}`}" title="${escapeHtml(`${cell.passed} passed, ${cell.failed} failed, ${cell.notApplicable} not applicable, ${cell.notJudged} not judged`)}">${content}${change}</td>`;
    });
    return `<tr data-telling="${row.tellsApart}"><th scope="row"><code>${escapeHtml(row.rule ?? 'no single rule')}</code> <span class="muted">${escapeHtml(row.rule === null ? '' : row.name.replace(`${row.rule} `, ''))}</span></th>${cells.join('')}</tr>`;
  });
  return `<section id="matrix"><h2>Rules by engine: ${escapeHtml(matrixHeadline(matrix))}</h2>
<div class="filters"><button type="button" id="telling-only" aria-pressed="false">only the rules that tell the engines apart (${telling})</button></div>
<table class="matrix"><thead><tr><th scope="col">rule</th>${head}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>
<p class="muted">A cell counts the fixtures and games that show the engine breaking the rule (failed), and of those that check the rule, the ones it passed, does not play (not applicable) or was not judged on (skipped, errored, or failed on other rules). A rule tells the engines apart where its cells do not all have the same status. A failing cell opens its divergences.</p>
</section>`;
}

/** Each failing cell's divergences: per fixture, its finding of the rule. */
function failuresSection(matrix: readonly MatrixRow[], outcomes: readonly EngineOutcome[]): string {
  const byId = outcomes.map((outcome) => new Map(outcome.summary.results.map((result) => [result.id, result])));
  const blocks = matrix.flatMap((row, r) =>
    row.cells.flatMap((cell, c) => {
      if (cell.status !== 'failed') return [];
      const shown = cell.failures.slice(0, FAILURES_SHOWN).map((id) => {
        const result = byId[c]?.get(id) as FixtureResult;
        const finding = result.findings?.find((found) => found.rule === row.rule);
        return `<h4>${escapeHtml(id)} <span class="muted">${escapeHtml(result.title)}</span></h4><pre class="report">${escapeHtml(finding?.report ?? '')}</pre>`;
      });
      const rest = cell.failures.slice(FAILURES_SHOWN);
      const more = rest.length === 0 ? '' : `<p class="muted">and ${rest.length} more: ${escapeHtml(rest.join(', '))}</p>`;
      return [`<details class="cell-failures" id="${cellAnchor(r, c)}"><summary><strong>${escapeHtml(row.rule ?? 'no single rule')}</strong> on <strong>${escapeHtml(cell.engine)}</strong>: ${fixturesOrGames(cell.failed)}</summary>\n${shown.join('\n')}${more}</details>`];
    }),
  );
  return `<section id="failures"><h2>Divergences by rule and engine</h2>
${blocks.length === 0 ? '<p class="none">No engine breaks a rule.</p>' : blocks.join('\n')}
</section>`;
}

function censusSection(report: CompareReport): string {
  const { census, outcomes } = report;
  const head = outcomes.map((outcome) => `<th scope="col">${escapeHtml(outcome.name)}</th>`).join('');
  const rows = census.entries.map((entry) => {
    const cells = outcomes.map((outcome) => {
      const taken = entry.engines.find((engine) => engine.engine === outcome.name);
      return taken === undefined ? '<td class="muted">as each variant</td>' : `<td>${taken.readings.map((reading) => `<code>${escapeHtml(describeReading(reading))}</code>`).join('<br>')}</td>`;
    });
    return `<tr><th scope="row">${escapeHtml(entry.ambiguity)} <span class="muted">${escapeHtml(entry.title)}</span></th>${cells.join('')}</tr>`;
  });
  const undocumented = census.undocumented.map((declared) => `<p class="undocumented"><strong>Undocumented:</strong> ${escapeHtml(undocumentedLine(declared))}</p>`);
  return `<section id="census"><h2>Readings census: ${census.entries.length} of the register's ${census.registerSize} ambiguities</h2>
${rows.length === 0 ? '<p class="none">No engine declares a reading: each reads every ambiguity as each variant does.</p>' : `<table class="census"><thead><tr><th scope="col">ambiguity</th>${head}</tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody></table>`}
${undocumented.join('\n')}
</section>`;
}

function disagreementsSection(report: CompareReport): string {
  const articles = report.disagreements.slice(0, DISAGREEMENTS_SHOWN).map((disagreement) => {
    const under = judgedUnderLine(disagreement);
    const heads = disagreement.answers.map((answer) => `<th scope="col">${escapeHtml(answer.engines.join(', '))}</th>`).join('');
    const cells = disagreement.answers
      .map((answer) => {
        if (answer.outcome === 'passed') return '<td class="passed">passed</td>';
        const findings = answer.findings.map((finding) => `<li>round ${finding.round} play ${finding.play} (<code>${escapeHtml(finding.rule ?? 'no single rule')}</code>): ${escapeHtml(finding.brief)}</li>`);
        return `<td class="failed"><ul>${findings.join('')}</ul></td>`;
      })
      .join('');
    return `<article class="disagreement"><h3>${escapeHtml(disagreement.id)} <span class="muted">${escapeHtml(disagreement.title)}</span></h3>
${under === undefined ? '' : `<p class="muted">${escapeHtml(under)}</p>`}
<table class="answers"><thead><tr>${heads}</tr></thead><tbody><tr>${cells}</tr></tbody></table></article>`;
  });
  const more = report.disagreements.length - DISAGREEMENTS_SHOWN;
  return `<section id="disagreements"><h2>Disagreements: ${fixturesOrGames(report.disagreements.length)}</h2>
<p class="muted">Where engines were judged against the same thing (the same game, declarations and events compared), the answers that differ, each with the engines that gave it.</p>
${articles.length === 0 ? '<p class="none">None.</p>' : articles.join('\n')}
${more > 0 ? `<p class="muted">and ${more} more: the JSON report lists each.</p>` : ''}
</section>`;
}

export function renderCompareHtml(report: CompareReport): string {
  const title = `scopa-conformance: compare of ${plural(report.outcomes.length, 'engine')}`;
  const baseline = report.baseline === undefined ? '' : `<p class="muted">Against ${escapeHtml(baselineLine(report.baseline))}.</p>`;
  return `${pageHead(title, `${RUN_STYLE}\n${COMPARE_STYLE}`)}
<body>
<header>
<h1>${escapeHtml(title)}</h1>
<p class="counts">${escapeHtml(compareSummaryLine(report))}</p>
${baseline}
</header>
<main>
${enginesSection(report.outcomes)}
${matrixSection(report.matrix, report.outcomes)}
${censusSection(report)}
${disagreementsSection(report)}
${failuresSection(report.matrix, report.outcomes)}
</main>
<script>
${SCRIPT}
</script>
</body>
</html>
`;
}
