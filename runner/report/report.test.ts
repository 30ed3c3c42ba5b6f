import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import type { Divergence } from '../divergences/divergence.ts';
import { checkAgainstSchema } from '../load/schemas.ts';
import { countResults, exitCodeOf, type FixtureResult, type RunSummary } from '../run/outcome.ts';
import { reportCardOf } from './card.ts';
import { renderJson } from './json.ts';
import { escapeXmlAttribute, escapeXmlText, renderJunit } from './junit.ts';
import { renderPretty } from './pretty.ts';
import { renderTap } from './tap.ts';

const base = { title: 't', durationMs: 2 };
const REPORT = 'fixture:  pagat/b (fixtures/pagat/b.yaml)\nexpected: capture {seat: 0, card: 7D, captured: [7S]}\nactual:   <&> "quoted" \'single\' \u0001';

const CAPTURE_DIVERGENCE: Divergence = {
  kind: 'event-mismatch',
  round: 1,
  play: 3,
  eventIndex: 5,
  expectedIndex: 5,
  rule: 'CAP-CHOICE',
  expected: { type: 'capture', seat: 0, card: '7D', captured: ['7S'] },
  actual: { type: 'capture', seat: 0, card: '7D', captured: ['3S', '4C'] },
};
const SWEEP_DIVERGENCE: Divergence = {
  kind: 'extra-event',
  round: 2,
  play: 18,
  eventIndex: 80,
  expectedIndex: 79,
  rule: 'SWEEP-LAST-PLAY',
  expected: null,
  actual: { type: 'sweep', seat: 1, points: 1 },
};

const RESULTS: FixtureResult[] = [
  { ...base, id: 'pagat/a', file: 'fixtures/pagat/a.yaml', variant: 'pagat', outcome: 'passed' },
  {
    ...base,
    id: 'pagat/b',
    file: 'fixtures/pagat/b.yaml',
    variant: 'pagat',
    outcome: 'failed',
    divergence: CAPTURE_DIVERGENCE,
    report: REPORT,
    findings: [
      { rule: 'CAP-CHOICE', rounds: [1], divergence: CAPTURE_DIVERGENCE, report: REPORT },
      { rule: 'SWEEP-LAST-PLAY', rounds: [2, 3], divergence: SWEEP_DIVERGENCE, report: 'the sweep report' },
    ],
  },
  { ...base, id: 'pagat/c#1', file: 'fixtures/pagat/c.yaml', variant: 'pagat', outcome: 'errored', message: 'the engine exited (code 1)', detail: 'Traceback:\n  <boom> & more' },
  { ...base, id: 'escoba/d', file: 'fixtures/escoba/d.yaml', variant: 'escoba', outcome: 'failed', expectedFailure: 'no escoba yet', report: 'r' },
  { ...base, id: 'escoba/e', file: 'fixtures/escoba/e.yaml', variant: 'escoba', outcome: 'passed', expectedFailure: 'thought broken' },
  { ...base, id: 'escoba/f', file: 'fixtures/escoba/f.yaml', variant: 'escoba', outcome: 'skipped', message: 'not run: --bail stopped the run at pagat/b' },
];

// The counts are written out (the first test checks them), so that nothing runs before a test does (Stryker's per-test coverage).
const COUNTS = { total: 6, passed: 2, failed: 2, 'not-applicable': 0, skipped: 1, errored: 1, expectedFailures: 1, unexpectedPasses: 1 };
const SUMMARY: RunSummary = { engine: 'reference', results: RESULTS, counts: COUNTS, bailed: true, durationMs: 1234 };

test('counts and the exit code: an error beats a failure', () => {
  expect(countResults(RESULTS)).toEqual(COUNTS);
  expect(exitCodeOf(SUMMARY)).toBe(3);
  const withoutError = RESULTS.filter((result) => result.outcome !== 'errored');
  expect(exitCodeOf({ ...SUMMARY, results: withoutError })).toBe(1);
  const onlyUnexpectedPass = RESULTS.filter((result) => result.id === 'escoba/e' || result.id === 'pagat/a');
  expect(exitCodeOf({ ...SUMMARY, results: onlyUnexpectedPass })).toBe(1);
  const asExpected = RESULTS.filter((result) => ['pagat/a', 'escoba/d', 'escoba/f'].includes(result.id));
  expect(exitCodeOf({ ...SUMMARY, results: asExpected })).toBe(0);
});

describe('json', () => {
  const rendered = (): Record<string, unknown> & { fixtures: Record<string, unknown>[] } =>
    JSON.parse(renderJson(SUMMARY)) as Record<string, unknown> & { fixtures: Record<string, unknown>[] };

  test('one object with the counts and one entry per fixture', () => {
    const report = rendered();
    expect(report).toMatchObject({
      engine: 'reference',
      passed: 2,
      failed: 2,
      notApplicable: 0,
      skipped: 1,
      errored: 1,
      expectedFailures: 1,
      unexpectedPasses: 1,
      total: 6,
      bailed: true,
    });
    expect(report.fixtures.map((entry) => [entry.id, entry.outcome])).toEqual(RESULTS.map((result) => [result.id, result.outcome]));
  });

  test('the report card: one finding per rule, with counts, where and a worked example', () => {
    const report = rendered();
    expect(report.findings).toEqual([
      {
        rule: 'CAP-CHOICE',
        name: 'CAP-CHOICE (the player names the capture)',
        link: 'spec/rules.md#cap-choice-the-player-names-the-capture',
        fixtures: 1,
        rounds: 1,
        summary:
          'CAP-CHOICE (the player names the capture): 1 fixture, 1 round; e.g. pagat/b round 1 play 3: expected capture {seat: 0, card: 7D, captured: [7S]}, got capture {seat: 0, card: 7D, captured: [3S 4C]}',
        where: [{ id: 'pagat/b', rounds: [1] }],
        example: { id: 'pagat/b', file: 'fixtures/pagat/b.yaml', divergence: CAPTURE_DIVERGENCE, report: REPORT },
      },
      {
        rule: 'SWEEP-LAST-PLAY',
        name: "SWEEP-LAST-PLAY (a sweep on the round's last play)",
        link: 'spec/rules.md#sweep-last-play-a-sweep-on-the-rounds-last-play',
        fixtures: 1,
        rounds: 2,
        summary:
          "SWEEP-LAST-PLAY (a sweep on the round's last play): 1 fixture, 2 rounds; e.g. pagat/b round 2 play 18: expected (none), got sweep {seat: 1, points: 1}",
        where: [{ id: 'pagat/b', rounds: [2, 3] }],
        example: { id: 'pagat/b', file: 'fixtures/pagat/b.yaml', divergence: SWEEP_DIVERGENCE, report: 'the sweep report' },
      },
    ]);
  });

  test('an entry carries id, file, title, outcome, divergence, reports, findings and duration', () => {
    const report = rendered();
    expect(report.fixtures[1]).toEqual({
      id: 'pagat/b',
      file: 'fixtures/pagat/b.yaml',
      title: 't',
      variant: 'pagat',
      outcome: 'failed',
      divergence: CAPTURE_DIVERGENCE,
      report: REPORT,
      findings: [
        { rule: 'CAP-CHOICE', rounds: [1], divergence: CAPTURE_DIVERGENCE, report: REPORT },
        { rule: 'SWEEP-LAST-PLAY', rounds: [2, 3], divergence: SWEEP_DIVERGENCE, report: 'the sweep report' },
      ],
      durationMs: 2,
    });
    expect(report.fixtures[3]).toMatchObject({ outcome: 'failed', expectedFailure: 'no escoba yet' });
  });

  test('the shard: 1/1 of the fixtures reported without --shard, as given with it; the shape of spec/report.schema.json', () => {
    const report = rendered();
    expect(report.shard).toEqual({ index: 1, count: 1, selected: 6 });
    const shard = { index: 2, count: 3, selected: 17 };
    expect(JSON.parse(renderJson({ ...SUMMARY, shard })).shard).toEqual(shard);
    expect(checkAgainstSchema('report', report)).toEqual([]);
  });
});

/**
 * A small, strict check of XML well-formedness: one root element, tags nested and closed, attributes quoted and
 * unique, `&` only in references, no `<` in text or attribute values, only characters XML 1.0 allows.
 */
function checkWellFormedXml(xml: string): string | undefined {
  if (/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.test(xml)) return 'a character XML does not allow';
  const reference = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/y;
  const checkText = (text: string): string | undefined => {
    for (let i = text.indexOf('&'); i >= 0; i = text.indexOf('&', i + 1)) {
      reference.lastIndex = i;
      if (!reference.test(text)) return `a bare & in ${JSON.stringify(text.slice(i, i + 10))}`;
    }
    return text.includes('<') ? 'a bare <' : undefined;
  };
  let rest = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  let roots = 0;
  while (rest.length > 0) {
    const open = rest.indexOf('<');
    const text = open < 0 ? rest : rest.slice(0, open);
    if (stack.length === 0 && text.trim() !== '') return `text outside the root: ${JSON.stringify(text)}`;
    const textProblem = checkText(text);
    if (textProblem !== undefined) return textProblem;
    if (open < 0) break;
    rest = rest.slice(open);
    const close = /^<\/([A-Za-z_][\w.-]*)\s*>/.exec(rest);
    if (close !== null) {
      if (stack.pop() !== close[1]) return `</${close[1]}> closes nothing open`;
      rest = rest.slice(close[0].length);
      continue;
    }
    const tag = /^<([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/.exec(rest);
    if (tag === null) return `a malformed tag at ${JSON.stringify(rest.slice(0, 30))}`;
    const [whole, name = '', attrs = '', selfClosing] = tag;
    const names = [...attrs.matchAll(/([A-Za-z_][\w.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)];
    if (new Set(names.map((m) => m[1])).size !== names.length) return `a repeated attribute in <${name}>`;
    for (const m of names) {
      const problem = checkText(m[2] ?? m[3] ?? '');
      if (problem !== undefined) return `${problem} in an attribute of <${name}>`;
    }
    if (stack.length === 0) roots++;
    if (selfClosing !== '/') stack.push(name);
    rest = rest.slice(whole.length);
  }
  if (stack.length > 0) return `<${stack.at(-1)}> is not closed`;
  return roots === 1 ? undefined : `${roots} root elements`;
}

describe('junit', () => {
  const rendered = (): string => renderJunit(SUMMARY);

  test('the checker itself refuses what is not well-formed', () => {
    expect(checkWellFormedXml('<a><b></a></b>')).toBeDefined();
    expect(checkWellFormedXml('<a x="1 & 2"/>')).toBeDefined();
    expect(checkWellFormedXml('<a>1 < 2</a>')).toBeDefined();
    expect(checkWellFormedXml('<a/><b/>')).toBeDefined();
    expect(checkWellFormedXml('<a x="1" x="2"/>')).toBeDefined();
    expect(checkWellFormedXml('<a>\u0001</a>')).toBeDefined();
    expect(checkWellFormedXml('<?xml version="1.0"?>\n<a x="&amp;">&lt;b&gt;</a>')).toBeUndefined();
  });

  test('is well-formed XML, special characters escaped', () => {
    const xml = rendered();
    expect(checkWellFormedXml(xml)).toBeUndefined();
    expect(xml).toContain('actual:   &lt;&amp;&gt; "quoted" \'single\' </failure>');
    expect(escapeXmlAttribute('a"b\'c\nd<&')).toBe('a&quot;b&apos;c&#10;d&lt;&amp;');
    expect(escapeXmlText('\u0000ok\uFFFE')).toBe('ok');
  });

  test('suites per variant; testcases with failure, error and skipped as JUnit has them', () => {
    const xml = rendered();
    expect(xml).toMatch(/^<testsuites name="scopa-conformance \(reference engine\)" tests="8" failures="4" errors="1" skipped="2" time="1.234">$/m);
    expect(xml).toMatch(/^ {2}<testsuite name="escoba" tests="3" failures="1" errors="0" skipped="2" time="0.006">$/m);
    expect(xml).toMatch(/<testcase name="pagat\/b" classname="pagat" file="fixtures\/pagat\/b.yaml" time="0.002">\n +<failure message="first divergence at round 1, play 3 \(event-mismatch, CAP-CHOICE\); also SWEEP-LAST-PLAY" type="event-mismatch">fixture:/);
    expect(xml).toMatch(/<error message="the engine exited \(code 1\)" type="errored">Traceback:\n  &lt;boom&gt; &amp; more<\/error>/);
    expect(xml).toContain('<skipped message="expected to fail: no escoba yet"/>');
  });

  test('the report card comes first, as a suite with one failing testcase per rule', () => {
    const xml = rendered();
    expect(xml).toContain(
      [
        '  <testsuite name="report card" tests="2" failures="2" errors="0" skipped="0" time="0.000">',
        '    <testcase name="CAP-CHOICE" classname="report-card" file="fixtures/pagat/b.yaml" time="0.000">',
        '      <failure message="CAP-CHOICE (the player names the capture): 1 fixture, 1 round; e.g. pagat/b round 1 play 3: expected capture {seat: 0, card: 7D, captured: [7S]}, got capture {seat: 0, card: 7D, captured: [3S 4C]}" type="rule">fixture:  pagat/b (fixtures/pagat/b.yaml)',
      ].join('\n'),
    );
    expect(xml.indexOf('name="report card"')).toBeLessThan(xml.indexOf('name="escoba"'));
    expect(xml).toContain('<testcase name="SWEEP-LAST-PLAY" classname="report-card" file="fixtures/pagat/b.yaml" time="0.000">\n      <failure message="SWEEP-LAST-PLAY');
    expect(xml).toMatch(/<testcase name="escoba\/e"[^>]*>\n +<failure message="passed, but the expect-fail list says it fails \(thought broken\); take it off the list" type="unexpected-pass">/);
  });
});

describe('tap', () => {
  test('version, plan line, one test line per fixture in order', () => {
    const tap = renderTap(SUMMARY);
    const lines = tap.split('\n');
    expect(lines[0]).toBe('TAP version 13');
    expect(lines[1]).toBe('1..6');
    expect(lines.filter((line) => /^(not )?ok \d+ - /.test(line))).toEqual([
      'ok 1 - pagat/a',
      'not ok 2 - pagat/b',
      'not ok 3 - pagat/c\\#1',
      'not ok 4 - escoba/d # TODO expected to fail: no escoba yet',
      'not ok 5 - escoba/e',
      'ok 6 - escoba/f # SKIP not run: --bail stopped the run at pagat/b',
    ]);
  });

  test('a failure is followed by a YAML diagnostic block', () => {
    const tap = renderTap(SUMMARY);
    const block = tap.slice(tap.indexOf('not ok 2'), tap.indexOf('not ok 3'));
    const yaml = block.slice(block.indexOf('  ---\n') + 6, block.indexOf('  ...\n'));
    expect(parse(yaml.replace(/^ {2}/gm, ''))).toMatchObject({
      message: 'first divergence at round 1, play 3 (event-mismatch, CAP-CHOICE); also SWEEP-LAST-PLAY',
      severity: 'fail',
      kind: 'event-mismatch',
      round: 1,
      play: 3,
      rule: 'CAP-CHOICE',
      report: REPORT,
    });
  });
});

test('tap: the report card as comments after the tests', () => {
  expect(renderTap(SUMMARY).trimEnd().split('\n').slice(-3)).toEqual([
    '# report card: 2 rules broken',
    '# CAP-CHOICE (the player names the capture): 1 fixture, 1 round; e.g. pagat/b round 1 play 3: expected capture {seat: 0, card: 7D, captured: [7S]}, got capture {seat: 0, card: 7D, captured: [3S 4C]}',
    "# SWEEP-LAST-PLAY (a sweep on the round's last play): 1 fixture, 2 rounds; e.g. pagat/b round 2 play 18: expected (none), got sweep {seat: 1, points: 1}",
  ]);
});

describe('pretty', () => {
  test('the report card first (a line per rule, then each rule with its example and fixtures), then a line per fixture not as expected', () => {
    const text = renderPretty(SUMMARY);
    expect(text).toBe(
      [
        'REPORT CARD: reference engine breaks 2 rules',
        '  CAP-CHOICE (the player names the capture): 1 fixture, 1 round; e.g. pagat/b round 1 play 3: expected capture {seat: 0, card: 7D, captured: [7S]}, got capture {seat: 0, card: 7D, captured: [3S 4C]}',
        "  SWEEP-LAST-PLAY (a sweep on the round's last play): 1 fixture, 2 rounds; e.g. pagat/b round 2 play 18: expected (none), got sweep {seat: 1, points: 1}",
        '',
        'RULE  CAP-CHOICE (the player names the capture): 1 fixture, spec/rules.md#cap-choice-the-player-names-the-capture',
        '    fixture:  pagat/b (fixtures/pagat/b.yaml)',
        '    expected: capture {seat: 0, card: 7D, captured: [7S]}',
        `    actual:   <&> "quoted" 'single' \u0001`,
        '    seen in:      pagat/b (round 1)',
        '',
        "RULE  SWEEP-LAST-PLAY (a sweep on the round's last play): 1 fixture, spec/rules.md#sweep-last-play-a-sweep-on-the-rounds-last-play",
        '    the sweep report',
        '    seen in:      pagat/b (rounds 2, 3)',
        '',
        'FAIL  pagat/b: first divergence at round 1, play 3 (event-mismatch, CAP-CHOICE); also SWEEP-LAST-PLAY',
        'ERROR pagat/c#1 (fixtures/pagat/c.yaml): the engine exited (code 1)',
        '    Traceback:',
        '      <boom> & more',
        '',
        'XPASS escoba/e: passed, but the expect-fail list says it fails (thought broken); take it off the list',
        '',
        'stopped at the first failure (--bail): 1 fixture not run',
        '6 fixtures: 2 passed, 2 failed, 1 expected to fail, 1 passed unexpectedly, 1 skipped, 1 errored (reference engine, 1.23 s)',
        '',
      ].join('\n'),
    );
  });

  test('ends with the bail note and the summary line', () => {
    const text = renderPretty(SUMMARY);
    expect(text.trimEnd().split('\n').slice(-2)).toEqual([
      'stopped at the first failure (--bail): 1 fixture not run',
      '6 fixtures: 2 passed, 2 failed, 1 expected to fail, 1 passed unexpectedly, 1 skipped, 1 errored (reference engine, 1.23 s)',
    ]);
  });
});

test('the report card leaves out fixtures listed in --expect-fail: they are known gaps', () => {
  const listed: FixtureResult = {
    ...base,
    id: 'pagat/known',
    file: 'fixtures/pagat/known.yaml',
    variant: 'pagat',
    outcome: 'failed',
    expectedFailure: 'sweeps on the last play, on purpose',
    divergence: SWEEP_DIVERGENCE,
    findings: [{ rule: 'SWEEP-LAST-PLAY', rounds: [2], divergence: SWEEP_DIVERGENCE, report: 'r' }],
  };
  const card = reportCardOf([...RESULTS, listed]);
  expect(card.find((finding) => finding.rule === 'SWEEP-LAST-PLAY')?.where).toEqual([{ id: 'pagat/b', rounds: [2, 3] }]);
});

test('pretty: when every failure is a recorded game, the card is about the recorded system, judged by the engine', () => {
  const recorded: FixtureResult = { ...(RESULTS[1] as FixtureResult), recorded: 'scopa-web 2.3.1' };
  const text = renderPretty({ ...SUMMARY, results: [recorded], counts: countResults([recorded]) });
  expect(text.split('\n')[0]).toBe('REPORT CARD: the recorded games of scopa-web 2.3.1 disagree with the reference engine on 2 rules');
  const mixed = [recorded, RESULTS[1] as FixtureResult];
  expect(renderPretty({ ...SUMMARY, results: mixed, counts: countResults(mixed) }).split('\n')[0]).toBe('REPORT CARD: reference engine breaks 2 rules');
});
