/**
 * Rule coverage: for every rule id of the spec, the hand-verified fixtures that cite it and their variants, each
 * refusal code the rule can cause with the hand-verified fixtures that expect it, and each value of each knob that
 * shapes the rule with the hand-verified fixtures played with it. Generated fixtures exercise rules too, but only a
 * fixture worked out by hand pins a rule's meaning down; and engines break at the edges, so each refusal and each
 * knob value needs one.
 * @module
 */
import { ERROR_CODES, RULE_IDS, type RuleId, type Rules, TIE_POLICIES } from '../../reference/index.ts';
import { knobAt } from '../causes/knobs-read.ts';
import { CATEGORY_RULES } from '../divergences/rule-of.ts';
import type { Fixture } from '../fixture/fixture.ts';
import type { SpecText } from '../util/spec-text.ts';
import { listedRulesKnobs } from '../util/variant-schema.ts';

/** A fixture of the corpus with its rules resolved (its variant's, with its options applied). */
export interface CoveredFixture {
  fixture: Fixture;
  rules: Rules;
}

export interface RuleCoverage {
  rule: RuleId;
  fixtures: string[];
  variants: string[];
  /** Each refusal code the rule can cause that a fixture can expect, with the hand-verified fixtures of the rule expecting it. */
  refusals: { code: string; fixtures: string[] }[];
  /** The refusal codes the rule can cause that no fixture can expect, each with why. */
  outsideFixtures: { code: string; why: string }[];
  /** The knobs that shape the rule (their coverage is in `Coverage.knobs`). */
  knobs: string[];
}

export type KnobValue = string | boolean;

export interface KnobCoverage {
  /** A rules path (`capture.mode`), or `scoring.categories.<kind>.ties` for the tie policy of a category kind. */
  knob: string;
  rules: RuleId[];
  /** Each value the variants or the corpus play, with the hand-verified fixtures citing one of `rules` played with it. */
  values: { value: KnobValue; fixtures: string[] }[];
}

export interface Coverage {
  rules: RuleCoverage[];
  knobs: KnobCoverage[];
  /** What has no hand-verified fixture, one sentence each: a rule, a refusal a rule can cause, a knob value played. */
  gaps: string[];
}

/**
 * Why a decision-stage code is out of a fixture's reach: a fixture's inputs are fed only while the game waits for
 * them, and an input the replay never reaches makes the fixture invalid.
 */
const UNREACHABLE_DECISIONS: Record<string, string> = {
  GAME_OVER: "a fixture's inputs end with the game",
  DECK_NEEDED: 'a fixture gives a deck order whenever the game waits for one',
};

/** Why no fixture can expect a code, or undefined if one can (`expect.reject` names a decision). */
function outOfReach(code: string, stage: string): string | undefined {
  if (stage !== 'decision') return `refused at the ${stage} stage, before any decision a fixture names`;
  return UNREACHABLE_DECISIONS[code];
}

/** A knob with listed values, and the values a set of rules plays (several where it has two categories of one kind). */
interface CountedKnob {
  knob: string;
  rules: RuleId[];
  listed: readonly KnobValue[];
  valuesOf: (rules: Rules) => KnobValue[];
}

/** The tie policy knob of each category kind that has one, in the rules given. */
function tieKnobs(played: readonly Rules[]): CountedKnob[] {
  const kinds = new Set(played.flatMap((rules) => rules.scoring.categories.filter((category) => category.ties !== undefined).map((category) => category.kind)));
  return [...kinds].map((kind) => ({
    knob: `scoring.categories.${kind}.ties`,
    rules: [CATEGORY_RULES[kind], 'SCORE-TIES'],
    listed: TIE_POLICIES,
    valuesOf: (rules) => rules.scoring.categories.flatMap((category) => (category.kind === kind && category.ties !== undefined ? [category.ties] : [])),
  }));
}

/** Every knob with listed values: the rules' (spec/variant.schema.json) and each category kind's tie policy. */
function listedKnobs(played: readonly Rules[]): CountedKnob[] {
  const isRule = (id: string): id is RuleId => (RULE_IDS as readonly string[]).includes(id);
  const rulesKnobs = listedRulesKnobs().map(({ path, values, rules }) => ({
    knob: path,
    rules: rules.filter(isRule),
    listed: values,
    valuesOf: (of: Rules) => [knobAt(of, path) as KnobValue],
  }));
  return [...rulesKnobs, ...tieKnobs(played)];
}

/**
 * The coverage of the corpus. `variantRules` are the variants' rules as they play by default: a knob value they or
 * the corpus play needs a hand-verified fixture; one nothing plays is not counted.
 */
export function ruleCoverage(corpus: readonly CoveredFixture[], variantRules: readonly Rules[], spec: Pick<SpecText, 'rules' | 'errorRegistry'>): Coverage {
  const unlisted = ERROR_CODES.filter((code) => !spec.errorRegistry.has(code));
  if (unlisted.length > 0) throw new Error(`spec/rules.md's error registry (section 16) does not list ${unlisted.join(', ')}: coverage cannot be counted`);
  const handVerified = corpus.filter(({ fixture }) => fixture.provenance.kind === 'hand-verified');
  const ids = (entries: readonly CoveredFixture[]): string[] => entries.map(({ fixture }) => fixture.id).sort();
  const uncitedRules: string[] = [];
  const refusalGaps: string[] = [];
  const knobGaps: string[] = [];

  const played = [...variantRules, ...corpus.map(({ rules }) => rules)];
  const knobs: KnobCoverage[] = listedKnobs(played).flatMap(({ knob, rules, listed, valuesOf }) => {
    const seen = new Set(played.flatMap(valuesOf));
    const citing = handVerified.filter(({ fixture }) => fixture.rules.some((rule) => rules.includes(rule)));
    const values = listed
      .filter((value) => seen.has(value))
      .map((value) => ({ value, fixtures: ids(citing.filter((entry) => valuesOf(entry.rules).includes(value))) }));
    for (const { value, fixtures } of values) {
      if (fixtures.length === 0) knobGaps.push(`${knob} ${String(value)}: no hand-verified fixture of ${rules.join(' or ')} plays it`);
    }
    return values.length === 0 ? [] : [{ knob, rules, values }];
  });

  const rules = RULE_IDS.map((rule): RuleCoverage => {
    const citing = handVerified.filter(({ fixture }) => fixture.rules.includes(rule));
    if (citing.length === 0) uncitedRules.push(`${rule}: no hand-verified fixture cites it`);
    const causes = [...spec.errorRegistry].filter(([code, row]) => row.rules.includes(rule) || (spec.rules.get(rule)?.errors.includes(code) ?? false));
    const refusals: RuleCoverage['refusals'] = [];
    const outsideFixtures: RuleCoverage['outsideFixtures'] = [];
    for (const [code, { stage }] of causes) {
      const why = outOfReach(code, stage);
      if (why !== undefined) {
        outsideFixtures.push({ code, why });
        continue;
      }
      const fixtures = ids(citing.filter(({ fixture }) => fixture.expect.reject?.code === code));
      if (fixtures.length === 0) refusalGaps.push(`${rule}: no hand-verified fixture expects its refusal ${code}`);
      refusals.push({ code, fixtures });
    }
    return {
      rule,
      fixtures: ids(citing),
      variants: [...new Set(citing.map(({ fixture }) => fixture.variant))].sort(),
      refusals,
      outsideFixtures,
      knobs: knobs.filter((knob) => knob.rules.includes(rule)).map((knob) => knob.knob),
    };
  });
  return { rules, knobs, gaps: [...uncitedRules, ...refusalGaps, ...knobGaps] };
}
