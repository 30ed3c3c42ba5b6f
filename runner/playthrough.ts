/**
 * A game played step by step on the reference engine, keeping the state after every step: what `score` and
 * `show` print. The inputs are fed exactly as `replayOnReference` feeds them (a deck order whenever the game
 * waits for one, the round's decisions otherwise); this keeps what that answer leaves out.
 * @module
 */
import {
  applyDecision,
  startGame,
  supplyDeck,
  type Decision,
  type GameEvent,
  type GameSetup,
  type GameState,
  type Result,
  type RuleError,
  type Rules,
} from '../reference/index.ts';
import { InputCursor } from './input-cursor.ts';
import type { FixtureRound, Rejection } from './fixture.ts';
import { pointerTo } from './load/yaml-source.ts';

export type StepKind = 'deck' | 'play';

export interface PlayedStep {
  kind: StepKind;
  round: number;
  /** The deck order's or the decision's number within its round, from 1. */
  number: number;
  /** Where the input is written in a game file (`/rounds/0/plays/2`). */
  pointer: string;
  /** The decision played (kind `play` only). */
  decision?: Decision;
  /** The state after the step. */
  state: GameState;
  events: GameEvent[];
}

/** An input the reference engine refused; the play-through stopped there. */
export interface Refusal {
  kind: StepKind;
  round: number;
  number: number;
  pointer: string;
  decision?: Decision;
  error: RuleError;
}

export interface Playthrough {
  /** The state before the first deck order. */
  start: GameState;
  steps: PlayedStep[];
  /** The state after the last step that was accepted. */
  final: GameState;
  refusal?: Refusal;
}

/** Plays the inputs until the game is over, an input is refused, or the inputs run out. Refuses a bad setup. */
export function playThrough(rules: Rules, setup: GameSetup, rounds: readonly FixtureRound[]): Result<Playthrough> {
  const started = startGame(rules, setup);
  if (!started.ok) return started;
  const steps: PlayedStep[] = [];
  let state = started.value;
  const inputs = new InputCursor(rounds);
  for (let input = inputs.next(state); input !== undefined; input = inputs.next(state)) {
    const { round, number } = input;
    if (input.kind === 'deck') {
      const pointer = pointerTo('rounds', round - 1, 'decks', number - 1);
      const step = supplyDeck(state, input.deck);
      if (!step.ok) {
        const refusal = { kind: 'deck', round, number, pointer, error: step.error } as const;
        return { ok: true, value: { start: started.value, steps, final: state, refusal } };
      }
      state = step.value.state;
      steps.push({ kind: 'deck', round, number, pointer, state, events: step.value.events });
    } else {
      const { decision } = input;
      const pointer = pointerTo('rounds', round - 1, 'plays', number - 1);
      const step = applyDecision(state, decision);
      if (!step.ok) {
        const refusal = { kind: 'play', round, number, pointer, decision, error: step.error } as const;
        return { ok: true, value: { start: started.value, steps, final: state, refusal } };
      }
      state = step.value.state;
      steps.push({ kind: 'play', round, number, pointer, decision, state, events: step.value.events });
    }
  }
  return { ok: true, value: { start: started.value, steps, final: state } };
}

/** Every event of a play-through, in order. */
export const eventsOf = (playthrough: Playthrough): GameEvent[] => playthrough.steps.flatMap((step) => step.events);

/** A refusal as a replay reports it: a refused deck order is play 0 of its round. */
export function rejectionOf(refusal: Refusal): Rejection {
  const play = refusal.kind === 'play' ? refusal.number : 0;
  return { round: refusal.round, play, code: refusal.error.code, message: refusal.error.message };
}
