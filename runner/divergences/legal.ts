/**
 * Where an engine's legal decisions differ from `expect.legal`'s: what it left out, what it added, and the rule.
 * @module
 */
import { type Decision, isClaim, type RuleId, type Rules } from '../../reference/index.ts';
import type { ExpectedLegal } from '../fixture/fixture.ts';
import type { LegalDivergence } from './divergence.ts';
import { decisionKey, legalDifference } from '../verdict/legal-sets.ts';

/**
 * The engine's legal decisions at a position of `expect.legal` against the expected ones, as sets (AMB-58:
 * order is free; copies of a card are interchangeable, DECK-COPIES). `eventIndex` is where the position's play
 * shows in the engine's events.
 */
export function compareLegal(expected: ExpectedLegal, actual: readonly Decision[], rules: Rules, eventIndex: number): LegalDivergence | null {
  const { missing, extra } = legalDifference(expected.decisions, actual);
  if (missing.length === 0 && extra.length === 0) return null;
  return {
    kind: 'legal-mismatch',
    round: expected.round,
    play: expected.play,
    eventIndex,
    rule: legalRule([...missing, ...extra], rules),
    expected: expected.decisions,
    actual: [...actual],
    missing: uniqueDecisions(missing),
    extra: uniqueDecisions(extra),
  };
}

const uniqueDecisions = (decisions: Decision[]): Decision[] => [...new Map(decisions.map((d) => [decisionKey(d), d])).values()];

/** The rule a legal list gets wrong: which claims are allowed, the automatic capture, whether a trail is, or which captures are. */
function legalRule(differing: readonly Decision[], rules: Rules): RuleId {
  if (differing.some(isClaim)) return 'CAP-TABLE-CLAIM';
  if (rules.capture.chooser === 'auto') return 'CAP-AUTO';
  if (differing.some((decision) => !isClaim(decision) && (!Array.isArray(decision.capture) || decision.capture.length === 0))) return 'CAP-COMPULSION';
  return 'CAP-CHOICE';
}
