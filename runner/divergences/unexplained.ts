/**
 * A failure the part-by-part comparison (compare.ts) found nothing in: the verdict failed all the same, so the
 * failure gets a finding of its own, found by the plainest means. The engine's stream and the expected one, both
 * reduced to what the engine reports, are read side by side to their first difference: an event only the engine
 * has is extra, one only the fixture has is missing, one both have at different places is misplaced. Where the
 * fixture writes no event list, what the verdict asks of the stream's shape is checked: a second `award` of a
 * category or `round-end` in a round, a second `game-end`, an event after the `game-end`.
 * @module
 */
import type { GameEvent, Rules } from '../../reference/index.ts';
import type { ExpectedEvents, Fixture, ReplayReply } from '../fixture/fixture.ts';
import { isCompared, type Reporting, reportsField } from '../profile/profile.ts';
import { sameEvent } from '../verdict/equality.ts';
import { type EventPosition, positionsOf } from '../verdict/positions.ts';
import type { VerdictPart } from '../verdict/verdict.ts';
import type { EventDivergence } from './divergence.ts';
import { eventRule } from './rule-of.ts';

/** An event of a stream with its index in the whole stream. */
interface Indexed {
  event: GameEvent;
  index: number;
}

/**
 * The divergence that explains a failed `part` of the verdict when compare.ts found none; undefined only where
 * that part cannot fail without compare.ts finding it.
 */
export function unexplainedDivergence(
  part: VerdictPart,
  fixture: Fixture,
  reply: ReplayReply,
  rules: Rules,
  reporting: Reporting,
): EventDivergence | undefined {
  const events = fixture.expect.events;
  if (part === 'events' && events !== undefined) return firstStreamDifference(events, reply.events, rules, reporting);
  return shapeProblem(reply.events, rules, reporting);
}

function firstStreamDifference(spec: ExpectedEvents, stream: readonly GameEvent[], rules: Rules, reporting: Reporting): EventDivergence | undefined {
  const chosen = spec.match === 'all' ? undefined : new Set<string>(spec.types ?? spec.list.map((event) => event.type));
  const compared = (event: GameEvent): boolean => isCompared(reporting, event.type) && (chosen === undefined || chosen.has(event.type));
  const expected: Indexed[] = [];
  spec.list.forEach((event, index) => compared(event) && expected.push({ event, index }));
  const actual: Indexed[] = [];
  stream.forEach((event, index) => compared(event) && actual.push({ event, index }));
  const same = (a: Indexed | undefined, b: Indexed | undefined): boolean =>
    a !== undefined && b !== undefined && sameEvent(a.event, b.event, reporting);
  let i = 0;
  while (i < Math.min(expected.length, actual.length) && same(expected[i], actual[i])) i++;
  if (i === expected.length && i === actual.length) return undefined;
  const e = expected[i];
  const a = actual[i];
  const elsewhere = (item: Indexed | undefined, list: readonly Indexed[]): boolean => item !== undefined && list.some((other, j) => j !== i && same(item, other));
  const positions = positionsOf(stream);
  const at = (index: number): EventPosition => positions[index] ?? positions.at(-1) ?? { round: 1, play: 0 };
  const divergence = (kind: EventDivergence['kind'], exp: Indexed | undefined, act: Indexed | undefined): EventDivergence => {
    const eventIndex = act?.index ?? a?.index ?? stream.length;
    const expectedIndex = exp?.index ?? e?.index ?? spec.list.length;
    const surroundings = { expectedStream: spec.list, expectedAt: expectedIndex, actualStream: stream, actualAt: eventIndex };
    return {
      kind,
      ...at(eventIndex),
      eventIndex,
      expectedIndex,
      rule: eventRule(exp?.event, act?.event, rules, surroundings),
      expected: exp?.event ?? null,
      actual: act?.event ?? null,
    };
  };
  // One event more on the engine's side (the rest lines up again after it), or one fewer, or two neighbours
  // swapped (both at once: the pair is named, and its rule is the more telling event's); else the first two that differ.
  const oneMore = a !== undefined && (e === undefined || same(e, actual[i + 1]));
  const oneFewer = e !== undefined && (a === undefined || same(expected[i + 1], a));
  if (oneMore && oneFewer) return divergence('misplaced-event', e, a);
  if (oneMore) return divergence(elsewhere(a, expected) ? 'misplaced-event' : 'extra-event', undefined, a);
  if (oneFewer) return divergence(elsewhere(e, actual) ? 'misplaced-event' : 'missing-event', e, undefined);
  if (elsewhere(a, expected)) return divergence('misplaced-event', undefined, a);
  if (elsewhere(e, actual)) return divergence('misplaced-event', e, undefined);
  return divergence('event-mismatch', e, a);
}

/**
 * The first event that breaks the shape of a stream: an award or round-end that names another round than the one
 * it is in, a repeated award or round-end of a round, a repeated game-end, an event after the game-end.
 */
function shapeProblem(stream: readonly GameEvent[], rules: Rules, reporting: Reporting): EventDivergence | undefined {
  const positions = positionsOf(stream);
  const seen = new Set<string>();
  let ended = false;
  for (const [index, event] of stream.entries()) {
    if (!isCompared(reporting, event.type)) continue;
    const position = positions[index] as EventPosition;
    const key =
      event.type === 'award' ? `award ${position.round} ${String(event.category)}` : event.type === 'round-end' ? `round-end ${position.round}` : event.type;
    const repeated = (event.type === 'award' || event.type === 'round-end' || event.type === 'game-end') && seen.has(key);
    const misnumbered = (event.type === 'award' || event.type === 'round-end') && event.round !== position.round && reportsField(reporting, event.type, 'round');
    if (misnumbered) {
      const surroundings = { expectedStream: stream, expectedAt: index, actualStream: stream, actualAt: index };
      const numbered = { ...event, round: position.round } as GameEvent;
      return { kind: 'event-mismatch', ...position, eventIndex: index, expectedIndex: index, rule: eventRule(numbered, event, rules, surroundings), expected: numbered, actual: event };
    }
    if (ended || repeated) {
      const surroundings = { expectedStream: stream, expectedAt: index, actualStream: stream, actualAt: index };
      return { kind: 'extra-event', ...position, eventIndex: index, expectedIndex: index, rule: eventRule(undefined, event, rules, surroundings), expected: null, actual: event };
    }
    seen.add(key);
    ended ||= event.type === 'game-end';
  }
  return undefined;
}
