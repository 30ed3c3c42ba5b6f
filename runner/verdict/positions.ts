/**
 * Where each event of a stream is, in game terms: its round, and its play within the round.
 *
 * Plays are counted within a round from 1: play n is the round's n-th `capture` or `trail`. Play 0 is before the
 * first play (the deal, redeals, the table bonus). Events after a play (its sweep, the next deal, and after the
 * last play the remainder and the scoring) belong to that play.
 * @module
 */
import type { GameEvent } from '../../reference/index.ts';

export interface EventPosition {
  round: number;
  play: number;
}

export const isPlay = (event: GameEvent): boolean => event.type === 'capture' || event.type === 'trail';

/**
 * Round and play of every event of a stream. A round starts where an event names a new `round`; after a
 * round-end, a play with no deal before it (an engine that does not report deals) opens the next round.
 */
export function positionsOf(events: readonly GameEvent[]): EventPosition[] {
  let round = 1;
  let play = 0;
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
