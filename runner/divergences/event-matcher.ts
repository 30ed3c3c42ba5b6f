/**
 * Which of a fixture's expected events each event of a play is compared with (INTERPRETING.md, `expect.events`):
 * in order, skipping the types `match: types` leaves out. What `show` sets beside the reference's play and an engine's.
 * @module
 */
import type { GameEvent } from '../../reference/index.ts';
import { sameEvent } from '../verdict/equality.ts';
import type { Expectations } from '../fixture/fixture.ts';

/** An event as compared: not at all (its type is not compared), or with the expected event at its place (none left). */
export type EventPairing = { compared: false } | { compared: true; expected?: GameEvent; same: boolean };

/** An event the fixture expects where the play did something else (or nothing). */
export interface EventDifference {
  /** The event played; absent where the fixture expects an event that did not come. */
  actual?: GameEvent;
  /** The fixture's event; absent where the fixture expects no more events. */
  expected?: GameEvent;
}

export class EventMatcher {
  private readonly list: GameEvent[];
  private readonly types: Set<string> | undefined;
  private next = 0;

  constructor(expected: Expectations | undefined) {
    this.list = expected?.events?.list ?? [];
    const events = expected?.events;
    // `match: types` without its types (the schema requires them) compares the list's types, as compare.ts does.
    this.types = events === undefined ? new Set() : events.match === 'types' ? new Set(events.types ?? events.list.map((event) => event.type)) : undefined;
  }

  /** The next event of the play, paired with the expected event at its place. */
  pair(actual: GameEvent): EventPairing {
    if (this.types !== undefined && !this.types.has(actual.type)) return { compared: false };
    const expected = this.list[this.next++];
    if (expected === undefined) return { compared: true, same: false };
    return { compared: true, expected, same: sameEvent(expected, actual) };
  }

  /** The difference the fixture expects at this event, if any. */
  compare(actual: GameEvent): EventDifference | undefined {
    const pairing = this.pair(actual);
    if (!pairing.compared || pairing.same) return undefined;
    return pairing.expected === undefined ? { actual } : { actual, expected: pairing.expected };
  }

  /** The expected events after the last one paired. */
  remaining(): GameEvent[] {
    return this.list.slice(this.next);
  }
}
