import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
        message: 'unknown key "card" (allowed: id, kind, points, ties, threshold)',
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

describe('the compile cache', () => {
  // Each run is a process of its own: the registry, and so the cache, is read once per process.
  const problemsIn = (cache: string): string =>
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { checkAgainstSchema } from ${JSON.stringify(new URL('./schemas.ts', import.meta.url).href)};
         const bad = { id: 'x', title: '', variant: 'pagat', extra: 1, rounds: [], expect: {} };
         console.log(JSON.stringify([checkAgainstSchema('fixture', bad), checkAgainstSchema('variant#/$defs/rulesPatch', { end: { target: 0 } }), checkAgainstSchema('profile', { variants: 3 })]));`,
      ],
      { env: { ...process.env, SCOPA_CONFORMANCE_CACHE: cache }, encoding: 'utf8' },
    );

  test('written on first use, read after: the same problems as compiling, and nothing written when off', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scopa-schema-cache-'));
    try {
      const compiledLive = problemsIn('off');
      expect(JSON.parse(compiledLive)[0].length).toBeGreaterThan(0);
      expect(problemsIn(dir)).toBe(compiledLive);
      const written = await readdir(dir);
      expect(written).toHaveLength(1);
      expect(written[0]).toMatch(/^schemas-[0-9a-f]{20}\.cjs$/);
      const file = join(dir, written[0] as string);
      const before = await stat(file);
      expect(problemsIn(dir)).toBe(compiledLive);
      expect(await readdir(dir)).toEqual(written);
      // Read, not made again: a new cache file would have been renamed into place, a new inode.
      expect((await stat(file)).ino).toBe(before.ino);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
