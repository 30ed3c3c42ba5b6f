/**
 * The HTML reporter: a run as one self-contained page (its style and script inline, nothing fetched when it is
 * viewed). The report card by rule; each failure with its findings and a game viewer that steps through the
 * plays (runner/report/html/viewer.js) with expected against actual at each divergence; every fixture's outcome
 * (filtered by outcome or by text). Every piece of text is escaped; the viewer's data is embedded as
 * JSON that no string in it can break out of.
 * @module
 */
import { readFileSync } from 'node:fs';
import { countsLine, describeEngine, type FixtureResult, isExpectedFailure, isUnexpectedPass, type RunSummary } from '../run/outcome.ts';
import { reportCardOf, type RuleFinding } from './card.ts';
import { escapeHtml, scriptJson } from './html/escape.ts';
import { gameViewOf } from './html/game-view.ts';
import { pageHead } from './html/page.ts';
import { headline, partsOf } from './pretty.ts';

export interface HtmlOptions {
  /** Lines about the run shown under the title (what fuzz played, say). */
  context?: string[];
}

const asset = (name: string): string =>
  readFileSync(
    new URL(`./html/${name}`, import.meta.url),
    // Stryker disable next-line StringLiteral: read as a Buffer, the asset goes into the page through a template string, as UTF-8 all the same
    'utf8',
  );

/** How a result is filed in the fixture list: its outcome, or the expect-fail list's verdict on it. */
function statusOf(result: FixtureResult): string {
  if (isUnexpectedPass(result)) return 'unexpected-pass';
  if (isExpectedFailure(result)) return 'expected-failure';
  return result.outcome;
}

const STATUS_LABELS: Record<string, string> = {
  failed: 'failed',
  errored: 'errored',
  'unexpected-pass': 'passed unexpectedly',
  'expected-failure': 'expected to fail',
  passed: 'passed',
  'not-applicable': 'not applicable',
  skipped: 'skipped',
};

const anchorOf = (index: number): string => `fixture-${index}`;

/**
 * The games the page embeds for its viewers, at most (some 70 KB each in the corpus): the card's worked examples
 * first, then the failures in order. A run that fails everything still makes a page a browser opens at once.
 */
const MAX_GAMES = 250;

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

function cardSection(card: readonly RuleFinding[], anchors: ReadonlyMap<string, string>): string {
  const link = (id: string, text: string): string => {
    const anchor = anchors.get(id);
    return anchor === undefined ? escapeHtml(text) : `<a href="#${anchor}">${escapeHtml(text)}</a>`;
  };
  if (card.length === 0) return '<section id="card"><h2>Report card</h2><p class="none">No rule broken.</p></section>';
  const rows = card.map((finding) => {
    const where = finding.where.map(({ id, rounds }) => `<li>${link(id, id)} <span class="muted">(round${rounds.length === 1 ? '' : 's'} ${escapeHtml(rounds.join(', '))})</span></li>`);
    return `<article class="rule">
<h3><span class="rule-name">${escapeHtml(finding.name)}</span> <span class="muted">${plural(finding.fixtures, 'fixture')}, ${plural(finding.rounds, 'round')}</span></h3>
<p class="summary">${escapeHtml(finding.summary)}</p>
<p class="muted">rule text: <code>${escapeHtml(finding.link)}</code>; worked example: ${link(finding.example.id, finding.example.id)}</p>
<details><summary>the worked example, and every fixture that shows it</summary>
<pre class="report">${escapeHtml(finding.example.report)}</pre>
<ul class="where">${where.join('')}</ul>
</details>
</article>`;
  });
  return `<section id="card"><h2>Report card: ${plural(card.length, 'rule')} broken</h2>\n${rows.join('\n')}\n</section>`;
}

function fixtureList(results: readonly FixtureResult[], anchors: ReadonlyMap<string, string>): string {
  const counts = new Map<string, number>();
  for (const result of results) counts.set(statusOf(result), (counts.get(statusOf(result)) ?? 0) + 1);
  const buttons = [`<button type="button" data-filter="all" aria-pressed="true">all (${results.length})</button>`];
  for (const [status, label] of Object.entries(STATUS_LABELS)) {
    const count = counts.get(status) ?? 0;
    if (count > 0) buttons.push(`<button type="button" data-filter="${status}" aria-pressed="false">${label} (${count})</button>`);
  }
  const rows = results.map((result) => {
    const status = statusOf(result);
    const anchor = anchors.get(result.id);
    const id = anchor === undefined ? escapeHtml(result.id) : `<a href="#${anchor}">${escapeHtml(result.id)}</a>`;
    const note = result.expectedFailure === undefined ? '' : ` <span class="muted">(expect-fail: ${escapeHtml(result.expectedFailure)})</span>`;
    return `<tr data-status="${status}"><td><span class="badge ${status}">${STATUS_LABELS[status]}</span></td><td>${id}</td><td>${escapeHtml(result.variant)}</td><td>${escapeHtml(headline(result))}${note}</td></tr>`;
  });
  return `<section id="fixtures"><h2>Fixtures</h2>
<div class="filters">${buttons.join(' ')} <input type="search" id="fixture-search" placeholder="filter by id, variant or text" aria-label="filter fixtures by text"></div>
<table class="fixtures"><thead><tr><th>outcome</th><th>fixture</th><th>variant</th><th>what happened</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>
<p class="muted" id="fixture-count"></p>
</section>`;
}

/** A failure or an error: what went wrong, in words, and for a failure with its game the viewer's mount. */
function problemSection(result: FixtureResult, anchor: string, game: number | undefined): string {
  const parts = [`<details class="problem" id="${anchor}"><summary><span class="badge ${statusOf(result)}">${STATUS_LABELS[statusOf(result)]}</span> <strong>${escapeHtml(result.id)}</strong> <span class="muted">${escapeHtml(headline(result))}</span></summary>`];
  parts.push(`<p class="muted">${escapeHtml(result.title)}; file <code>${escapeHtml(result.file)}</code>${result.derived === undefined ? '' : `; expectations derived: ${escapeHtml(result.derived)}`}${result.recorded === undefined ? '' : `; recorded from ${escapeHtml(result.recorded)}`}</p>`);
  for (const finding of result.findings ?? []) {
    parts.push(`<details class="finding"><summary>${escapeHtml(finding.rule ?? 'no single rule')}: round${finding.rounds.length === 1 ? '' : 's'} ${escapeHtml(finding.rounds.join(', '))}</summary><pre class="report">${escapeHtml(finding.report)}</pre></details>`);
  }
  if (result.outcome === 'errored' && result.detail !== undefined) parts.push(`<pre class="report">${escapeHtml(result.detail)}</pre>`);
  if (game !== undefined) parts.push(`<div class="viewer" data-game="${game}"></div>`);
  else if (result.outcome === 'failed') parts.push(`<p class="muted">No game viewer: the page keeps the games of ${MAX_GAMES} failures. Run this fixture alone with --reporter html to step through it.</p>`);
  parts.push('</details>');
  return parts.join('\n');
}

export function renderHtml(summary: RunSummary, options: HtmlOptions = {}): string {
  const card = reportCardOf(summary.results);
  const problems = summary.results.filter((result) => result.outcome === 'failed' || result.outcome === 'errored' || isUnexpectedPass(result));
  const anchors = new Map(problems.map((result, index) => [result.id, anchorOf(index)]));
  const viewed = new Set([...new Set([...card.map((finding) => finding.example.id), ...problems.map((result) => result.id)])].slice(0, MAX_GAMES));
  const games: unknown[] = [];
  const sections = problems.map((result, index) => {
    const view = viewed.has(result.id) ? gameViewOf(result) : undefined;
    if (view !== undefined) games.push(view);
    return problemSection(result, anchorOf(index), view === undefined ? undefined : games.length - 1);
  });
  const title = `scopa-conformance: ${describeEngine(summary.engine)}`;
  const context = (options.context ?? []).map((line) => `<p class="muted">${escapeHtml(line)}</p>`).join('\n');
  // The corpus, the games and the probes apart: each part's counts, then what it exercised and found.
  const parts = partsOf(summary).flatMap(([counts = '', ...more]) => [`<p class="counts">${escapeHtml(counts)}</p>`, ...more.map((line) => `<p class="muted">${escapeHtml(line)}</p>`)]);
  return `${pageHead(title, asset('report.css'))}
<body>
<header>
<h1>${escapeHtml(title)}</h1>
<p class="counts">${escapeHtml(countsLine(summary.counts))} in ${(summary.durationMs / 1000).toFixed(2)} s${summary.bailed ? '; stopped at the first failure (--bail)' : ''}${summary.interrupted === true ? '; interrupted (Ctrl-C or a signal): what ran is reported' : ''}</p>
${[...parts, context].join('\n')}
</header>
<main>
${cardSection(card, anchors)}
<section id="problems"><h2>Failures and errors</h2>
${sections.length === 0 ? '<p class="none">None.</p>' : sections.join('\n')}
</section>
${fixtureList(summary.results, anchors)}
</main>
<script type="application/json" id="report-data">${scriptJson({ games })}</script>
<script>
${asset('viewer.js')}
</script>
</body>
</html>
`;
}
