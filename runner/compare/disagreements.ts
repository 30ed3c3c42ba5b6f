/**
 * The games on which engines disagree with each other. Two engines are compared on a fixture or game only where
 * both were judged on it against the same thing (`RunFixture.judgedUnder`: the same game, the same declarations,
 * the same events compared): where their declared rules coincide. They disagree when one passed and the other
 * failed, or both failed with other divergences (rule, place, expected and actual). Engines that agree are shown
 * together, one answer beside another, as Bowtie shows implementations that disagree.
 * @module
 */
import type { RuleId } from '../../reference/index.ts';
import type { FixtureResult } from '../run/outcome.ts';
import { divergenceInBrief } from '../report/card.ts';
import { codeUnitOrder } from '../util/code-unit-order.ts';
import type { EngineOutcome } from './comparison.ts';

/** One divergence of an answer, in brief. */
export interface AnswerFinding {
  rule: RuleId | null;
  round: number;
  play: number;
  /** Expected against actual, in words. */
  brief: string;
}

/** What some engines answered alike. */
export interface Answer {
  engines: string[];
  outcome: 'passed' | 'failed';
  findings: AnswerFinding[];
}

export interface Disagreement {
  id: string;
  title: string;
  variant: string;
  /** The declarations the expectations were derived under, where not the fixture's own rules. */
  derived?: string;
  /** What of the engines' events was compared, where not every event. */
  reporting?: string;
  /** Each different answer, the most engines first. */
  answers: Answer[];
}

function answerOf(result: FixtureResult): Omit<Answer, 'engines'> {
  if (result.outcome !== 'failed') return { outcome: 'passed', findings: [] };
  const findings = (result.findings ?? []).map(({ rule, divergence }) => ({ rule, round: divergence.round, play: divergence.play, brief: divergenceInBrief(divergence) }));
  return { outcome: 'failed', findings };
}

/** Every disagreement, by fixture id; where one fixture has several groups of engines judged alike, each is one. */
export function disagreementsOf(outcomes: readonly EngineOutcome[]): Disagreement[] {
  const judged = new Map<string, { engine: string; result: FixtureResult; under: string }[]>();
  for (const outcome of outcomes) {
    for (const result of outcome.summary.results) {
      const under = outcome.fixtures.get(result.id)?.judgedUnder;
      if (under === undefined || (result.outcome !== 'passed' && result.outcome !== 'failed')) continue;
      judged.set(result.id, [...(judged.get(result.id) ?? []), { engine: outcome.name, result, under }]);
    }
  }
  const found: Disagreement[] = [];
  for (const id of [...judged.keys()].sort(codeUnitOrder)) {
    const byUnder = new Map<string, { engine: string; result: FixtureResult }[]>();
    for (const entry of judged.get(id) ?? []) byUnder.set(entry.under, [...(byUnder.get(entry.under) ?? []), entry]);
    for (const group of byUnder.values()) {
      const answers = new Map<string, Answer>();
      for (const { engine, result } of group) {
        const answer = answerOf(result);
        const key = JSON.stringify(answer);
        answers.set(key, { ...answer, engines: [...(answers.get(key)?.engines ?? []), engine] });
      }
      if (answers.size < 2) continue;
      const { result } = group[0] as (typeof group)[number];
      found.push({
        id,
        title: result.title,
        variant: result.variant,
        ...(result.derived === undefined ? {} : { derived: result.derived }),
        ...(result.reporting === undefined ? {} : { reporting: result.reporting }),
        answers: [...answers.values()].sort((a, b) => b.engines.length - a.engines.length),
      });
    }
  }
  return found;
}
