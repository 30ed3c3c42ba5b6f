/**
 * Equality as the verdict reads it: JSON values, an event's compared fields, streams one for one; legal lists as
 * sets; where each event of a stream is in game terms.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Decision, GameEvent } from '../../reference/index.ts';
import { reportingOf } from '../profile/profile.ts';
import { SPEC_DIR } from '../util/repo-paths.ts';
import { decisionKey, legalDifference, sameLegalSet } from './legal-sets.ts';
import { isPlay, positionsOf } from './positions.ts';
import { canonicalEvent, EVENT_FIELDS, numbers, sameEvent, sameJson, sameStreams } from './equality.ts';

describe('JSON equality', () => {
  test.each<[string, unknown, unknown, boolean]>([
    ['the same number', 1, 1, true],
    ['two numbers', 1, 2, false],
    ['a number and its string', 1, '1', false],
    ['null and null', null, null, true],
    ['null and an object', null, {}, false],
    ['an object and null', {}, null, false],
    ['an object and a number', {}, 0, false],
    ['a number and an object', 0, {}, false],
    ['a list with an undefined item and a shorter one (an adapter may send one)', [1, undefined], [1], false],
    ['a list and an object with its keys', [1], { 0: 1 }, false],
    ['an object and a list', { 0: 1 }, [1], false],
    ['lists with the same items', [1, [2, 3]], [1, [2, 3]], true],
    ['lists of different lengths', [1, 2], [1, 2, 3], false],
    ['a longer list first', [1, 2, 3], [1, 2], false],
    ['lists that differ in their last item', [1, 2, 3], [1, 2, 4], false],
    ['objects in another key order', { a: 1, b: [2] }, { b: [2], a: 1 }, true],
    ['an undefined key is no key', { a: 1, b: undefined }, { a: 1 }, true],
    ['and the other way round', { a: 1 }, { a: 1, b: undefined }, true],
    ['a key more', { a: 1 }, { a: 1, b: 2 }, false],
    ['a key fewer', { a: 1, b: 2 }, { a: 1 }, false],
    ['the same number of keys, other names', { a: 1 }, { b: 1 }, false],
    ['a nested difference', { a: { b: 1 } }, { a: { b: 2 } }, false],
  ])('%s', (_, a, b, same) => {
    expect(sameJson(a, b)).toBe(same);
  });

  test('numbers: a list of numbers, or nothing', () => {
    expect(numbers([1, 2])).toEqual([1, 2]);
    expect(numbers([])).toEqual([]);
    expect(numbers([1, '2'])).toBeUndefined();
    expect(numbers('12')).toBeUndefined();
    expect(numbers(undefined)).toBeUndefined();
  });
});

describe('events as compared', () => {
  const capture = { type: 'capture', seat: 0, card: '7C', captured: ['7H'], rule: 'CAP-SUM', note: 'x' } as unknown as GameEvent;

  test('the compared fields of every event type: its fields in the fixture schema, in their order, but its type', () => {
    const schema = JSON.parse(readFileSync(join(SPEC_DIR, 'fixture.schema.json'), 'utf8')) as {
      $defs: { event: { oneOf: { properties: Record<string, { const?: string }> }[] } };
    };
    const written = schema.$defs.event.oneOf.map(({ properties: { type, ...fields } }) => [type?.const, Object.keys(fields)]);
    expect(written.length).toBe(12);
    expect(EVENT_FIELDS).toEqual(Object.fromEntries(written));
  });

  test('an event as compared: its type and vocabulary fields, in that order; no empty eliminations', () => {
    const canonical = canonicalEvent(capture);
    expect(canonical).toEqual({ type: 'capture', seat: 0, card: '7C', captured: ['7H'] });
    expect(Object.keys(canonical)).toEqual(['type', 'seat', 'card', 'captured']);
    expect(canonicalEvent({ type: 'trail', seat: 0 } as GameEvent)).toStrictEqual({ type: 'trail', seat: 0 });
    expect(canonicalEvent({ type: 'round-end', round: 1, points: [1], totals: [1], eliminated: [] })).toEqual({ type: 'round-end', round: 1, points: [1], totals: [1] });
    expect(canonicalEvent({ type: 'round-end', round: 1, points: [1], totals: [1], eliminated: [0] })).toEqual({ type: 'round-end', round: 1, points: [1], totals: [1], eliminated: [0] });
    expect(canonicalEvent({ type: 'award', round: 1, category: 'c', counts: [], points: [], eliminated: [] } as unknown as GameEvent)).toEqual({
      type: 'award',
      round: 1,
      category: 'c',
      counts: [],
      points: [],
    });
    expect(canonicalEvent({ type: 'mystery', a: 1, b: [], eliminated: [] } as unknown as GameEvent)).toEqual({ type: 'mystery', a: 1, b: [], eliminated: [] });
  });

  test.each<[string, GameEvent, GameEvent, boolean]>([
    ['other fields are not compared', capture, { type: 'capture', seat: 0, card: '7C', captured: ['7H'] }, true],
    ['a compared field differs', capture, { type: 'capture', seat: 0, card: '7C', captured: ['7S'] }, false],
    ['the first compared field differs', capture, { type: 'capture', seat: 1, card: '7C', captured: ['7H'] }, false],
    ['another type', { type: 'trail', seat: 0, card: '7C' }, { type: 'sweep', seat: 0, points: 1 } as GameEvent, false],
    ['another type with the same fields', { type: 'sweep', seat: 0, points: 1 }, { type: 'trail', seat: 0, points: 1 } as unknown as GameEvent, false],
    ['an absent eliminations is an empty one', { type: 'round-end', round: 1, points: [1], totals: [1] }, { type: 'round-end', round: 1, points: [1], totals: [1], eliminated: [] }, true],
    ['eliminations that differ', { type: 'round-end', round: 1, points: [1], totals: [1] }, { type: 'round-end', round: 1, points: [1], totals: [1], eliminated: [1] }, false],
    ['an empty list elsewhere is a value', { type: 'remainder', seat: 0, cards: [] }, { type: 'remainder', seat: 0 } as GameEvent, false],
    ['unknown types: every field', { type: 'mystery', a: 1 } as unknown as GameEvent, { type: 'mystery', a: 1 } as unknown as GameEvent, true],
    ['unknown types that differ', { type: 'mystery', a: 1 } as unknown as GameEvent, { type: 'mystery', a: 2 } as unknown as GameEvent, false],
  ])('%s', (_, a, b, same) => {
    expect(sameEvent(a, b)).toBe(same);
    expect(sameEvent(b, a)).toBe(same);
  });

  test('fields the engine does not report are left out', () => {
    const a: GameEvent = { type: 'award', round: 1, category: 'cards', counts: [20, 20], points: [0, 0] };
    const b: GameEvent = { type: 'award', round: 1, category: 'cards', counts: [21, 19], points: [0, 0] };
    const omitting = (field: string) => reportingOf({ events: ['award'], omit: [`award.${field}`] });
    expect(sameEvent(a, b, omitting('counts'))).toBe(true);
    expect(sameEvent(a, b, omitting('points'))).toBe(false);
    expect(sameEvent(a, { ...b, points: [1, 0] }, omitting('counts'))).toBe(false);
  });

  test('captured cards reported in no particular order: the same cards in any order, and only where declared', () => {
    const taken: GameEvent = { type: 'capture', seat: 0, card: '10C', captured: ['2D', '3C', '4H', '1S'] };
    const permuted: GameEvent = { ...taken, captured: ['1S', '4H', '2D', '3C'] };
    const unordered = reportingOf('events', ['capture.captured']);
    expect(sameEvent(taken, permuted, unordered)).toBe(true);
    expect(sameEvent(taken, permuted)).toBe(false);
    expect(sameEvent(taken, { ...taken, captured: ['1S', '4H', '2D', '3D'] }, unordered)).toBe(false);
    expect(sameEvent(taken, { ...taken, captured: ['1S', '4H', '2D'] }, unordered)).toBe(false);
    expect(sameEvent({ ...taken, captured: ['2D', '2D', '3C'] }, { ...taken, captured: ['2D', '3C', '3C'] }, unordered)).toBe(false);
    expect(sameEvent({ ...taken, card: '9C' }, permuted, unordered)).toBe(false);
  });

  test('streams: as many events, each the same as the one at its place', () => {
    const trail: GameEvent = { type: 'trail', seat: 1, card: '7H' };
    expect(sameStreams([capture, trail], [{ ...capture, note: 'y' } as unknown as GameEvent, trail])).toBe(true);
    expect(sameStreams([], [])).toBe(true);
    expect(sameStreams([capture, trail], [capture])).toBe(false);
    expect(sameStreams([capture], [capture, trail])).toBe(false);
    expect(sameStreams([capture, trail], [capture, { ...trail, card: '9D' }])).toBe(false);
    expect(sameStreams([trail, capture], [capture, trail])).toBe(false);
  });
});

describe('legal decisions as sets', () => {
  test('a decision\'s key: the card, the value it is named as, and what it takes in card order', () => {
    expect(decisionKey({ card: '7D', capture: ['4C', '3D'] })).toBe('["7D",null,"3D","4C"]');
    expect(decisionKey({ card: '7D', capture: [] })).toBe('["7D",null]');
    expect(decisionKey({ card: '7D' })).toBe('["7D",null]');
    expect(decisionKey({ card: '7D', capture: 'all' as never })).toBe('["7D",null]');
    // A wild card named its own value is the same decision as one named nothing; named another, another decision.
    expect(decisionKey({ card: '7H', as: 7, capture: ['3D', '4C'] })).toBe(decisionKey({ card: '7H', capture: ['4C', '3D'] }));
    expect(decisionKey({ card: '7H', as: 1, capture: ['3D', '4C'] })).toBe('["7H",1,"3D","4C"]');
    expect(decisionKey({ card: '7H', as: 1 })).not.toBe(decisionKey({ card: '7H', as: 2 }));
    // No string an engine sends makes two decisions one: a card and its capture joined into one card is another key.
    expect(decisionKey({ card: '7D 3C 4S' })).not.toBe(decisionKey({ card: '7D', capture: ['3C', '4S'] }));
    expect(decisionKey({ card: '7D', capture: ['3C 4S'] })).not.toBe(decisionKey({ card: '7D', capture: ['3C', '4S'] }));
  });

  test('what is missing and what is extra, with repeats', () => {
    const expected: Decision[] = [{ card: '7D', capture: ['3D', '4C'] }, { card: '5S' }, { card: '5S' }];
    const actual: Decision[] = [{ card: '7D', capture: ['4C', '3D'] }, { card: '1C' }, { card: '1C' }];
    expect(legalDifference(expected, actual)).toEqual({ missing: [{ card: '5S' }, { card: '5S' }], extra: [{ card: '1C' }, { card: '1C' }] });
    expect(legalDifference(expected, [...expected].reverse())).toEqual({ missing: [], extra: [] });
  });

  test('the same set whatever the order, the order of a capture\'s cards, or repeats', () => {
    expect(sameLegalSet([{ card: '7D', capture: ['3D', '4C'] }, { card: '5S' }], [{ card: '5S', capture: [] }, { card: '7D', capture: ['4C', '3D'] }, { card: '5S' }])).toBe(true);
    expect(sameLegalSet([{ card: '7D', capture: ['3D', '4C'] }], [{ card: '7D', capture: ['3D', '4C'] }, { card: '7D' }])).toBe(false);
    expect(sameLegalSet([{ card: '7D' }], [])).toBe(false);
  });
});

describe('where each event is', () => {
  const deal = (round: number): GameEvent => ({ type: 'deal', round, deal: 1, dealer: 0, hands: [], table: [] });
  const trail: GameEvent = { type: 'trail', seat: 0, card: '7D' };
  const roundEnd = (round: number): GameEvent => ({ type: 'round-end', round, points: [0], totals: [0] });
  const where = (events: GameEvent[]): string[] => positionsOf(events).map(({ round, play }) => `${round}.${play}`);

  test('a deal, redeal, table bonus, award or round-end of another round opens it', () => {
    expect(where([deal(1), trail, trail, roundEnd(1), deal(2), trail])).toEqual(['1.0', '1.1', '1.2', '1.2', '2.0', '2.1']);
    expect(where([trail, { type: 'redeal', round: 2, rule: 'TABLE-REDEAL-KINGS', table: [] }, trail])).toEqual(['1.1', '2.0', '2.1']);
    expect(where([trail, { type: 'table-bonus', round: 3, seat: 0, cards: [], sweeps: 0 }, trail])).toEqual(['1.1', '3.0', '3.1']);
    expect(where([trail, { type: 'award', round: 2, category: 'c', counts: [], points: [] }, trail])).toEqual(['1.1', '2.0', '2.1']);
  });

  test('a play or a sweep after a round-end with no deal opens the next round; events of the same round or a non-integer round do not', () => {
    // A sweep before any play of a round is its table bonus's, the table-bonus event not reported.
    expect(where([trail, roundEnd(1), trail, trail, roundEnd(2), { type: 'sweep', seat: 0, points: 1 }, trail])).toEqual(['1.1', '1.1', '2.1', '2.2', '2.2', '3.0', '3.1']);
    expect(where([trail, { type: 'sweep', seat: 0, points: 1 }, roundEnd(1), trail])).toEqual(['1.1', '1.1', '1.1', '2.1']);
    expect(where([trail, deal(1), trail])).toEqual(['1.1', '1.1', '1.2']);
    expect(where([trail, { ...deal(1), round: 1.5 } as GameEvent, trail])).toEqual(['1.1', '1.1', '1.2']);
    expect(where([trail, roundEnd(1), deal(1), trail])).toEqual(['1.1', '1.1', '1.1', '2.1']);
  });

  test('plays are captures and trails', () => {
    const events: GameEvent[] = [trail, { type: 'capture', seat: 0, card: '7D', captured: [] }, deal(1), { type: 'sweep', seat: 0, points: 1 }];
    expect(events.map(isPlay)).toEqual([true, true, false, false]);
  });
});
