/**
 * The report card: a run's findings grouped by rule. For each rule the engine breaks, the fixtures and rounds
 * where it does, one worked example (the first fixture's report of it: position, expected against actual, the
 * rule's text link, the command that reruns it), and a one-line summary. Built one result at a time, so a run
 * can report as it goes (test262's results per feature, Bowtie's compliance table).
 * @module
 */
import type { RuleId } from '../../reference/index.ts';
import type { Divergence } from '../divergences/divergence.ts';
import type { FixtureResult } from '../run/outcome.ts';
import { oneLine } from '../util/one-line.ts';
import { formatEvent, formatValue, ruleName, rulePointer } from './divergence.ts';

export interface RuleFinding {
  /** The rule, or null for divergences no single rule decides. */
  rule: RuleId | null;
  /** The rule with its title, for people. */
  name: string;
  /** Where the rule is written: `spec/rules.md#...`. */
  link: string;
  /** How many fixtures show it, and in how many rounds in all. */
  fixtures: number;
  rounds: number;
  /** Every fixture that shows it, with the rounds (from 1). */
  where: { id: string; rounds: number[] }[];
  /** The first fixture's report of it. */
  example: { id: string; file: string; divergence: Divergence; report: string };
  /** One line: the rule, how often, and the example in brief. */
  summary: string;
}

/** What a divergence is about (a category, a field), with what was expected and what came, each in words. */
export interface DivergenceSides {
  about?: string;
  expected: string;
  actual: string;
}

export function divergenceSides(divergence: Divergence): DivergenceSides {
  switch (divergence.kind) {
    case 'event-mismatch':
    case 'missing-event':
    case 'extra-event':
    case 'misplaced-event':
      return { expected: formatEvent(divergence.expected), actual: formatEvent(divergence.actual) };
    case 'unexplained':
      return { about: divergence.part, expected: 'what the fixture expects', actual: 'another reply' };
    case 'award-mismatch':
      return { about: divergence.category, expected: formatValue(divergence.expected), actual: formatValue(divergence.actual) };
    case 'sweeps-mismatch':
    case 'round-mismatch':
      return { about: divergence.field, expected: formatValue(divergence.expected), actual: formatValue(divergence.actual) };
    case 'result-mismatch':
      return { about: `result ${divergence.field}`, expected: formatValue(divergence.expected), actual: formatValue(divergence.actual) };
    case 'unexpected-rejection':
    case 'wrong-rejection':
    case 'not-rejected':
      return {
        expected: divergence.expected === null ? 'no refusal' : `refusal ${divergence.expected.code}`,
        actual: divergence.actual === null ? 'none' : `refusal ${formatValue(divergence.actual.code)}`,
      };
    case 'stopped-early':
    case 'extra-play':
      return { about: 'plays in the round', expected: String(divergence.expected.plays), actual: String(divergence.actual.plays) };
    case 'legal-mismatch':
      return {
        about: 'legal decisions',
        expected: String(divergence.expected.length),
        actual: `${divergence.actual.length} (${divergence.missing.length} missing, ${divergence.extra.length} extra)`,
      };
  }
}

/** Expected against actual, in brief. */
export function divergenceInBrief(divergence: Divergence): string {
  const { about, expected, actual } = divergenceSides(divergence);
  return `${about === undefined ? '' : `${about}: `}expected ${expected}, got ${actual}`;
}

/** A rule's place among the others: its id in code-unit order (not the locale's, which differs between machines), no single rule last. */
const orderKey = (rule: RuleId | null): string => rule ?? '\uffff';

/** Two different rules in order (never the same: a rule is one finding). */
const byRuleId = (a: RuleId | null, b: RuleId | null): number => (orderKey(a) < orderKey(b) ? -1 : 1);

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

export class ReportCard {
  /** By rule (no single rule under the empty key), as found: the summary is made when the card is read. */
  private readonly byRule = new Map<string, Omit<RuleFinding, 'summary'>>();

  /** Takes one fixture's result; only failures carry findings. */
  add(result: FixtureResult): void {
    for (const finding of result.outcome === 'failed' ? (result.findings ?? []) : []) {
      // Stryker disable next-line StringLiteral: any key that no rule id is would do
      const key = finding.rule ?? '';
      const known = this.byRule.get(key);
      if (known === undefined) {
        this.byRule.set(key, {
          rule: finding.rule,
          name: finding.rule === null ? 'no single rule' : ruleName(finding.rule),
          link: rulePointer(finding.rule ?? undefined),
          fixtures: 1,
          rounds: finding.rounds.length,
          where: [{ id: result.id, rounds: [...finding.rounds] }],
          example: { id: result.id, file: result.file, divergence: finding.divergence, report: finding.report },
        });
      } else {
        known.fixtures++;
        known.rounds += finding.rounds.length;
        known.where.push({ id: result.id, rounds: [...finding.rounds] });
      }
    }
  }

  /** The rules broken, most widespread first, then by id (the same order on every machine), no single rule last. */
  findings(): RuleFinding[] {
    return [...this.byRule.values()]
      .sort((a, b) => b.fixtures - a.fixtures || byRuleId(a.rule, b.rule))
      .map((finding) => {
        const { example } = finding;
        const at = `${example.id} round ${example.divergence.round}${example.divergence.play > 0 ? ` play ${example.divergence.play}` : ''}`;
        const often = `${plural(finding.fixtures, 'fixture')}, ${plural(finding.rounds, 'round')}`;
        return { ...finding, summary: oneLine(`${finding.name}: ${often}; e.g. ${at}: ${divergenceInBrief(example.divergence)}`) };
      });
  }
}

/** The report card of a run: fixtures listed in --expect-fail are known gaps and left out. */
export function reportCardOf(results: readonly FixtureResult[]): RuleFinding[] {
  const card = new ReportCard();
  for (const result of results) if (result.expectedFailure === undefined) card.add(result);
  return card.findings();
}

/** A rule not judged in some rounds, across a run, because a divergence of another rule came first there. */
export interface NotJudgedCount {
  rule: RuleId | null;
  after: RuleId | null;
  rounds: number;
}

/** The rules an earlier divergence kept from being judged, over the run's failures (not those expected to fail), most rounds first. */
export function notJudgedOf(results: readonly FixtureResult[]): NotJudgedCount[] {
  const byRules = new Map<string, NotJudgedCount>();
  for (const result of results) {
    if (result.expectedFailure !== undefined) continue;
    for (const { rule, after, rounds } of result.notJudged ?? []) {
      const key = `${rule ?? ''} ${after ?? ''}`;
      const known = byRules.get(key) ?? { rule, after, rounds: 0 };
      known.rounds += rounds.length;
      byRules.set(key, known);
    }
  }
  const key = (count: NotJudgedCount): string => `${orderKey(count.rule)} ${orderKey(count.after)}`;
  return [...byRules.values()].sort((a, b) => b.rounds - a.rounds || (key(a) < key(b) ? -1 : 1));
}
