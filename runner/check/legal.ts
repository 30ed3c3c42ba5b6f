/**
 * Legal decisions compared as sets (perft-style): `expect.legal` against an engine's `legal` answer.
 * @module
 */
import type { Decision, RuleId, Rules } from '../../reference/index.ts';
import type { ExpectedLegal } from '../fixture/fixture.ts';
import type { LegalDivergence } from './divergence.ts';

/** A decision as compared in a legal list: the card, and the cards it takes in sorted order (none: a trail). */
export function decisionKey(decision: Decision): string {
  const taken = Array.isArray(decision.capture) ? [...decision.capture].map(String).sort() : [];
  return taken.length === 0 ? String(decision.card) : `${String(decision.card)} ${taken.join(' ')}`;
}

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

/** Two legal lists as sets: the decisions of `expected` that `actual` lacks, and those it adds. */
export function legalDifference(expected: readonly Decision[], actual: readonly Decision[]): { missing: Decision[]; extra: Decision[] } {
  const wanted = new Set(expected.map(decisionKey));
  const listed = new Set(actual.map(decisionKey));
  return {
    missing: expected.filter((decision) => !listed.has(decisionKey(decision))),
    extra: actual.filter((decision) => !wanted.has(decisionKey(decision))),
  };
}

const uniqueDecisions = (decisions: Decision[]): Decision[] => [...new Map(decisions.map((d) => [decisionKey(d), d])).values()];

/** The rule a legal list gets wrong: the automatic capture, whether a trail is allowed, or which captures are. */
function legalRule(differing: readonly Decision[], rules: Rules): RuleId {
  if (rules.capture.chooser === 'auto') return 'CAP-AUTO';
  if (differing.some((decision) => decisionKey(decision) === String(decision.card))) return 'CAP-COMPULSION';
  return 'CAP-CHOICE';
}
