/**
 * What a divergence is: where an engine's reply parts from a fixture's expectations, in game terms (round and
 * play), what was expected and what came, and the rule that decides it.
 *
 * Plays are counted within a round from 1: play n is the round's n-th `capture` or `trail`. Play 0 is before the
 * first play (the deal, redeals, the table bonus). Events after a play (its sweep, the next deal, and after the
 * last play the remainder and the scoring) belong to that play.
 * @module
 */
import type { Decision, GameEvent, RuleId } from '../../reference/index.ts';
import type { ExpectedRejection, ExpectedResult, Rejection } from '../fixture/fixture.ts';

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
  /** The engine produced an event after the expected ones ended. */
  'extra-event',
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
  kind: 'event-mismatch' | 'missing-event' | 'extra-event';
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

export type Divergence =
  | LegalDivergence
  | EventDivergence
  | AwardDivergence
  | RoundDivergence
  | ResultDivergence
  | RejectionDivergence
  | PlayCountDivergence;

/** Where each event of a stream is, in game terms. */
export interface EventPosition {
  round: number;
  play: number;
}

/** Round and play of every event of a stream (see the module comment for how plays are counted). */
export function positionsOf(events: readonly GameEvent[]): EventPosition[] {
  let round = 1;
  let play = 0;
  // After a round-end, a play with no deal before it (an engine that does not report deals) opens the next round.
  let roundOver = false;
  return events.map((event) => {
    switch (event.type) {
      case 'deal':
      case 'redeal':
      case 'table-bonus':
      case 'award':
      case 'round-end':
        if (Number.isInteger(event.round) && event.round !== round) {
          round = event.round;
          play = 0;
          roundOver = false;
        }
        break;
      case 'capture':
      case 'trail':
        if (roundOver) {
          round++;
          play = 0;
          roundOver = false;
        }
        play++;
        break;
      default:
        break;
    }
    if (event.type === 'round-end') roundOver = true;
    return { round, play };
  });
}

export const isPlay = (event: GameEvent): boolean => event.type === 'capture' || event.type === 'trail';
