/**
 * Rule coverage: for every rule id of the spec, the hand-verified fixtures that cite it, and their variants.
 * Generated fixtures exercise rules too, but only a fixture worked out by hand pins a rule's meaning down.
 * @module
 */
import { RULE_IDS, type RuleId } from '../../reference/index.ts';
import type { Fixture } from '../fixture/fixture.ts';

export interface RuleCoverage {
  rule: RuleId;
  fixtures: string[];
  variants: string[];
}

export function ruleCoverage(fixtures: readonly Fixture[]): RuleCoverage[] {
  const handVerified = fixtures.filter((fixture) => fixture.provenance.kind === 'hand-verified');
  return RULE_IDS.map((rule) => {
    const citing = handVerified.filter((fixture) => fixture.rules.includes(rule));
    return {
      rule,
      fixtures: citing.map((fixture) => fixture.id).sort(),
      variants: [...new Set(citing.map((fixture) => fixture.variant))].sort(),
    };
  });
}
