import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Fixture } from '../fixture/fixture.ts';
import { globMatcher } from '../util/glob.ts';
import {
  expectedFailureOf,
  loadExpectFail,
  parseShard,
  selectFixtures,
  unknownExpectedFailures,
} from './select.ts';

/** Just what selection reads of a fixture. */
const entry = (id: string, variant = id.split('/')[0] as string, tags: string[] = []): { fixture: Fixture } => ({
  fixture: { id, variant, tags } as Fixture,
});

const CORPUS = [
  entry('pagat/sweep-point-01', 'pagat', ['sweep']),
  entry('escoba/table-bonus-01', 'escoba', ['sweep', 'opening']),
  entry('pagat/cap-rank-01', 'pagat', ['capture']),
  entry('playpalace/cap-auto-01', 'playpalace', ['capture', 'auto']),
  entry('pagat/cap-rank-02', 'pagat', ['capture']),
  entry('escoba/cap-fifteen-01', 'escoba', []),
];
const ids = (entries: { fixture: Fixture }[]): string[] => entries.map(({ fixture }) => fixture.id);

describe('selection', () => {
  test('with nothing chosen, every fixture, sorted by id', () => {
    expect(ids(selectFixtures(CORPUS, {}))).toEqual([
      'escoba/cap-fifteen-01',
      'escoba/table-bonus-01',
      'pagat/cap-rank-01',
      'pagat/cap-rank-02',
      'pagat/sweep-point-01',
      'playpalace/cap-auto-01',
    ]);
  });

  test.each([
    ['pagat/*', ['pagat/cap-rank-01', 'pagat/cap-rank-02', 'pagat/sweep-point-01']],
    ['*/cap-*', ['escoba/cap-fifteen-01', 'pagat/cap-rank-01', 'pagat/cap-rank-02', 'playpalace/cap-auto-01']],
    ['pagat/cap-rank-0?', ['pagat/cap-rank-01', 'pagat/cap-rank-02']],
    ['*-01', ['escoba/cap-fifteen-01', 'escoba/table-bonus-01', 'pagat/cap-rank-01', 'pagat/sweep-point-01', 'playpalace/cap-auto-01']],
    ['pagat', []],
    ['pagat/cap.rank-01', []],
  ])('--filter %s', (filter, expected) => {
    expect(ids(selectFixtures(CORPUS, { filter }))).toEqual(expected);
  });

  test('--tags takes a fixture with any of the tags', () => {
    expect(ids(selectFixtures(CORPUS, { tags: ['auto', 'opening'] }))).toEqual(['escoba/table-bonus-01', 'playpalace/cap-auto-01']);
  });

  test('--variant, with the other filters', () => {
    expect(ids(selectFixtures(CORPUS, { variants: ['escoba', 'playpalace'], tags: ['capture', 'sweep'] }))).toEqual([
      'escoba/table-bonus-01',
      'playpalace/cap-auto-01',
    ]);
  });

  test('--shard i/n: every n-th sorted id from the i-th', () => {
    expect(ids(selectFixtures(CORPUS, { shard: { index: 1, count: 4 } }))).toEqual(['escoba/cap-fifteen-01', 'pagat/sweep-point-01']);
    expect(ids(selectFixtures(CORPUS, { shard: { index: 4, count: 4 } }))).toEqual(['pagat/cap-rank-02']);
    expect(ids(selectFixtures(CORPUS, { filter: 'pagat/*', shard: { index: 2, count: 2 } }))).toEqual(['pagat/cap-rank-02']);
  });

  test('the shards of any selection partition it exactly, whatever the input order', () => {
    const idList = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,3}\/[a-z0-9-]{1,6}$/), { maxLength: 40 });
    fc.assert(
      fc.property(idList, fc.integer({ min: 1, max: 9 }), (list, count) => {
        const corpus = list.map((id) => entry(id));
        const whole = ids(selectFixtures(corpus, {}));
        const shards = Array.from({ length: count }, (_, i) => ids(selectFixtures([...corpus].reverse(), { shard: { index: i + 1, count } })));
        expect(shards.flat().sort()).toEqual([...whole].sort());
        expect(new Set(shards.flat()).size).toBe(whole.length);
        for (const shard of shards) expect(shard.length).toBeLessThanOrEqual(Math.ceil(whole.length / count));
      }),
    );
  });

  test.each([['0/3'], ['4/3'], ['1/0'], ['a/b'], ['1'], ['1/2/3']])('--shard %s is a usage mistake', (text) => {
    expect(() => parseShard(text)).toThrow(/--shard takes i\/n with 1 <= i <= n/);
  });

  test('globs match the whole id; characters other than * and ? are themselves', () => {
    expect(globMatcher('a+b/*')('a+b/c')).toBe(true);
    expect(globMatcher('a+b/*')('aab/c')).toBe(false);
    expect(globMatcher('x')('xx')).toBe(false);
    expect(globMatcher('p?gat/*-01')('pagat/cap-sum-01')).toBe(true);
    expect(globMatcher('p?gat/*-01')('pagat/cap-sum-02')).toBe(false);
    expect(globMatcher('*')('')).toBe(true);
    expect(globMatcher('?')('')).toBe(false);
    expect(globMatcher('a*b*c')('axxbyyc')).toBe(true);
    expect(globMatcher('a*b*c')('axxbyy')).toBe(false);
    expect(globMatcher('?')('\u{1F0A1}')).toBe(true);
  });

  test('globs a backtracking matcher would choke on are answered at once, and a glob of 60,000 stars too', () => {
    expect(globMatcher(`${'*'.repeat(10)}x`)('a'.repeat(10_000))).toBe(false);
    expect(globMatcher('*a*a*a*a*a*a*a*a*b')('a'.repeat(2_000))).toBe(false);
    expect(globMatcher('*'.repeat(60_000))('pagat/cap-sum-01')).toBe(true);
  });

  test('globs agree with a reference regular expression on random ids and globs', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ab*?]{0,6}$/), fc.stringMatching(/^[ab]{0,8}$/), (glob, id) => {
        const reference = new RegExp(`^${glob.replaceAll('*', '.*').replaceAll('?', '.')}$`, 's');
        expect(globMatcher(glob)(id)).toBe(reference.test(id));
      }),
    );
  });
});

describe('--expect-fail', () => {
  let dir: string;
  const write = async (name: string, text: string): Promise<string> => {
    const path = join(dir, name);
    await writeFile(path, text);
    return path;
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'expect-fail-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('YAML: a map from id to reason', async () => {
    const file = await write('map.yaml', '# known gaps\npagat/cap-rank-01: rank priority not done\n"escoba/*": no escoba yet\n');
    const loaded = await loadExpectFail(file);
    expect(loaded).toMatchObject({
      ok: true,
      value: { entries: [{ id: 'pagat/cap-rank-01', reason: 'rank priority not done', line: 2, col: 1 }, { id: 'escoba/*', line: 3 }] },
    });
    if (!loaded.ok) return;
    expect(expectedFailureOf(loaded.value, 'pagat/cap-rank-01')).toBe('rank priority not done');
    expect(expectedFailureOf(loaded.value, 'escoba/table-bonus-01')).toBe('no escoba yet');
    expect(expectedFailureOf(loaded.value, 'pagat/cap-rank-02')).toBeUndefined();
  });

  test('YAML: a list of {id, reason}', async () => {
    const file = await write('list.yml', '- id: pagat/cap-rank-01\n  reason: not done\n- { id: pagat/cap-rank-02, reason: nor this }\n');
    const loaded = await loadExpectFail(file);
    expect(loaded.ok && loaded.value.entries.map((e) => [e.id, e.reason, e.line])).toEqual([
      ['pagat/cap-rank-01', 'not done', 1],
      ['pagat/cap-rank-02', 'nor this', 3],
    ]);
  });

  test('plain text: one id and reason per line, # comments', async () => {
    const file = await write('list.txt', '# my engine\n\npagat/cap-rank-01   rank priority, see issue #12\n  escoba/* no escoba\n');
    const loaded = await loadExpectFail(file);
    expect(loaded.ok && loaded.value.entries).toEqual([
      { id: 'pagat/cap-rank-01', reason: 'rank priority, see issue #12', line: 3, col: 1 },
      { id: 'escoba/*', reason: 'no escoba', line: 4, col: 3 },
    ]);
  });

  test.each([
    ['no-reason.txt', 'pagat/cap-rank-01\n', 'no-reason.txt:1:1 "pagat/cap-rank-01" needs a reason after the id'],
    ['no-reason.yaml', 'pagat/cap-rank-01:\n', 'no-reason.yaml:1:1 "pagat/cap-rank-01" needs a reason (a non-empty string)'],
    ['extra-key.yaml', '- { id: a/b, reason: r, why: x }\n', 'extra-key.yaml:1:25 unknown key "why" (expected id and reason)'],
    ['scalar.yaml', 'just text\n', 'scalar.yaml:1:1 expected a map from fixture id to reason, or a list of {id, reason}'],
    ['bad.yaml', 'a: [\n', 'bad.yaml:2:1'],
  ])('%s is refused at file:line:col', async (name, text, expected) => {
    const loaded = await loadExpectFail(await write(name, text));
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    const [first] = loaded.errors;
    expect(`${first?.file.slice(dir.length + 1)}:${first?.line}:${first?.col} ${first?.message}`).toMatch(
      new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
  });

  test('a missing file is an error', async () => {
    const loaded = await loadExpectFail(join(dir, 'none.txt'));
    expect(loaded.ok).toBe(false);
  });

  test('an entry that names no known fixture is an error at its line', async () => {
    const loaded = await loadExpectFail(await write('stale.txt', 'pagat/cap-rank-01 r\npagat/gone-01 r\nnothing/* r\n'));
    if (!loaded.ok) throw new Error('not loaded');
    const known = new Set(ids(CORPUS));
    expect(unknownExpectedFailures(loaded.value, known).map((e) => `${e.line}: ${e.message}`)).toEqual([
      '2: no fixture has the id "pagat/gone-01"',
      '3: no fixture has the id "nothing/*"',
    ]);
  });
});
