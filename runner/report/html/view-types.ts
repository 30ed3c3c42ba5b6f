/**
 * The data of the HTML report's game viewer: built by game-view.ts, embedded in the page as JSON, read by
 * viewer.js (which type-checks against these types: runner/report/html/tsconfig.json).
 * @module
 */
import type { GameEvent } from '../../../reference/types.ts';

/** What the page embeds: one game view per failure that carries its game. */
export interface ReportData {
  games: GameView[];
}

export interface ViewStep {
  round: number;
  /** 0: the deal (and redeals, a table bonus); n: the round's n-th play. */
  play: number;
  label: string;
}

export interface ViewFinding {
  /** Index into the steps. */
  step: number;
  /** The rule id, or `no single rule`. */
  rule: string;
  /** The rule with its title. */
  name: string;
  link: string;
  about?: string;
  expected: string;
  actual: string;
  /** The engine's event where it shows (an index into its events; their length when they had run out). */
  eventIndex: number;
  report: string;
}

/** A stream's events in words, each at its step; where the stream stopped on a refusal, that too. */
export interface ViewStream {
  events: { step: number; text: string }[];
  refusal?: { step: number; text: string };
}

export interface GameView {
  players: number;
  sides: number;
  steps: ViewStep[];
  /** The reference engine's play of the inputs; each event also as data, to lay out the table and the hands. */
  reference: ViewStream & { data: GameEvent[] };
  engine: ViewStream;
  findings: ViewFinding[];
}

