import { describe, expect, test } from 'vitest';
import { checkAgainstSchema } from './schemas.ts';

const variant = (extra: Record<string, unknown>) => ({ id: 'v', title: 'V', source: ['here'], ...extra });

describe('checkAgainstSchema', () => {
  test('names a part of a schema by its fragment', () => {
    expect(checkAgainstSchema('variant#/$defs/rulesPatch', { end: { target: 11 } })).toEqual([]);
    expect(checkAgainstSchema('variant#/$defs/rulesPatch', { end: { target: 0 } })).toEqual([
      { pointer: '/end/target', part: 'value', message: 'must be >= 1, got 0' },
    ]);
  });

  test('refuses a schema that does not exist, as a bug', () => {
    expect(() => checkAgainstSchema('fixture-of-the-future', {})).toThrow(/no schema "fixture-of-the-future"/);
  });

  test.each([
    [
      'a list of the wrong length',
      variant({ rules: { deal: { sortSuits: ['D', 'H'] } } }),
      { pointer: '/rules/deal/sortSuits', part: 'value', message: 'expected exactly 4 items, got 2' },
    ],
    [
      'an item given twice',
      variant({ rules: { end: { tieBreaks: ['coins', 'sweeps', 'coins'] } } }),
      { pointer: '/rules/end/tieBreaks', part: 'value', message: 'items 0 and 2 are the same; each may appear once' },
    ],
    [
      'an empty string',
      variant({ title: '' }),
      { pointer: '/title', part: 'value', message: 'must not be empty' },
    ],
    [
      'a key that its map does not allow',
      variant({
        options: [{ name: 'n', type: 'integer', default: 1, min: 1, max: 2, description: 'd', cases: { one: {} } }],
      }),
      {
        pointer: '/options/0/cases/one',
        part: 'key',
        message: 'invalid key "one": expected a string matching /^(0|-?[1-9][0-9]*)$/, got "one"',
      },
    ],
    [
      'a value of the wrong type',
      variant({ source: 'a string' }),
      { pointer: '/source', part: 'value', message: 'expected a list, got "a string"' },
    ],
    [
      'a key that must not be there',
      variant({
        rules: { scoring: { categories: [{ id: 'c', kind: 'most-coins', points: 1, ties: 'each', card: '7D' }] } },
      }),
      {
        pointer: '/rules/scoring/categories/0/card',
        part: 'key',
        message: 'unknown key "card" (allowed: id, kind, points, ties)',
      },
    ],
  ])('describes %s', (_, data, problem) => {
    expect(checkAgainstSchema('variant', data)).toEqual([problem]);
  });

  test('reports every problem, not only the first', () => {
    const problems = checkAgainstSchema('variant', variant({ rules: { end: { target: 0, inverse: 'no' } }, extra: 1 }));
    const pointers = problems.map((problem) => problem.pointer).sort();
    expect(pointers).toEqual(['/extra', '/rules/end/inverse', '/rules/end/target']);
  });
});
