/**
 * The HTML page of a run, rendered in process: its header, report card, failures and fixture list, each section
 * whole; what the page embeds for its viewers, and the cap on how many games it keeps. (html.test.ts runs the
 * command that writes the page, and the browser test steps through it.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Divergence } from '../divergences/divergence.ts';
import { replayOnReference } from '../engines/reference.ts';
import type { Fixture } from '../fixture/fixture.ts';
import { countResults, type FixtureResult, type JudgedGame, type RunSummary } from '../run/outcome.ts';
import { requestFor, sweepingFixture, variantRules } from '../test-helpers.ts';
import { renderHtml } from './html.ts';
import type { ReportData } from './html/view-types.ts';

const pagat = variantRules('pagat');

/** pagat, round 1: seat 0 sweeps at plays 1 and 3. */
const SWEEPS: Fixture = sweepingFixture('pagat/sweep-point-01', 'Two sweeps', 4);

const gameOf = (): JudgedGame => {
  const request = requestFor(SWEEPS, pagat);
  return { request, expect: {}, reply: replayOnReference(request) };
};

const SWEEP_AT_3: Divergence = { kind: 'extra-event', round: 1, play: 3, eventIndex: 5, expectedIndex: 5, rule: 'SWEEP-POINT', expected: null, actual: { type: 'sweep', seat: 0, points: 1 } };

const result = (id: string, outcome: FixtureResult['outcome'], extra: Partial<FixtureResult> = {}): FixtureResult => ({
  id,
  file: `${id}.yaml`,
  title: id.toUpperCase(),
  variant: 'pagat',
  outcome,
  durationMs: 1,
  ...extra,
});

/** One result of each kind, with text that must be escaped. */
const RESULTS = (): FixtureResult[] => [
  result('pagat/a', 'failed', {
    file: 'fixtures/pagat/a.yaml',
    title: 'A <title>',
    divergence: SWEEP_AT_3,
    report: 'report <a>',
    findings: [
      { rule: 'SWEEP-POINT', rounds: [1], divergence: SWEEP_AT_3, report: 'report <a>' },
      { rule: null, rounds: [1, 2], divergence: SWEEP_AT_3, report: 'other' },
    ],
    game: gameOf(),
    derived: 'target 11',
    recorded: 'app 1.0',
  }),
  result('pagat/b', 'errored', { file: 'fixtures/pagat/b.yaml', title: 'B', message: 'boom', detail: 'trace & more' }),
  result('pagat/c', 'passed', { file: 'c.yaml', title: 'C', variant: 'escoba', expectedFailure: 'thought & broken' }),
  result('pagat/d', 'failed', { file: 'd.yaml', title: 'D', variant: 'escoba', expectedFailure: 'known', game: gameOf() }),
  result('pagat/e', 'passed', { file: 'e.yaml', title: 'E' }),
  result('pagat/f', 'skipped', { file: 'f.yaml', title: 'F', message: 'no legal' }),
  result('pagat/g', 'not-applicable', { file: 'g.yaml', title: 'G', message: 'escoba' }),
];

const summaryOf = (results: FixtureResult[], extra: Partial<RunSummary> = {}): RunSummary => ({
  engine: 'node e.js',
  results,
  counts: countResults(results),
  bailed: false,
  durationMs: 1234,
  ...extra,
});

/** The part of the page from `from` to the first `to` after it, both included. */
const part = (html: string, from: string, to: string): string => {
  const start = html.indexOf(from);
  if (start < 0) throw new Error(`no ${from} in the page`);
  return html.slice(start, html.indexOf(to, start) + to.length);
};

/** The JSON the page embeds for its viewers. */
const embedded = (html: string): ReportData => JSON.parse(part(html, '<script type="application/json" id="report-data">', '</script>').slice(49, -9)) as ReportData;

describe('the page of a run, section by section', () => {
  test('the header: the engine, the counts and time, --bail and Ctrl-C noted, the context lines', () => {
    const html = renderHtml(summaryOf(RESULTS(), { bailed: true, interrupted: true }), { context: ['fuzz: 30 <games>'] });
    expect(part(html, '<title>', '</title>')).toBe('<title>scopa-conformance: engine &quot;node e.js&quot;</title>');
    expect(part(html, '<header>', '</header>')).toBe(
      [
        '<header>',
        '<h1>scopa-conformance: engine &quot;node e.js&quot;</h1>',
        '<p class="counts">7 fixtures: 2 passed, 2 failed, 1 expected to fail, 1 passed unexpectedly, 1 not applicable, 1 skipped, 1 errored in 1.23 s; stopped at the first failure (--bail); interrupted (Ctrl-C or a signal): what ran is reported</p>',
        '<p class="muted">fuzz: 30 &lt;games&gt;</p>',
        '</header>',
      ].join('\n'),
    );
    const plain = renderHtml({ ...summaryOf([result('pagat/e', 'passed')]), engine: 'reference' });
    expect(part(plain, '<header>', '</header>')).toBe(
      ['<header>', '<h1>scopa-conformance: reference engine</h1>', '<p class="counts">1 fixture: 1 passed, 0 failed, 0 skipped, 0 errored in 1.23 s</p>', '', '</header>'].join('\n'),
    );
  });

  test('the report card: each rule with its counts, summary, rule text, worked example and every fixture, linked', () => {
    const html = renderHtml(summaryOf(RESULTS()));
    expect(part(html, '<section id="card">', '</section>')).toBe(
      [
        '<section id="card"><h2>Report card: 2 rules broken</h2>',
        '<article class="rule">',
        '<h3><span class="rule-name">SWEEP-POINT (emptying the table scores)</span> <span class="muted">1 fixture, 1 round</span></h3>',
        '<p class="summary">SWEEP-POINT (emptying the table scores): 1 fixture, 1 round; e.g. pagat/a round 1 play 3: expected (none), got sweep {seat: 0, points: 1}</p>',
        '<p class="muted">rule text: <code>spec/rules.md#sweep-point-emptying-the-table-scores</code>; worked example: <a href="#fixture-0">pagat/a</a></p>',
        '<details><summary>the worked example, and every fixture that shows it</summary>',
        '<pre class="report">report &lt;a&gt;</pre>',
        '<ul class="where"><li><a href="#fixture-0">pagat/a</a> <span class="muted">(round 1)</span></li></ul>',
        '</details>',
        '</article>',
        '<article class="rule">',
        '<h3><span class="rule-name">no single rule</span> <span class="muted">1 fixture, 2 rounds</span></h3>',
        '<p class="summary">no single rule: 1 fixture, 2 rounds; e.g. pagat/a round 1 play 3: expected (none), got sweep {seat: 0, points: 1}</p>',
        '<p class="muted">rule text: <code>spec/rules.md#15-event-vocabulary</code>; worked example: <a href="#fixture-0">pagat/a</a></p>',
        '<details><summary>the worked example, and every fixture that shows it</summary>',
        '<pre class="report">other</pre>',
        '<ul class="where"><li><a href="#fixture-0">pagat/a</a> <span class="muted">(rounds 1, 2)</span></li></ul>',
        '</details>',
        '</article>',
        '</section>',
      ].join('\n'),
    );
  });

  test('a rule in several fixtures: plural counts, each fixture linked to its failure', () => {
    const failure = (id: string): FixtureResult =>
      result(id, 'failed', { divergence: SWEEP_AT_3, findings: [{ rule: 'SWEEP-POINT', rounds: [1], divergence: SWEEP_AT_3, report: 'r' }] });
    const html = renderHtml(summaryOf([failure('pagat/x'), failure('pagat/y')]));
    expect(part(html, '<h3>', '</h3>')).toBe('<h3><span class="rule-name">SWEEP-POINT (emptying the table scores)</span> <span class="muted">2 fixtures, 2 rounds</span></h3>');
    expect(part(html, '<ul class="where">', '</ul>')).toBe(
      '<ul class="where"><li><a href="#fixture-0">pagat/x</a> <span class="muted">(round 1)</span></li><li><a href="#fixture-1">pagat/y</a> <span class="muted">(round 1)</span></li></ul>',
    );
  });

  test('failures and errors: headline, title and file, derived and recorded notes, each finding\'s report, the viewer or the error\'s output', () => {
    const html = renderHtml(summaryOf(RESULTS()));
    expect(part(html, '<section id="problems">', '</section>')).toBe(
      [
        '<section id="problems"><h2>Failures and errors</h2>',
        '<details class="problem" id="fixture-0"><summary><span class="badge failed">failed</span> <strong>pagat/a</strong> <span class="muted">first divergence at round 1, play 3 (extra-event, SWEEP-POINT); also no single rule</span></summary>',
        '<p class="muted">A &lt;title&gt;; file <code>fixtures/pagat/a.yaml</code>; expectations derived: target 11; recorded from app 1.0</p>',
        '<details class="finding"><summary>SWEEP-POINT: round 1</summary><pre class="report">report &lt;a&gt;</pre></details>',
        '<details class="finding"><summary>no single rule: rounds 1, 2</summary><pre class="report">other</pre></details>',
        '<div class="viewer" data-game="0"></div>',
        '</details>',
        '<details class="problem" id="fixture-1"><summary><span class="badge errored">errored</span> <strong>pagat/b</strong> <span class="muted">boom</span></summary>',
        '<p class="muted">B; file <code>fixtures/pagat/b.yaml</code></p>',
        '<pre class="report">trace &amp; more</pre>',
        '</details>',
        '<details class="problem" id="fixture-2"><summary><span class="badge unexpected-pass">passed unexpectedly</span> <strong>pagat/c</strong> <span class="muted">passed, but the expect-fail list says it fails (thought &amp; broken); take it off the list</span></summary>',
        '<p class="muted">C; file <code>c.yaml</code></p>',
        '</details>',
        '<details class="problem" id="fixture-3"><summary><span class="badge expected-failure">expected to fail</span> <strong>pagat/d</strong> <span class="muted">failed</span></summary>',
        '<p class="muted">D; file <code>d.yaml</code></p>',
        '<div class="viewer" data-game="1"></div>',
        '</details>',
        '</section>',
      ].join('\n'),
    );
    expect(embedded(html).games.map((game) => game.findings.map((finding) => finding.rule))).toEqual([['SWEEP-POINT', 'no single rule'], []]);
  });

  test('no failure: "None."; no rule broken: "No rule broken."', () => {
    const html = renderHtml(summaryOf([result('pagat/e', 'passed'), result('pagat/x', 'errored')]));
    expect(part(html, '<section id="card">', '</section>')).toBe('<section id="card"><h2>Report card</h2><p class="none">No rule broken.</p></section>');
    const none = renderHtml(summaryOf([result('pagat/e', 'passed')]));
    expect(part(none, '<section id="problems">', '</section>')).toBe('<section id="problems"><h2>Failures and errors</h2>\n<p class="none">None.</p>\n</section>');
    expect(embedded(none)).toEqual({ games: [] });
    const errorWithoutOutput = renderHtml(summaryOf([result('pagat/x', 'errored', { message: 'm' })]));
    expect(part(errorWithoutOutput, '<details class="problem"', '</details>')).toBe(
      '<details class="problem" id="fixture-0"><summary><span class="badge errored">errored</span> <strong>pagat/x</strong> <span class="muted">m</span></summary>\n<p class="muted">PAGAT/X; file <code>pagat/x.yaml</code></p>\n</details>',
    );
  });

  test('the fixture list: a filter per outcome present with its count, in a fixed order; a row per fixture, problems linked', () => {
    const html = renderHtml(summaryOf(RESULTS()));
    expect(part(html, '<section id="fixtures">', '</section>')).toBe(
      [
        '<section id="fixtures"><h2>Fixtures</h2>',
        '<div class="filters"><button type="button" data-filter="all" aria-pressed="true">all (7)</button> <button type="button" data-filter="failed" aria-pressed="false">failed (1)</button> <button type="button" data-filter="errored" aria-pressed="false">errored (1)</button> <button type="button" data-filter="unexpected-pass" aria-pressed="false">passed unexpectedly (1)</button> <button type="button" data-filter="expected-failure" aria-pressed="false">expected to fail (1)</button> <button type="button" data-filter="passed" aria-pressed="false">passed (1)</button> <button type="button" data-filter="not-applicable" aria-pressed="false">not applicable (1)</button> <button type="button" data-filter="skipped" aria-pressed="false">skipped (1)</button> <input type="search" id="fixture-search" placeholder="filter by id, variant or text" aria-label="filter fixtures by text"></div>',
        '<table class="fixtures"><thead><tr><th>outcome</th><th>fixture</th><th>variant</th><th>what happened</th></tr></thead>',
        '<tbody>',
        '<tr data-status="failed"><td><span class="badge failed">failed</span></td><td><a href="#fixture-0">pagat/a</a></td><td>pagat</td><td>first divergence at round 1, play 3 (extra-event, SWEEP-POINT); also no single rule</td></tr>',
        '<tr data-status="errored"><td><span class="badge errored">errored</span></td><td><a href="#fixture-1">pagat/b</a></td><td>pagat</td><td>boom</td></tr>',
        '<tr data-status="unexpected-pass"><td><span class="badge unexpected-pass">passed unexpectedly</span></td><td><a href="#fixture-2">pagat/c</a></td><td>escoba</td><td>passed, but the expect-fail list says it fails (thought &amp; broken); take it off the list <span class="muted">(expect-fail: thought &amp; broken)</span></td></tr>',
        '<tr data-status="expected-failure"><td><span class="badge expected-failure">expected to fail</span></td><td><a href="#fixture-3">pagat/d</a></td><td>escoba</td><td>failed <span class="muted">(expect-fail: known)</span></td></tr>',
        '<tr data-status="passed"><td><span class="badge passed">passed</span></td><td>pagat/e</td><td>pagat</td><td>passed</td></tr>',
        '<tr data-status="skipped"><td><span class="badge skipped">skipped</span></td><td>pagat/f</td><td>pagat</td><td>no legal</td></tr>',
        '<tr data-status="not-applicable"><td><span class="badge not-applicable">not applicable</span></td><td>pagat/g</td><td>pagat</td><td>not applicable: escoba</td></tr>',
        '</tbody></table>',
        '<p class="muted" id="fixture-count"></p>',
        '</section>',
      ].join('\n'),
    );
    const counted = renderHtml(summaryOf([result('pagat/e', 'passed'), result('pagat/h', 'passed')]));
    expect(part(counted, '<div class="filters">', '<input')).toBe(
      '<div class="filters"><button type="button" data-filter="all" aria-pressed="true">all (2)</button> <button type="button" data-filter="passed" aria-pressed="false">passed (2)</button> <input',
    );
  });

  test('self-contained: its style and script inline, nothing fetched', () => {
    const html = renderHtml(summaryOf(RESULTS()));
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">')).toBe(true);
    expect(html.endsWith('</script>\n</body>\n</html>\n')).toBe(true);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">`);
    expect(html.match(/<script\b/g)).toHaveLength(2);
    expect(html).not.toMatch(/<link\b|\bsrc=|@import|https?:\/\//);
  });
});

test('at most 250 games: the card\'s worked examples first, then the failures in order; the others say why they have no viewer', () => {
  const game = gameOf();
  const results = Array.from({ length: 252 }, (_, i) => result(`pagat/f${String(i).padStart(3, '0')}`, 'failed', { divergence: SWEEP_AT_3, game }));
  const last = results[251] as FixtureResult;
  last.findings = [{ rule: 'SWEEP-POINT', rounds: [1], divergence: SWEEP_AT_3, report: 'r' }];
  const html = renderHtml(summaryOf(results));
  expect(embedded(html).games).toHaveLength(250);
  expect(html.match(/<div class="viewer" data-game="\d+"><\/div>/g)).toHaveLength(250);
  // The last failure, the card's worked example, has a finding (its own <details>): its section runs to the end of the list.
  expect(part(html, '<details class="problem" id="fixture-251">', '</section>')).toContain('<div class="viewer" data-game="249"></div>');
  expect(part(html, '<details class="problem" id="fixture-248">', '</details>')).toContain('<div class="viewer" data-game="248"></div>');
  for (const index of [249, 250]) {
    expect(part(html, `<details class="problem" id="fixture-${index}">`, '</details>')).toContain(
      '<p class="muted">No game viewer: the page keeps the games of 250 failures. Run this fixture alone with --reporter html to step through it.</p>',
    );
  }
});

test('the page\'s own style and script, inline whole; each context line its own paragraph; a failure\'s output is not shown, an error\'s is', () => {
  const css = readFileSync(new URL('./html/report.css', import.meta.url), 'utf8');
  const js = readFileSync(new URL('./html/viewer.js', import.meta.url), 'utf8');
  const html = renderHtml(summaryOf([result('pagat/x', 'failed', { detail: 'failure output' }), result('pagat/y', 'errored', { detail: 'error output' })]), { context: ['one', 'two'] });
  expect(html).toContain(`<style>\n${css}\n</style>`);
  expect(html).toContain(`<script>\n${js}\n</script>`);
  expect(html).toContain('<p class="muted">one</p>\n<p class="muted">two</p>\n</header>');
  expect(html).not.toContain('failure output');
  expect(html).toContain('<pre class="report">error output</pre>');
});
