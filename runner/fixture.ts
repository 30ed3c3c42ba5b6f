/**
 * The shape of a fixture (a golden game) and of a replay: what a fixture file holds once loaded, what an
 * engine is asked to replay, and what it answers. `spec/fixture.schema.json` is the normative form of the
 * file; `spec/INTERPRETING.md` says what each field means to an implementer.
 * @module
 */
import type { Decision, ErrorCode, GameEndReason, GameEvent, OptionValue, RuleId, Rules } from '../reference/types.ts';

export const PROVENANCE_KINDS = ['hand-verified', 'generated', 'cross-checked', 'recorded', 'fuzz'] as const;
export type ProvenanceKind = (typeof PROVENANCE_KINDS)[number];

export type Provenance =
  /** Expectations worked out by a person; `reasoning` says why each expected award is what it is. */
  | { kind: 'hand-verified'; reasoning: string }
  /** Expectations written by the reference engine (`scopa-conformance generate` / `update`). */
  | { kind: 'generated'; generator: string; seed: number; engineVersion: string }
  /** Expectations another system agreed with. */
  | { kind: 'cross-checked'; with: string; reasoning?: string }
  /**
   * What another system did, as its game log says (`scopa-conformance import`): recorded, not verified. Where the
   * reference engine disagrees, running the fixture reports it, as a finding about that system.
   */
  | { kind: 'recorded'; system: string; version: string; recordedAt?: string; note?: string }
  /** Found by `scopa-conformance fuzz` on the engine named and shrunk; expectations written by the reference engine. */
  | { kind: 'fuzz'; seed: number; engine: string; rule?: string; engineVersion: string };

/** One round's inputs: the deck orders it consumes (the first, then one per redeal) and its decisions. */
export interface FixtureRound {
  decks: string[][];
  plays: Decision[];
}

/** How the expected events are compared with an engine's. */
export const EVENT_MATCHES = ['all', 'types'] as const;
export type EventMatch = (typeof EVENT_MATCHES)[number];

export interface ExpectedEvents {
  /** `all`: the events are the whole sequence; `types`: they are the engine's events of the listed types, in order. */
  match: EventMatch;
  types?: GameEvent['type'][];
  list: GameEvent[];
}

/** Expected scoring of one round; only what is written is checked. */
export interface ExpectedRound {
  round: number;
  /** Per category id: counts and points, per side (counts per player where team cards are not pooled). */
  awards?: Record<string, { counts?: number[]; points?: number[] }>;
  points?: number[];
  totals?: number[];
  sweeps?: number[];
}

export interface ExpectedResult {
  reason?: GameEndReason;
  /** The winning side, or null for a draw. */
  winner: number | null;
  ranking?: number[];
  totals?: number[];
}

/** A negative fixture: the engine must refuse this decision with this code. Rounds and plays count from 1. */
export interface ExpectedRejection {
  round: number;
  play: number;
  code: ErrorCode;
}

/** The legal decisions before a play the fixture makes (rounds and plays from 1), compared as a set. */
export interface ExpectedLegal {
  round: number;
  play: number;
  decisions: Decision[];
}

export interface Expectations {
  events?: ExpectedEvents;
  rounds?: ExpectedRound[];
  result?: ExpectedResult;
  reject?: ExpectedRejection;
  legal?: ExpectedLegal[];
}

export interface Fixture {
  /** The path under fixtures/ without `.yaml`; stable, never reused. */
  id: string;
  title: string;
  variant: string;
  options: Record<string, OptionValue>;
  players: number;
  firstDealer?: number;
  tags: string[];
  rules: RuleId[];
  provenance: Provenance;
  rounds: FixtureRound[];
  expect: Expectations;
}

/** What an engine is asked to do with a fixture: everything it needs, the rules resolved. */
export interface ReplayRequest {
  variant: string;
  options: Record<string, OptionValue>;
  rules: Rules;
  players: number;
  firstDealer?: number;
  rounds: FixtureRound[];
}

/** Where a replay stopped early because a decision was refused. */
export interface Rejection {
  round: number;
  play: number;
  code: ErrorCode;
  message?: string;
}

/** An engine's answer: the events it produced, in order, and the refusal that stopped it, if any. */
export interface ReplayReply {
  events: GameEvent[];
  rejection?: Rejection;
  /** Set when the engine does not play this game (a variant or option it lacks): the fixture is skipped. */
  skipped?: string;
}

export function replayRequestOf(fixture: Fixture, rules: Rules): ReplayRequest {
  return {
    variant: fixture.variant,
    options: fixture.options,
    rules,
    players: fixture.players,
    ...(fixture.firstDealer === undefined ? {} : { firstDealer: fixture.firstDealer }),
    rounds: fixture.rounds,
  };
}

/** A request's inputs up to (not including) play `play` of round `round`: the position of that decision. */
export function requestBefore(request: ReplayRequest, round: number, play: number): ReplayRequest {
  const rounds = request.rounds.slice(0, round).map((input, i) => (i === round - 1 ? { ...input, plays: input.plays.slice(0, play - 1) } : input));
  return { ...request, rounds };
}
