/**
 * Which expected event each event of a play is compared with (show's matcher), and a position whose legal
 * decisions differ, as a divergence.
 */
import { describe, expect, test } from 'vitest';
import type { Decision, GameEvent } from '../../reference/index.ts';
import { EventMatcher } from './event-matcher.ts';
import { compareLegal } from './legal.ts';
import { variantRules } from '../test-helpers.ts';

describe('the expected event each event of a play is compared with', () => {
  const capture: GameEvent = { type: 'capture', seat: 0, card: '7C', captured: ['7H'] };
  const sweep: GameEvent = { type: 'sweep', seat: 0, points: 1 };
  const trail: GameEvent = { type: 'trail', seat: 1, card: '9D' };

  test('all events: in order; a difference names both; an event past the list names only itself', () => {
    const matcher = new EventMatcher({ events: { match: 'all', list: [capture, sweep] } });
    expect(matcher.pair(capture)).toEqual({ compared: true, expected: capture, same: true });
    expect(matcher.compare(trail)).toEqual({ actual: trail, expected: sweep });
    expect(matcher.compare(trail)).toEqual({ actual: trail });
    expect(matcher.pair(trail)).toEqual({ compared: true, same: false });
    expect(matcher.remaining()).toEqual([]);
  });

  test('events of some types: the others are not compared and take no place', () => {
    const matcher = new EventMatcher({ events: { match: 'types', types: ['sweep'], list: [sweep, { ...sweep, points: 2 }] } });
    expect(matcher.pair(capture)).toEqual({ compared: false });
    expect(matcher.compare(capture)).toBeUndefined();
    expect(matcher.compare(sweep)).toBeUndefined();
    expect(matcher.remaining()).toEqual([{ ...sweep, points: 2 }]);
  });

  test('types not given: the types of the list, as the comparison takes them; no events expected: none compared', () => {
    const listed = new EventMatcher({ events: { match: 'types', list: [sweep] } });
    expect(listed.pair(capture)).toEqual({ compared: false });
    expect(listed.pair({ ...sweep, points: 2 })).toEqual({ compared: true, expected: sweep, same: false });
    const none = new EventMatcher({});
    expect(none.pair(capture)).toEqual({ compared: false });
    expect(none.remaining()).toEqual([]);
    const nothing = new EventMatcher(undefined);
    expect(nothing.compare(capture)).toBeUndefined();
  });

  test('what is left after the last event paired', () => {
    const matcher = new EventMatcher({ events: { match: 'all', list: [capture, sweep, trail] } });
    expect(matcher.remaining()).toEqual([capture, sweep, trail]);
    matcher.pair(capture);
    expect(matcher.remaining()).toEqual([sweep, trail]);
  });
});

describe('legal decisions that differ', () => {
  const pagat = variantRules('pagat');
  test('a position that differs: every field, repeats listed once', () => {
    const position = { round: 2, play: 5, decisions: [{ card: '7D', capture: ['3D', '4C'] }, { card: '5S' }] };
    const actual: Decision[] = [{ card: '7D', capture: ['4C', '3D'] }, { card: '7D', capture: ['7S'] }, { card: '7D', capture: ['7S'] }];
    expect(compareLegal(position, actual, pagat, 9)).toEqual({
      kind: 'legal-mismatch',
      round: 2,
      play: 5,
      eventIndex: 9,
      rule: 'CAP-COMPULSION',
      expected: position.decisions,
      actual,
      missing: [{ card: '5S' }],
      extra: [{ card: '7D', capture: ['7S'] }],
    });
    expect(compareLegal({ ...position, decisions: position.decisions.slice(0, 1) }, actual, pagat, 9)?.rule).toBe('CAP-CHOICE');
    expect(compareLegal(position, [{ card: '5S' }, { card: '7D', capture: ['3D', '4C'] }], pagat, 9)).toBeNull();
  });
});

