/**
 * The JUnit, TAP and JSON reports of one run that holds a result of every kind, each report whole: a changed
 * verdict, count, attribute or line shows.
 */
import { expect, test } from 'vitest';
import { checkAgainstSchema } from '../load/schemas.ts';
import { renderJson } from './json.ts';
import { escapeXmlAttribute, escapeXmlText, renderJunit } from './junit.ts';
import { renderTap } from './tap.ts';
import type { Divergence } from '../divergences/divergence.ts';
import { countResults, type FixtureResult, type RunSummary } from '../run/outcome.ts';

const SWEEPS: Divergence = { kind: 'sweeps-mismatch', round: 2, play: 18, eventIndex: 90, field: 'sweeps', expected: [1, 0], actual: [2, 0], rule: 'SWEEP-POINT' };
const REPORT = 'fixture:\tb\r\n"q" <x>';

const result = (id: string, outcome: FixtureResult['outcome'], durationMs: number, extra: Partial<FixtureResult> = {}): FixtureResult => ({
  id,
  file: `fixtures/${id}.yaml`,
  title: id,
  variant: id.split('/')[0] as string,
  outcome,
  durationMs,
  ...extra,
});

/** A result of every kind: passed, failed (with and without a divergence, a rule, a report), errored (with and without output), listed or not. */
const RESULTS: FixtureResult[] = [
  result('escoba/a', 'passed', 1500),
  result('pagat/b', 'failed', 12, { divergence: SWEEPS, report: REPORT, findings: [{ rule: 'SWEEP-POINT', rounds: [2], divergence: SWEEPS, report: REPORT }] }),
  result('pagat/c', 'failed', 3),
  result('pagat/d', 'errored', 4, { message: 'timed out' }),
  result('pagat/e', 'errored', 5, { message: 'crash', detail: 'line 1\nline 2', expectedFailure: 'known crash' }),
  result('pagat/f', 'passed', 6, { expectedFailure: 'thought broken' }),
  result('pagat/g', 'skipped', 0, { message: 'no legal # here' }),
  result('pagat/h', 'not-applicable', 0, { message: 'escoba\nonly', cause: 'a variant the engine does not play' }),
  result('pagat/j', 'errored', 8, { message: 'exited', detail: 'Traceback:\n  <boom>' }),
  result('pagat/k', 'failed', 9, { divergence: { ...SWEEPS, rule: undefined }, derived: 'target 11, as the engine plays it', recorded: 'scopa-web 2.3.1' }),
  result('pagat/i', 'failed', 7, { expectedFailure: 'known', divergence: SWEEPS, report: 'r' }),
];

/** Made in each test (not when the file is collected), for Stryker's per-test coverage. */
const summary = (): RunSummary => ({ engine: 'node e.js', results: RESULTS, counts: countResults(RESULTS), bailed: false, durationMs: 98765 });

test('junit: the card as a suite, then a suite per variant in order; listed failures and fixtures not run are skipped, a listed pass fails', () => {
  expect(renderJunit(summary())).toBe(
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites name="scopa-conformance (engine &quot;node e.js&quot;)" tests="12" failures="5" errors="2" skipped="4" time="98.765">',
      '  <testsuite name="report card" tests="1" failures="1" errors="0" skipped="0" time="0.000">',
      '    <testcase name="SWEEP-POINT" classname="report-card" file="fixtures/pagat/b.yaml" time="0.000">',
      '      <failure message="SWEEP-POINT (emptying the table scores): 1 fixture, 1 round; e.g. pagat/b round 2 play 18: sweeps: expected [1 0], got [2 0]" type="rule">fixture:\tb\r',
      '"q" &lt;x&gt;</failure>',
      '    </testcase>',
      '  </testsuite>',
      '  <testsuite name="escoba" tests="1" failures="0" errors="0" skipped="0" time="1.500">',
      '    <testcase name="escoba/a" classname="escoba" file="fixtures/escoba/a.yaml" time="1.500"/>',
      '  </testsuite>',
      '  <testsuite name="pagat" tests="10" failures="4" errors="2" skipped="4" time="0.054">',
      '    <testcase name="pagat/b" classname="pagat" file="fixtures/pagat/b.yaml" time="0.012">',
      '      <failure message="first divergence at round 2, play 18 (sweeps-mismatch, SWEEP-POINT)" type="sweeps-mismatch">fixture:\tb\r',
      '"q" &lt;x&gt;</failure>',
      '    </testcase>',
      '    <testcase name="pagat/c" classname="pagat" file="fixtures/pagat/c.yaml" time="0.003">',
      '      <failure message="failed" type="failure"></failure>',
      '    </testcase>',
      '    <testcase name="pagat/d" classname="pagat" file="fixtures/pagat/d.yaml" time="0.004">',
      '      <error message="timed out" type="errored"></error>',
      '    </testcase>',
      '    <testcase name="pagat/e" classname="pagat" file="fixtures/pagat/e.yaml" time="0.005">',
      '      <skipped message="expected to fail: known crash"/>',
      '    </testcase>',
      '    <testcase name="pagat/f" classname="pagat" file="fixtures/pagat/f.yaml" time="0.006">',
      '      <failure message="passed, but the expect-fail list says it fails (thought broken); take it off the list" type="unexpected-pass"></failure>',
      '    </testcase>',
      '    <testcase name="pagat/g" classname="pagat" file="fixtures/pagat/g.yaml" time="0.000">',
      '      <skipped message="no legal # here"/>',
      '    </testcase>',
      '    <testcase name="pagat/h" classname="pagat" file="fixtures/pagat/h.yaml" time="0.000">',
      '      <skipped message="not applicable: escoba&#10;only"/>',
      '    </testcase>',
      '    <testcase name="pagat/j" classname="pagat" file="fixtures/pagat/j.yaml" time="0.008">',
      '      <error message="exited" type="errored">Traceback:',
      '  &lt;boom&gt;</error>',
      '    </testcase>',
      '    <testcase name="pagat/k" classname="pagat" file="fixtures/pagat/k.yaml" time="0.009">',
      '      <failure message="first divergence at round 2, play 18 (sweeps-mismatch)" type="sweeps-mismatch"></failure>',
      '    </testcase>',
      '    <testcase name="pagat/i" classname="pagat" file="fixtures/pagat/i.yaml" time="0.007">',
      '      <skipped message="expected to fail: known"/>',
      '    </testcase>',
      '  </testsuite>',
      '</testsuites>',
      '',
    ].join('\n'),
  );
});

test('junit: a run with no failure has no card suite; escaping drops what XML cannot hold and quotes what attributes cannot', () => {
  const passed = [result('pagat/a', 'passed', 1)];
  expect(renderJunit({ ...summary(), engine: 'reference', results: passed, counts: countResults(passed), durationMs: 1 })).toBe(
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites name="scopa-conformance (reference engine)" tests="1" failures="0" errors="0" skipped="0" time="0.001">',
      '  <testsuite name="pagat" tests="1" failures="0" errors="0" skipped="0" time="0.001">',
      '    <testcase name="pagat/a" classname="pagat" file="fixtures/pagat/a.yaml" time="0.001"/>',
      '  </testsuite>',
      '</testsuites>',
      '',
    ].join('\n'),
  );
  expect(escapeXmlText('a\u0000b\u0008c\u001fd\uD800e\uFFFEf\uFFFF\t\n\r<>&\u{1F600}')).toBe('abcdef\t\n\r&lt;&gt;&amp;\u{1F600}');
  expect(escapeXmlAttribute('"\'\t\n\r<&')).toBe('&quot;&apos;&#9;&#10;&#13;&lt;&amp;');
});

test('tap: a line per fixture in order, diagnostics after failures and errors (rule and output where there are), # SKIP and # TODO escaped', () => {
  expect(renderTap(summary())).toBe(
    [
      'TAP version 13',
      '1..11',
      'ok 1 - escoba/a',
      'not ok 2 - pagat/b',
      '  ---',
      '  message: first divergence at round 2, play 18 (sweeps-mismatch, SWEEP-POINT)',
      '  severity: fail',
      '  file: fixtures/pagat/b.yaml',
      '  kind: sweeps-mismatch',
      '  round: 2',
      '  play: 18',
      '  eventIndex: 90',
      '  rule: SWEEP-POINT',
      '  report: "fixture:\\tb\\r\\n\\"q\\" <x>"',
      '  ...',
      'not ok 3 - pagat/c',
      '  ---',
      '  message: failed',
      '  severity: fail',
      '  file: fixtures/pagat/c.yaml',
      '  ...',
      'not ok 4 - pagat/d',
      '  ---',
      '  message: timed out',
      '  severity: error',
      '  file: fixtures/pagat/d.yaml',
      '  ...',
      'not ok 5 - pagat/e # TODO expected to fail: known crash',
      'not ok 6 - pagat/f',
      '  ---',
      '  message: passed, but the expect-fail list says it fails (thought broken); take it off the list',
      '  severity: fail',
      '  file: fixtures/pagat/f.yaml',
      '  ...',
      'ok 7 - pagat/g # SKIP no legal \\# here',
      'ok 8 - pagat/h # SKIP not applicable: escoba only',
      'not ok 9 - pagat/j',
      '  ---',
      '  message: exited',
      '  severity: error',
      '  file: fixtures/pagat/j.yaml',
      '  detail: |-',
      '    Traceback:',
      '      <boom>',
      '  ...',
      'not ok 10 - pagat/k',
      '  ---',
      '  message: first divergence at round 2, play 18 (sweeps-mismatch)',
      '  severity: fail',
      '  file: fixtures/pagat/k.yaml',
      '  kind: sweeps-mismatch',
      '  round: 2',
      '  play: 18',
      '  eventIndex: 90',
      '  ...',
      'not ok 11 - pagat/i # TODO expected to fail: known',
      '# report card: 1 rule broken',
      '# SWEEP-POINT (emptying the table scores): 1 fixture, 1 round; e.g. pagat/b round 2 play 18: sweeps: expected [1 0], got [2 0]',
      '',
    ].join('\n'),
  );
  const passed = [result('pagat/a', 'passed', 1)];
  expect(renderTap({ ...summary(), results: passed, counts: countResults(passed) })).toBe('TAP version 13\n1..1\nok 1 - pagat/a\n');
});

test('tap: a description\'s backslashes and # escaped, its line breaks one space', () => {
  const odd = [result('pagat/x\\y#1', 'skipped', 0, { message: 'a\r\n\nb # c' })];
  expect(renderTap({ ...summary(), results: odd, counts: countResults(odd) }).split('\n')[2]).toBe('ok 1 - pagat/x\\\\y\\#1 # SKIP a b \\# c');
});

test('json: every field of every fixture as the run has it, nothing added; the schema\'s shape', () => {
  const report = JSON.parse(renderJson({ ...summary(), interrupted: true })) as Record<string, unknown>;
  const { findings, fixtures, ...top } = report;
  expect(top).toEqual({
    engine: 'node e.js',
    shard: { index: 1, count: 1, selected: 11 },
    total: 11,
    passed: 2,
    failed: 4,
    notApplicable: 1,
    skipped: 1,
    errored: 3,
    expectedFailures: 2,
    unexpectedPasses: 1,
    bailed: false,
    interrupted: true,
    durationMs: 98765,
  });
  expect(fixtures).toEqual(RESULTS);
  expect(findings).toEqual([
    {
      rule: 'SWEEP-POINT',
      name: 'SWEEP-POINT (emptying the table scores)',
      link: 'spec/rules.md#sweep-point-emptying-the-table-scores',
      fixtures: 1,
      rounds: 1,
      summary: 'SWEEP-POINT (emptying the table scores): 1 fixture, 1 round; e.g. pagat/b round 2 play 18: sweeps: expected [1 0], got [2 0]',
      where: [{ id: 'pagat/b', rounds: [2] }],
      example: { id: 'pagat/b', file: 'fixtures/pagat/b.yaml', divergence: SWEEPS, report: REPORT },
    },
  ]);
  expect(checkAgainstSchema('report', report)).toEqual([]);
  expect(JSON.parse(renderJson(summary())).interrupted).toBe(false);
});

test('json: what a result holds beyond the report is left out (the game, a finding\'s extra fields)', () => {
  const request = { variant: 'pagat', options: {}, rules: {}, players: 2, rounds: [] } as never;
  const withGame = [result('pagat/b', 'failed', 1, { game: { request, expect: {}, reply: { events: [] } }, findings: [{ rule: null, rounds: [1], divergence: SWEEPS, report: 'r', extra: 1 } as never] })];
  const report = JSON.parse(renderJson({ ...summary(), results: withGame, counts: countResults(withGame) })) as { fixtures: unknown[] };
  expect(report.fixtures).toEqual([
    { id: 'pagat/b', file: 'fixtures/pagat/b.yaml', title: 'pagat/b', variant: 'pagat', outcome: 'failed', findings: [{ rule: null, rounds: [1], divergence: SWEEPS, report: 'r' }], durationMs: 1 },
  ]);
});

test('junit: suites in variant order whatever the results\' order; a card testcase for the divergences no single rule decides', () => {
  const failed = result('pagat/x', 'failed', 1, { divergence: SWEEPS, findings: [{ rule: null, rounds: [2], divergence: SWEEPS, report: 'r' }] });
  const results = [failed, result('escoba/y', 'passed', 1)];
  const xml = renderJunit({ ...summary(), results, counts: countResults(results) });
  expect(xml.split('\n').filter((line) => line.startsWith('  <testsuite ') || line.startsWith('    <testcase name="no single rule"'))).toEqual([
    '  <testsuite name="report card" tests="1" failures="1" errors="0" skipped="0" time="0.000">',
    '    <testcase name="no single rule" classname="report-card" file="fixtures/pagat/x.yaml" time="0.000">',
    '  <testsuite name="escoba" tests="1" failures="0" errors="0" skipped="0" time="0.001">',
    '  <testsuite name="pagat" tests="1" failures="1" errors="0" skipped="0" time="0.001">',
  ]);
});

test('tap: line breaks in an id are one space in its test line; the card\'s comment is its summary, line breaks escaped as in every report', () => {
  const failed = result('pagat/x\r\n\ny', 'failed', 1, { divergence: SWEEPS, findings: [{ rule: 'SWEEP-POINT', rounds: [2], divergence: SWEEPS, report: 'r' }] });
  const lines = renderTap({ ...summary(), results: [failed], counts: countResults([failed]) }).trimEnd().split('\n');
  expect(lines[2]).toBe('not ok 1 - pagat/x y');
  expect(lines.at(-1)).toBe('# SWEEP-POINT (emptying the table scores): 1 fixture, 1 round; e.g. pagat/x\\u000d\\u000a\\u000ay round 2 play 18: sweeps: expected [1 0], got [2 0]');
});
