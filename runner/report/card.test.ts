/**
 * The report card: findings grouped by rule, most widespread first, each with its worked example and a summary
 * line; expected against actual in brief for every kind of divergence.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { RULE_IDS, type RuleId } from '../../reference/index.ts';
import type { Divergence } from '../divergences/divergence.ts';
import type { FixtureFinding, FixtureResult } from '../run/outcome.ts';
import { divergenceInBrief, divergenceSides, ReportCard, reportCardOf } from './card.ts';

const base = { eventIndex: 7, round: 1, play: 3 };

describe('expected against actual, in brief', () => {
  test.each<[string, Divergence, string]>([
    ['an event', { ...base, kind: 'event-mismatch', expectedIndex: 7, expected: { type: 'trail', seat: 1, card: '9D' }, actual: { type: 'sweep', seat: 0, points: 1 } }, 'expected trail {seat: 1, card: 9D}, got sweep {seat: 0, points: 1}'],
    ['a missing event', { ...base, kind: 'missing-event', expectedIndex: 7, expected: { type: 'trail', seat: 1, card: '9D' }, actual: null }, 'expected trail {seat: 1, card: 9D}, got (none)'],
    ['an extra event', { ...base, kind: 'extra-event', expectedIndex: 7, expected: null, actual: { type: 'sweep', seat: 0, points: 1 } }, 'expected (none), got sweep {seat: 0, points: 1}'],
    ['an award', { ...base, kind: 'award-mismatch', category: 'coins', field: 'points', expected: { points: [1, 0] }, actual: { counts: [5, 5], points: [0, 0] } }, 'coins: expected {points: [1 0]}, got {counts: [5 5], points: [0 0]}'],
    ['a missing award', { ...base, kind: 'award-mismatch', category: 'coins', field: 'missing', expected: { counts: [6, 4] }, actual: null }, 'coins: expected {counts: [6 4]}, got null'],
    ['sweeps', { ...base, kind: 'sweeps-mismatch', field: 'sweeps', expected: [1, 0], actual: [2, 0] }, 'sweeps: expected [1 0], got [2 0]'],
    ['round points', { ...base, kind: 'round-mismatch', field: 'points', expected: [3, 1], actual: [2, 1] }, 'points: expected [3 1], got [2 1]'],
    ['a missing round-end', { ...base, kind: 'round-mismatch', field: 'missing', expected: [3, 1], actual: null }, 'missing: expected [3 1], got null'],
    ['the result', { ...base, kind: 'result-mismatch', field: 'winner', expected: { winner: 1 }, actual: { reason: 'target', winner: 0, ranking: [0, 1], totals: [11, 9] } }, 'result winner: expected {winner: 1}, got {reason: target, winner: 0, ranking: [0 1], totals: [11 9]}'],
    ['an unexpected refusal', { ...base, kind: 'unexpected-rejection', expected: null, actual: { round: 1, play: 3, code: 'MUST_CAPTURE' } }, 'expected no refusal, got refusal MUST_CAPTURE'],
    ['another refusal', { ...base, kind: 'wrong-rejection', expected: { round: 1, play: 3, code: 'CAPTURE_NOT_ON_TABLE' }, actual: { round: 1, play: 3, code: 'MUST_CAPTURE' } }, 'expected refusal CAPTURE_NOT_ON_TABLE, got refusal MUST_CAPTURE'],
    ['no refusal', { ...base, kind: 'not-rejected', expected: { round: 1, play: 3, code: 'CAPTURE_NOT_ON_TABLE' }, actual: null }, 'expected refusal CAPTURE_NOT_ON_TABLE, got none'],
    ['a stop', { ...base, kind: 'stopped-early', expected: { plays: 36 }, actual: { plays: 30 } }, 'plays in the round: expected 36, got 30'],
    ['an extra play', { ...base, kind: 'extra-play', expected: { plays: 36 }, actual: { plays: 37 } }, 'plays in the round: expected 36, got 37'],
    ['a misplaced event', { ...base, kind: 'misplaced-event', expectedIndex: 9, expected: null, actual: { type: 'sweep', seat: 0, points: 1 } }, 'expected (none), got sweep {seat: 0, points: 1}'],
    ['an unexplained failure', { ...base, kind: 'unexplained', part: 'score-sheets', expected: null, actual: null }, 'score-sheets: expected what the fixture expects, got another reply'],
    [
      'legal decisions',
      { ...base, kind: 'legal-mismatch', expected: [{ card: '7D' }, { card: '5S' }, { card: '1C' }], actual: [{ card: '7D' }, { card: '7S' }], missing: [{ card: '5S' }, { card: '1C' }], extra: [{ card: '7S' }] },
      'legal decisions: expected 3, got 2 (2 missing, 1 extra)',
    ],
  ])('%s', (_, divergence, brief) => {
    expect(divergenceInBrief(divergence)).toBe(brief);
  });

  test('the sides apart: what it is about, expected, actual', () => {
    expect(divergenceSides({ ...base, kind: 'sweeps-mismatch', field: 'sweeps', expected: [1, 0], actual: [2, 0] })).toEqual({ about: 'sweeps', expected: '[1 0]', actual: '[2 0]' });
    expect(divergenceSides({ ...base, kind: 'not-rejected', expected: { round: 1, play: 3, code: 'MUST_CAPTURE' }, actual: null })).toEqual({ expected: 'refusal MUST_CAPTURE', actual: 'none' });
  });
});

const sweep: Divergence = { ...base, kind: 'sweeps-mismatch', field: 'sweeps', expected: [1, 0], actual: [2, 0], rule: 'SWEEP-POINT' };
const finding = (rule: FixtureFinding['rule'], rounds: number[], divergence: Divergence = sweep, report = 'the report'): FixtureFinding => ({ rule, rounds, divergence, report });
const failed = (id: string, findings: FixtureFinding[], extra: Partial<FixtureResult> = {}): FixtureResult => ({
  id,
  file: `fixtures/${id}.yaml`,
  title: 't',
  variant: 'pagat',
  outcome: 'failed',
  findings,
  durationMs: 1,
  ...extra,
});

describe('the card', () => {
  test('one entry per rule: fixtures and rounds added up, every fixture with its rounds, the first one\'s report as the example', () => {
    const card = new ReportCard();
    card.add(failed('pagat/a', [finding('SWEEP-POINT', [1, 2], sweep, 'report of a')]));
    card.add(failed('pagat/b', [finding('SWEEP-POINT', [3], { ...sweep, round: 3, play: 0 }, 'report of b')]));
    expect(card.findings()).toEqual([
      {
        rule: 'SWEEP-POINT',
        name: 'SWEEP-POINT (emptying the table scores)',
        link: 'spec/rules.md#sweep-point-emptying-the-table-scores',
        fixtures: 2,
        rounds: 3,
        where: [
          { id: 'pagat/a', rounds: [1, 2] },
          { id: 'pagat/b', rounds: [3] },
        ],
        example: { id: 'pagat/a', file: 'fixtures/pagat/a.yaml', divergence: sweep, report: 'report of a' },
        summary: 'SWEEP-POINT (emptying the table scores): 2 fixtures, 3 rounds; e.g. pagat/a round 1 play 3: sweeps: expected [1 0], got [2 0]',
      },
    ]);
  });

  test('most fixtures first, then by rule id; the divergences no single rule decides last; play 0 is not named', () => {
    const atDeal: Divergence = { ...sweep, play: 0, rule: undefined };
    const card = reportCardOf([
      failed('pagat/a', [finding(null, [1], atDeal), finding('SWEEP-POINT', [1]), finding('CAP-CHOICE', [2])]),
      failed('pagat/b', [finding(null, [1], atDeal), finding('SWEEP-POINT', [1])]),
      failed('pagat/c', [finding('DEAL-DEALER', [4]), finding(null, [1], atDeal), finding('CAP-CHOICE', [1])]),
    ]);
    expect(card.map((entry) => [entry.rule, entry.fixtures, entry.rounds])).toEqual([
      [null, 3, 3],
      ['CAP-CHOICE', 2, 2],
      ['SWEEP-POINT', 2, 2],
      ['DEAL-DEALER', 1, 1],
    ]);
    expect(card[0]).toMatchObject({
      name: 'no single rule',
      link: 'spec/rules.md#15-event-vocabulary',
      summary: 'no single rule: 3 fixtures, 3 rounds; e.g. pagat/a round 1: sweeps: expected [1 0], got [2 0]',
    });
    const tied = reportCardOf([failed('pagat/a', [finding(null, [1]), finding('SWEEP-POINT', [1])])]);
    expect(tied.map((entry) => entry.rule)).toEqual(['SWEEP-POINT', null]);
    expect(tied[0]?.summary).toBe('SWEEP-POINT (emptying the table scores): 1 fixture, 1 round; e.g. pagat/a round 1 play 3: sweeps: expected [1 0], got [2 0]');
  });

  test('only failures count: not an error, a pass or a skip that carries findings; nor a failure listed in --expect-fail', () => {
    const findings = [finding('SWEEP-POINT', [1])];
    const results: FixtureResult[] = [
      failed('pagat/e', findings, { outcome: 'errored' }),
      failed('pagat/p', findings, { outcome: 'passed' }),
      failed('pagat/s', findings, { outcome: 'skipped' }),
      failed('pagat/known', findings, { expectedFailure: 'known' }),
      failed('pagat/none', [], {}),
    ];
    expect(reportCardOf(results)).toEqual([]);
    const { findings: _, ...withoutFindings } = failed('pagat/x', []);
    expect(reportCardOf([withoutFindings])).toEqual([]);
    const card = new ReportCard();
    card.add(failed('pagat/known', findings, { expectedFailure: 'known' }));
    expect(card.findings().map((entry) => entry.where)).toEqual([[{ id: 'pagat/known', rounds: [1] }]]);
  });

  test('the rounds listed are copies: a later change to the result does not change the card', () => {
    const rounds = [1];
    const card = reportCardOf([failed('pagat/a', [finding('SWEEP-POINT', rounds)])]);
    rounds.push(2);
    expect(card[0]?.where).toEqual([{ id: 'pagat/a', rounds: [1] }]);
  });
});

describe('the card as a whole, for any run', () => {
  const aRule = fc.oneof(fc.constantFrom(...RULE_IDS.slice(0, 8)), fc.constant(null));
  const aResult = fc.record({
    outcome: fc.constantFrom('passed', 'failed', 'failed', 'errored', 'not-applicable'),
    findings: fc.array(fc.record({ rule: aRule, rounds: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 }) }), { maxLength: 4 }),
  });

  test('one entry per rule, never two rules in one; each counts exactly the failed fixtures that show it, and their rounds', () => {
    fc.assert(
      fc.property(fc.array(aResult, { maxLength: 30 }), (drawn) => {
        const results: FixtureResult[] = drawn.map(({ outcome, findings }, i) => {
          // A fixture's findings are one per rule (replay.ts groups them so).
          const byRule = new Map(findings.map((finding) => [finding.rule, finding]));
          const kept: FixtureFinding[] = [...byRule.values()].map(({ rule, rounds }) => ({ rule: rule as RuleId | null, rounds, divergence: { ...base, kind: 'sweeps-mismatch', field: 'sweeps', expected: [1, 0], actual: [0, 0] }, report: 'r' }));
          return { id: `v/f${i}`, file: `f${i}.yaml`, title: '', variant: 'v', outcome, durationMs: 0, ...(outcome === 'failed' ? { findings: kept } : {}) };
        });
        const card = reportCardOf(results);
        const failed = results.filter((result) => result.outcome === 'failed');
        expect(new Set(card.map((entry) => entry.rule)).size).toBe(card.length);
        for (const entry of card) {
          const showing = failed.filter((result) => result.findings?.some((finding) => finding.rule === entry.rule));
          expect(entry.fixtures).toBe(showing.length);
          expect(entry.fixtures).toBeLessThanOrEqual(failed.length);
          expect(entry.where.map((where) => where.id)).toEqual(showing.map((result) => result.id));
          const rounds = showing.map((result) => result.findings?.find((finding) => finding.rule === entry.rule)?.rounds.length ?? 0);
          expect(entry.rounds).toBe(rounds.reduce((a, b) => a + b, 0));
        }
        const rulesShown = new Set(failed.flatMap((result) => (result.findings ?? []).map((finding) => finding.rule)));
        expect(new Set(card.map((entry) => entry.rule))).toEqual(rulesShown);
      }),
      { numRuns: 500 },
    );
  });
});
