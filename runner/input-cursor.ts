/**
 * Feeding a game its fixture inputs: whenever the game waits, the next deck order of the round it is in (the
 * first, then one per redeal) or the round's next decision. Rounds and inputs count from 1.
 * @module
 */
import type { Decision, GameState } from '../reference/index.ts';
import type { FixtureRound } from './fixture.ts';

export type NextInput =
  | { kind: 'deck'; round: number; number: number; deck: string[] }
  | { kind: 'play'; round: number; number: number; decision: Decision };

export class InputCursor {
  private round = 1;
  private decksUsed = 0;
  private playsMade = 0;

  constructor(private readonly rounds: readonly FixtureRound[]) {}

  /** The input the game waits for, taken from the fixture; undefined when the game is over or the input has run out. */
  next(state: GameState): NextInput | undefined {
    if (state.status === 'over') return undefined;
    if (state.round !== this.round) {
      this.round = state.round;
      this.decksUsed = 0;
      this.playsMade = 0;
    }
    const input = this.rounds[this.round - 1];
    if (input === undefined) return undefined;
    if (state.status === 'awaiting-deck') {
      const deck = input.decks[this.decksUsed];
      if (deck === undefined) return undefined;
      return { kind: 'deck', round: this.round, number: ++this.decksUsed, deck };
    }
    const decision = input.plays[this.playsMade];
    if (decision === undefined) return undefined;
    return { kind: 'play', round: this.round, number: ++this.playsMade, decision };
  }
}
