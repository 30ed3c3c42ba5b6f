/**
 * The JUnit XML reporter, for CI dashboards: one `<testsuite>` per variant, one `<testcase>` per fixture. A
 * failure carries its first-divergence report, an error the engine's message and output. JUnit has no expected
 * failure: a listed fixture that fails is reported as skipped (with the reason), one that passes as a failure.
 * @module
 */
import { describeEngine, isExpectedFailure, isUnexpectedPass, type FixtureResult, type RunSummary } from '../run/outcome.ts';
import { reportCardOf, type RuleFinding } from './card.ts';
import { headline } from './pretty.ts';

/** Characters XML 1.0 does not allow at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF) are dropped. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXmlText(text: string): string {
  return text.replace(NOT_XML, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text)
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
    .replaceAll('\t', '&#9;')
    .replaceAll('\n', '&#10;')
    .replaceAll('\r', '&#13;');
}

const attributes = (values: Record<string, string | number>): string =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXmlAttribute(String(value))}"`)
    .join('');

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

type Verdict = 'pass' | 'failure' | 'error' | 'skipped';

function verdictOf(result: FixtureResult): Verdict {
  if (isUnexpectedPass(result)) return 'failure';
  if (isExpectedFailure(result) || result.outcome === 'skipped' || result.outcome === 'not-applicable') return 'skipped';
  if (result.outcome === 'failed') return 'failure';
  if (result.outcome === 'errored') return 'error';
  return 'pass';
}

function testcase(result: FixtureResult): string {
  const open = `    <testcase${attributes({ name: result.id, classname: result.variant, file: result.file, time: seconds(result.durationMs) })}`;
  const verdict = verdictOf(result);
  switch (verdict) {
    case 'pass':
      return `${open}/>`;
    case 'skipped': {
      const message = isExpectedFailure(result) ? `expected to fail: ${result.expectedFailure}` : headline(result);
      return `${open}>\n      <skipped${attributes({ message })}/>\n    </testcase>`;
    }
    case 'failure': {
      const type = isUnexpectedPass(result) ? 'unexpected-pass' : (result.divergence?.kind ?? 'failure');
      const body = result.report === undefined ? '' : escapeXmlText(result.report);
      return `${open}>\n      <failure${attributes({ message: headline(result), type })}>${body}</failure>\n    </testcase>`;
    }
    case 'error': {
      const body = escapeXmlText(result.detail ?? '');
      return `${open}>\n      <error${attributes({ message: headline(result), type: 'errored' })}>${body}</error>\n    </testcase>`;
    }
  }
}

function tally(results: readonly FixtureResult[]): Record<'tests' | 'failures' | 'errors' | 'skipped', number> {
  const verdicts = results.map(verdictOf);
  const count = (verdict: Verdict): number => verdicts.filter((v) => v === verdict).length;
  return { tests: results.length, failures: count('failure'), errors: count('error'), skipped: count('skipped') };
}

/** The report card as a suite of its own: one failing testcase per rule broken, its worked example as the body. */
function cardSuite(card: readonly RuleFinding[]): string[] {
  if (card.length === 0) return [];
  const cases = card.map((finding) => {
    const open = `    <testcase${attributes({ name: finding.rule ?? 'no single rule', classname: 'report-card', file: finding.example.file, time: seconds(0) })}>`;
    const failure = `      <failure${attributes({ message: finding.summary, type: 'rule' })}>${escapeXmlText(finding.example.report)}</failure>`;
    return `${open}\n${failure}\n    </testcase>`;
  });
  const tallies = { tests: card.length, failures: card.length, errors: 0, skipped: 0 };
  return [`  <testsuite${attributes({ name: 'report card', ...tallies, time: seconds(0) })}>`, ...cases, '  </testsuite>'];
}

export function renderJunit(summary: RunSummary): string {
  const variants = [...new Set(summary.results.map((result) => result.variant))].sort();
  const suites = variants.map((variant) => {
    const results = summary.results.filter((result) => result.variant === variant);
    const time = results.reduce((sum, result) => sum + result.durationMs, 0);
    const open = `  <testsuite${attributes({ name: variant, ...tally(results), time: seconds(time) })}>`;
    return [open, ...results.map(testcase), '  </testsuite>'].join('\n');
  });
  const name = `scopa-conformance (${describeEngine(summary.engine)})`;
  const card = reportCardOf(summary.results);
  const totals = tally(summary.results);
  const all = { ...totals, tests: totals.tests + card.length, failures: totals.failures + card.length };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({ name, ...all, time: seconds(summary.durationMs) })}>`,
    ...cardSuite(card),
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
