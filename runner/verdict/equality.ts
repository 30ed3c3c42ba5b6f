/**
 * When two values, two events are the same: JSON equality, and the fields of each event type that are compared.
 * @module
 */
import type { EventType, GameEvent } from '../../reference/index.ts';
import { FULL_REPORTING, type Reporting } from '../profile/profile.ts';

/** The value if it is an array of numbers (an engine's event may carry anything in a field). */
export const numbers = (value: unknown): number[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'number') ? (value as number[]) : undefined;

/** Deep equality of JSON values; key order does not matter. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  const aKeys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const bKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/** The fields of each event type (spec/rules.md section 15); other fields an engine sends are not compared. */
export const EVENT_FIELDS: { readonly [T in EventType]: readonly string[] } = {
  deal: ['round', 'deal', 'dealer', 'hands', 'table'],
  redeal: ['round', 'rule', 'table'],
  'table-bonus': ['round', 'seat', 'cards', 'sweeps', 'points'],
  declaration: ['round', 'seat', 'kind', 'cards', 'sweeps'],
  capture: ['seat', 'card', 'captured'],
  trail: ['seat', 'card'],
  claim: ['seat', 'captured'],
  sweep: ['seat', 'points'],
  remainder: ['seat', 'cards'],
  award: ['round', 'category', 'counts', 'points'],
  'round-end': ['round', 'points', 'totals', 'eliminated'],
  'game-end': ['reason', 'winner', 'ranking', 'totals'],
};

/**
 * The event as compared: its type and vocabulary fields only. `round-end.eliminated` absent reads as empty
 * (the spec has it in inverse mode only, possibly empty).
 */
export function canonicalEvent(event: GameEvent): Record<string, unknown> {
  const fields = Object.hasOwn(EVENT_FIELDS, event.type) ? EVENT_FIELDS[event.type] : Object.keys(event);
  const source = event as unknown as Record<string, unknown>;
  const canonical: Record<string, unknown> = { type: event.type };
  for (const field of fields) if (source[field] !== undefined) canonical[field] = source[field];
  if (event.type === 'round-end' && Array.isArray(canonical.eliminated) && canonical.eliminated.length === 0) {
    delete canonical.eliminated;
  }
  return canonical;
}

/**
 * Whether two events agree on their type and vocabulary fields as the engine reports them: less the fields it
 * omits, and those it reports in no particular order compared as multisets. `canonicalEvent`'s equality, without
 * building them, where it reports everything.
 */
export function sameEvent(a: GameEvent, b: GameEvent, reporting: Reporting = FULL_REPORTING): boolean {
  if (a.type !== b.type) return false;
  if (!Object.hasOwn(EVENT_FIELDS, a.type)) return sameJson(canonicalEvent(a), canonicalEvent(b));
  for (const field of EVENT_FIELDS[a.type]) if (fieldDiffers(a, b, field, reporting)) return false;
  return true;
}

/**
 * The fields in which two events of one type differ as the engine reports them, `sameEvent`'s comparison field by
 * field: never one it omits, nor one it reports in no particular order whose items are the same.
 */
export function differingFields(a: GameEvent, b: GameEvent, reporting: Reporting = FULL_REPORTING): string[] {
  if (!Object.hasOwn(EVENT_FIELDS, a.type)) {
    const [x, y] = [canonicalEvent(a), canonicalEvent(b)];
    return [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((key) => !sameJson(x[key], y[key]));
  }
  return EVENT_FIELDS[a.type].filter((field) => fieldDiffers(a, b, field, reporting));
}

/** Whether a field of the vocabulary is compared for `a`'s type (and category) and differs between `a` and `b`. */
function fieldDiffers(a: GameEvent, b: GameEvent, field: string, reporting: Reporting): boolean {
  const omitted = reporting.omitted.get(a.type);
  if (omitted?.has(field) === true || (a.type === 'award' && omitted?.has(`${a.category}.${field}`) === true)) return false;
  const same = reporting.unordered.get(a.type)?.has(field) === true ? sameMultiset : sameJson;
  return !same(comparedValue(a as unknown as Record<string, unknown>, field), comparedValue(b as unknown as Record<string, unknown>, field));
}

/** Two lists with the same items, each as many times, in any order; anything else as JSON. */
function sameMultiset(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return sameJson(a, b);
  const sorted = (list: unknown[]): string[] => list.map((item) => JSON.stringify(item)).sort();
  return a.length === b.length && sameJson(sorted(a), sorted(b));
}

/**
 * Whether two event streams are the same, one for one: as many events, each `sameEvent` as the one at its place.
 * Every field of the vocabulary is compared (what a full-reporting engine is judged by).
 */
export function sameStreams(expected: readonly GameEvent[], actual: readonly GameEvent[]): boolean {
  if (expected.length !== actual.length) return false;
  for (let i = 0; i < expected.length; i++) if (!sameEvent(expected[i] as GameEvent, actual[i] as GameEvent)) return false;
  return true;
}

const comparedValue = (event: Record<string, unknown>, field: string): unknown => {
  const value = event[field];
  return field === 'eliminated' && Array.isArray(value) && value.length === 0 ? undefined : value;
};
