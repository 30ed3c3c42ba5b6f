/** What an adapter may answer: JSON data, and nothing JSON would drop, turn into null or {}, or fail on. */
import { expect, test } from 'vitest';
import { jsonDataProblem } from './json-data.ts';

test('plain data passes; a field that is undefined is no field', () => {
  expect(jsonDataProblem({ events: [{ type: 'trail', seat: 0, card: '7D', note: undefined }], skipped: null, ok: true }, 'it')).toBeUndefined();
  expect(jsonDataProblem(Object.assign(Object.create(null) as object, { a: [1, 'x'] }), 'it')).toBeUndefined();
});

test.each<[string, unknown, string]>([
  ['a function', { seat: () => 0 }, 'it.seat is a function'],
  ['a symbol', [Symbol('x')], 'it[0] is a symbol'],
  ['a BigInt', { round: 1n }, 'it.round is a BigInt'],
  ['NaN', { seat: Number.NaN }, 'it.seat is NaN, which JSON cannot hold'],
  ['Infinity', [Number.POSITIVE_INFINITY], 'it[0] is Infinity, which JSON cannot hold'],
  ['undefined in a list', [1, undefined], 'it[1] is undefined'],
  ['a Map', { captured: new Map() }, 'it.captured is a Map, not plain JSON data'],
  ['a Date', { at: new Date(0) }, 'it.at is a Date, not plain JSON data'],
])('%s is named where it is', (_, value, problem) => {
  expect(jsonDataProblem(value, 'it')).toBe(problem);
});

test('a cycle, and nesting past 100, are named where they start', () => {
  const cycle: Record<string, unknown> = { events: [] };
  (cycle.events as unknown[]).push({ back: cycle });
  expect(jsonDataProblem(cycle, 'it')).toBe('it.events[0].back refers back to a value that holds it (a cycle)');
  const shared = { card: '7D' };
  expect(jsonDataProblem({ a: shared, b: shared }, 'it')).toBeUndefined();
  let deep: unknown = 0;
  for (let i = 0; i < 101; i++) deep = [deep];
  expect(jsonDataProblem(deep, 'it')).toMatch(/^it(\[0\]){100} is nested more than 100 deep$/);
});
