/**
 * Outcomes, counts and the exit code of a run, from its results alone: every outcome, listed in --expect-fail or
 * not, and each exit code with what beats what.
 */
import { describe, expect, test } from 'vitest';
import {
  countResults,
  countsLine,
  describeEngine,
  exitCodeOf,
  type FixtureResult,
  isExpectedFailure,
  isUnexpected,
  isUnexpectedPass,
  judgedAny,
  type Outcome,
  type RunSummary,
} from './outcome.ts';

const result = (outcome: Outcome, expectedFailure?: string, id = `pagat/${outcome}`): FixtureResult => ({
  id,
  file: `${id}.yaml`,
  title: 't',
  variant: 'pagat',
  outcome,
  ...(expectedFailure === undefined ? {} : { expectedFailure }),
  durationMs: 1,
});

const summary = (results: FixtureResult[], extra: Partial<RunSummary> = {}): RunSummary => ({
  engine: 'reference',
  results,
  counts: countResults(results),
  bailed: false,
  durationMs: 5,
  ...extra,
});

describe('a result against the expect-fail list', () => {
  test.each([
    // outcome, listed, expected failure, unexpected pass, makes the run fail
    ['passed', false, false, false, false],
    ['passed', true, false, true, true],
    ['failed', false, false, false, true],
    ['failed', true, true, false, false],
    ['errored', false, false, false, true],
    ['errored', true, true, false, false],
    ['skipped', false, false, false, false],
    ['skipped', true, false, false, false],
    ['not-applicable', false, false, false, false],
    ['not-applicable', true, false, false, false],
  ] as const)('%s, listed: %s', (outcome, listed, expectedFailure, unexpectedPass, unexpected) => {
    const given = result(outcome, listed ? 'known' : undefined);
    expect([isExpectedFailure(given), isUnexpectedPass(given), isUnexpected(given)]).toEqual([expectedFailure, unexpectedPass, unexpected]);
  });
});

test('counts: one per outcome, and of those the expected failures and the unexpected passes', () => {
  const results = [
    result('passed'),
    result('passed', 'thought broken', 'pagat/xpass'),
    result('failed'),
    result('failed', 'known', 'pagat/known-1'),
    result('errored', 'known', 'pagat/known-2'),
    result('errored'),
    result('errored', undefined, 'pagat/errored-2'),
    result('skipped'),
    result('not-applicable'),
    result('not-applicable', undefined, 'pagat/na-2'),
  ];
  expect(countResults(results)).toEqual({
    total: 10,
    passed: 2,
    failed: 2,
    'not-applicable': 2,
    skipped: 1,
    errored: 3,
    expectedFailures: 2,
    unexpectedPasses: 1,
  });
  expect(countResults([])).toEqual({ total: 0, passed: 0, failed: 0, 'not-applicable': 0, skipped: 0, errored: 0, expectedFailures: 0, unexpectedPasses: 0 });
});

describe('the exit code', () => {
  test.each([
    ['nothing selected', [], 0],
    ['everything passed', [result('passed')], 0],
    ['a failure', [result('passed'), result('failed')], 1],
    ['a listed failure and a listed error', [result('passed'), result('failed', 'known'), result('errored', 'known')], 0],
    ['a listed fixture that passed', [result('passed', 'thought broken')], 1],
    ['an error', [result('errored')], 3],
    ['an error beats a failure', [result('failed'), result('errored')], 3],
    ['a listed error does not beat a failure', [result('failed'), result('errored', 'known')], 1],
    ['an error beats an unexpected pass', [result('passed', 'thought broken'), result('errored')], 3],
    ['nothing judged: every fixture skipped or not applicable', [result('skipped'), result('not-applicable')], 2],
    ['one judged fixture is enough: a pass', [result('skipped'), result('passed')], 0],
    ['one judged fixture is enough: a listed failure', [result('not-applicable'), result('failed', 'known')], 0],
    ['one judged fixture is enough: an error', [result('skipped'), result('errored')], 3],
  ] as const)('%s: %i', (_, results, code) => {
    expect(exitCodeOf(summary([...results]))).toBe(code);
  });

  test('an interrupted run: 130, whatever ran', () => {
    expect(exitCodeOf(summary([result('passed')], { interrupted: true }))).toBe(130);
    expect(exitCodeOf(summary([result('errored')], { interrupted: true }))).toBe(130);
    expect(exitCodeOf(summary([result('skipped')], { interrupted: true }))).toBe(130);
    expect(exitCodeOf(summary([result('errored')], { interrupted: false }))).toBe(3);
  });

  test('judged: a pass, a failure or an error, each alone', () => {
    const none = countResults([result('skipped'), result('not-applicable')]);
    expect(judgedAny(none)).toBe(false);
    expect(judgedAny({ ...none, passed: 1 })).toBe(true);
    expect(judgedAny({ ...none, failed: 1 })).toBe(true);
    expect(judgedAny({ ...none, errored: 1 })).toBe(true);
  });
});

describe('the counts in one line', () => {
  test('every part that is not zero, the fixed ones always', () => {
    const counts = { total: 12, passed: 3, failed: 4, 'not-applicable': 2, skipped: 1, errored: 2, expectedFailures: 5, unexpectedPasses: 1 };
    expect(countsLine(counts)).toBe('12 fixtures: 3 passed, 4 failed, 5 expected to fail, 1 passed unexpectedly, 2 not applicable, 1 skipped, 2 errored');
  });

  test('the optional parts left out at zero; one fixture is singular', () => {
    expect(countsLine(countResults([result('passed')]))).toBe('1 fixture: 1 passed, 0 failed, 0 skipped, 0 errored');
    expect(countsLine(countResults([]))).toBe('0 fixtures: 0 passed, 0 failed, 0 skipped, 0 errored');
  });
});

test('the engine in words: the reference engine, or an external one by its command as a JSON string', () => {
  expect(describeEngine('reference')).toBe('reference engine');
  expect(describeEngine('python3 adapter.py')).toBe('engine "python3 adapter.py"');
  expect(describeEngine('python3 "my eng.py"')).toBe('engine "python3 \\"my eng.py\\""');
});
