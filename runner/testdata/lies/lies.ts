// Engines that lie subtly: the reference's events with one change a buggy event bus or scorer makes. Each lie
// returns the changed events, or undefined where the game has nothing to lie about (no sweep to move, say).
import type { GameEvent } from '../../../reference/index.ts';

type Lie = (events: readonly GameEvent[]) => GameEvent[] | undefined;

const indexOf = (events: readonly GameEvent[], type: GameEvent['type'], from = 0): number => events.findIndex((event, i) => i >= from && event.type === type);

function inserted(events: readonly GameEvent[], at: number, event: GameEvent): GameEvent[] {
  return [...events.slice(0, at), event, ...events.slice(at)];
}

function moved(events: readonly GameEvent[], from: number, to: number): GameEvent[] {
  const rest = events.filter((_, i) => i !== from);
  return inserted(rest, to > from ? to - 1 : to, events[from] as GameEvent);
}

const plusOne = (values: unknown): unknown => (Array.isArray(values) ? values.map((value) => (typeof value === 'number' ? value + 1 : value)) : values);

export const LIES: Record<string, Lie> = {
  /** The first round-end reported twice, the second with other points and totals. */
  'round-end-twice': (events) => {
    const at = indexOf(events, 'round-end');
    if (at < 0) return undefined;
    const end = events[at] as Extract<GameEvent, { type: 'round-end' }>;
    return inserted(events, at + 1, { ...end, points: plusOne(end.points), totals: plusOne(end.totals) } as GameEvent);
  },
  /** The first award reported twice, the second with other counts. */
  'award-twice': (events) => {
    const at = indexOf(events, 'award');
    if (at < 0) return undefined;
    const award = events[at] as Extract<GameEvent, { type: 'award' }>;
    return inserted(events, at + 1, { ...award, counts: plusOne(award.counts) } as GameEvent);
  },
  /** The first two awards of a round in the other order. */
  'awards-swapped': (events) => {
    const at = indexOf(events, 'award');
    if (at < 0 || events[at + 1]?.type !== 'award') return undefined;
    return moved(events, at + 1, at);
  },
  /** The first round-end before its round's awards. */
  'round-end-before-awards': (events) => {
    const end = indexOf(events, 'round-end');
    const award = indexOf(events, 'award');
    if (end < 0 || award < 0 || award > end) return undefined;
    return moved(events, end, award);
  },
  /** The first sweep reported after the next play instead of its own. */
  'sweep-moved': (events) => {
    const at = indexOf(events, 'sweep');
    const nextPlay = events.findIndex((event, i) => i > at && (event.type === 'capture' || event.type === 'trail'));
    if (at < 0 || nextPlay < 0) return undefined;
    return moved(events, at, nextPlay + 1);
  },
  /** The game-end first. */
  'game-end-first': (events) => {
    const at = indexOf(events, 'game-end');
    return at < 0 ? undefined : moved(events, at, 0);
  },
  /** The game-end twice. */
  'game-end-twice': (events) => {
    const at = indexOf(events, 'game-end');
    return at < 0 ? undefined : inserted(events, at + 1, events[at] as GameEvent);
  },
  /** Every award without its round. */
  'award-without-round': (events) => {
    if (!events.some((event) => event.type === 'award')) return undefined;
    return events.map((event) => (event.type === 'award' ? ({ ...event, round: undefined } as unknown as GameEvent) : event));
  },
  /** An award reported again after the game-end. */
  'award-after-game-end': (events) => {
    const at = indexOf(events, 'game-end');
    const award = events.findLast((event) => event.type === 'award');
    return at < 0 || award === undefined ? undefined : inserted(events, at + 1, award);
  },
};
