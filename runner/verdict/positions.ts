/**
 * Where each event of a stream is, in game terms: its round, and its play within the round.
 *
 * Plays are counted within a round from 1 as the decisions that make them: play n is the round's n-th `capture`,
 * `trail` or `claim` (a claim is a decision of its own, CAP-TABLE-CLAIM, though it plays no card). Play 0 is
 * before the first play (the deal, redeals, the table bonus). Events after a play (its sweep, the next deal, and
 * after the last play the remainder and the scoring) belong to that play.
 * @module
 */
import { type Decision, type GameEvent, isClaim } from '../../reference/index.ts';

export interface EventPosition {
  round: number;
  play: number;
}

/** A card played: a capture or a trail. */
export const isPlay = (event: GameEvent): boolean => event.type === 'capture' || event.type === 'trail';

/** What a decision reports: a card played, or a claim. */
export const isDecision = (event: GameEvent): boolean => isPlay(event) || event.type === 'claim';

/**
 * The decisions an engine's count of them covers, given the event types it reports: every capture, trail and
 * claim, or only the cards played where it does not report claims (its claims then go uncounted).
 */
export const decisionCounter = (types: ReadonlySet<string>): ((event: GameEvent) => boolean) => (types.has('claim') ? isDecision : isPlay);

/** How many of a round's decisions such a count covers: all, or those that play a card. */
export const decisionsCounted = (decisions: readonly Decision[], types: ReadonlySet<string>): number =>
  types.has('claim') ? decisions.length : decisions.filter((decision) => !isClaim(decision)).length;

/**
 * Whether an engine that reports these event types tells one round from the next: every round opens with a
 * deal and closes with a round-end. Without either, its plays and sweeps cannot be given to their rounds.
 */
export const roundsToldApart = (types: ReadonlySet<string>): boolean => types.has('deal') || types.has('round-end');

/**
 * Round and play as a stream is read, event by event. A round starts where an event names a new `round`; after a
 * round-end, a play or a sweep with no deal before it (an engine that does not report deals) opens the next round.
 */
export class PositionReader implements EventPosition {
  round = 1;
  play = 0;
  private roundOver = false;

  /** Moves past `event`: `round` and `play` are then its own. */
  read(event: GameEvent): void {
    switch (event.type) {
      case 'deal':
      case 'redeal':
      case 'table-bonus':
      case 'declaration':
      case 'award':
      case 'round-end':
        if (Number.isInteger(event.round) && event.round !== this.round) {
          this.round = event.round;
          this.play = 0;
          this.roundOver = false;
        }
        break;
      case 'capture':
      case 'trail':
      case 'claim':
      case 'sweep':
        // After a round-end, a play, or a sweep before any play (a table bonus's or a declaration's, unreported),
        // is the next round's.
        if (this.roundOver) {
          this.round++;
          this.play = 0;
          this.roundOver = false;
        }
        if (event.type !== 'sweep') this.play++;
        break;
      default:
        break;
    }
    if (event.type === 'round-end') this.roundOver = true;
  }
}

/** Round and play of every event of a stream (see `PositionReader`). */
export function positionsOf(events: readonly GameEvent[]): EventPosition[] {
  const reader = new PositionReader();
  return events.map((event) => {
    reader.read(event);
    return { round: reader.round, play: reader.play };
  });
}
