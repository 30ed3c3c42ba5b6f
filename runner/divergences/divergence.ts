/**
 * What a divergence is: where an engine's reply parts from a fixture's expectations, in game terms (round and
 * play), what was expected and what came, and the rule that decides it.
 * Rounds and plays are counted as `positionsOf` (runner/verdict/positions.ts) places events.
 * @module
 */
import type { Decision, GameEvent, RuleId } from '../../reference/index.ts';
import type { ExpectedRejection, ExpectedResult, Rejection } from '../fixture/fixture.ts';
import type { VerdictPart } from '../verdict/verdict.ts';

export const DIVERGENCE_KINDS = [
  /** The engine refused an input the fixture treats as legal (or refused before the refusal expected). */
  'unexpected-rejection',
  /** The engine refused the expected decision, with another code. */
  'wrong-rejection',
  /** The engine accepted a decision it must refuse. */
  'not-rejected',
  /** The engine's reply ends, without a refusal, before the fixture's plays of a round do. */
  'stopped-early',
  /** The engine reports more plays in a round than the fixture made. */
  'extra-play',
  /** An event differs from the one expected at the same place. */
  'event-mismatch',
  /** The engine's events end before an expected event. */
  'missing-event',
  /** The engine produced an event the fixture does not expect there: after the expected ones ended, or one too many. */
  'extra-event',
  /** An event both sides have, at different places: before or after where the fixture expects it. */
  'misplaced-event',
  /** A round's sweeps per side, counted from the engine's `sweep` events, differ. */
  'sweeps-mismatch',
  /** A category's counts or points in a round differ, or its `award` is missing. */
  'award-mismatch',
  /** A round's points or totals (its `round-end`) differ, or the round has no `round-end`. */
  'round-mismatch',
  /** The game's result (its `game-end`) differs, or the game did not end. */
  'result-mismatch',
  /** At a position of `expect.legal`, the engine's legal decisions are not the ones expected. */
  'legal-mismatch',
  /** The reply fails a comparison of the verdict, and no divergence could be placed: a gap in the diagnosis. */
  'unexplained',
] as const;
export type DivergenceKind = (typeof DIVERGENCE_KINDS)[number];

interface DivergenceBase {
  /** Rounds from 1. */
  round: number;
  /** Plays within the round from 1; 0 before the first play. */
  play: number;
  /** Where the engine's events show it: an index into the reply's events, their length when they had run out. */
  eventIndex: number;
  /** The rule that decides the point, when one can be named. */
  rule?: RuleId;
}

export type EventDivergence = DivergenceBase & {
  kind: 'event-mismatch' | 'missing-event' | 'extra-event' | 'misplaced-event';
  /** Index into the fixture's expected event list. */
  expectedIndex: number;
  expected: GameEvent | null;
  actual: GameEvent | null;
};

export interface AwardFigures {
  counts?: number[];
  points?: number[];
}

export type AwardDivergence = DivergenceBase & {
  kind: 'award-mismatch';
  category: string;
  /** The first figure that differs; `missing` when the engine made no award for the category. */
  field: 'counts' | 'points' | 'missing';
  expected: AwardFigures;
  actual: { counts: number[]; points: number[] } | null;
};

export type RoundDivergence = DivergenceBase & {
  kind: 'sweeps-mismatch' | 'round-mismatch';
  field: 'sweeps' | 'points' | 'totals' | 'missing';
  /** Per side. */
  expected: number[];
  actual: number[] | null;
};

export type ResultDivergence = DivergenceBase & {
  kind: 'result-mismatch';
  field: 'reason' | 'winner' | 'totals' | 'ranking' | 'missing';
  expected: ExpectedResult;
  actual: Required<ExpectedResult> | null;
};

export type RejectionDivergence = DivergenceBase & {
  kind: 'unexpected-rejection' | 'wrong-rejection' | 'not-rejected';
  expected: ExpectedRejection | null;
  actual: Rejection | null;
};

export type PlayCountDivergence = DivergenceBase & {
  kind: 'stopped-early' | 'extra-play';
  /** Plays of the round: as the fixture makes them, and as the engine reported them. */
  expected: { plays: number };
  actual: { plays: number };
};

export type LegalDivergence = DivergenceBase & {
  kind: 'legal-mismatch';
  expected: Decision[];
  actual: Decision[];
  /** Expected decisions the engine does not list, and decisions it lists that are not expected. */
  missing: Decision[];
  extra: Decision[];
};

export type UnexplainedDivergence = DivergenceBase & {
  kind: 'unexplained';
  /** The comparison of the verdict that failed. */
  part: VerdictPart;
  expected: null;
  actual: null;
};

export type Divergence =
  | UnexplainedDivergence
  | LegalDivergence
  | EventDivergence
  | AwardDivergence
  | RoundDivergence
  | ResultDivergence
  | RejectionDivergence
  | PlayCountDivergence;
