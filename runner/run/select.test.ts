import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Fixture } from '../fixture/fixture.ts';
import { globMatcher } from '../util/glob.ts';
import { UsageError } from '../cli/command.ts';
import { MAX_FILE_BYTES } from '../util/files.ts';
import {
  byId,
  expectedFailureOf,
  loadExpectFail,
  parseShard,
  selectFixtures,
  splitList,
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

describe('selection, edge by edge', () => {
  test.each([
    ['1/1', { index: 1, count: 1 }],
    ['1/2', { index: 1, count: 2 }],
    ['2/2', { index: 2, count: 2 }],
    ['12/34', { index: 12, count: 34 }],
  ])('--shard %s', (text, shard) => {
    expect(parseShard(text)).toEqual(shard);
  });

  test.each([['2/1'], ['1/99999999999999999999'], [' 1/2'], ['1/2 '], ['-1/2'], ['1.5/2']])('--shard %j is refused, quoted', (text) => {
    expect(() => parseShard(text)).toThrow(new UsageError(`--shard takes i/n with 1 <= i <= n (for example 2/4), got "${text}"`));
  });

  test('a comma list: trimmed, empty items dropped', () => {
    expect(splitList(' a,b , ,c,')).toEqual(['a', 'b', 'c']);
    expect(splitList('')).toEqual([]);
  });

  test('by id, then by file; the same id and file are equal', () => {
    const at = (id: string, file?: string) => ({ fixture: { id } as Fixture, ...(file === undefined ? {} : { file }) });
    const entries = [at('b', 'z.yaml'), at('a', 'y.yaml'), at('b', 'a.yaml'), at('a'), at('c', 'c.yaml')];
    expect([...entries].sort(byId).map(({ fixture, file }) => `${fixture.id} ${file ?? '-'}`)).toEqual(['a -', 'a y.yaml', 'b a.yaml', 'b z.yaml', 'c c.yaml']);
    expect(byId(at('a', 'f'), at('a', 'f'))).toBe(0);
    expect(byId(at('b'), at('a'))).toBe(1);
    expect(byId(at('a'), at('b'))).toBe(-1);
    expect(byId(at('a', 'g'), at('a', 'f'))).toBe(1);
    expect(byId(at('a', 'f'), at('a', 'g'))).toBe(-1);
  });

  test('an entry with no file comes before those of its id with one, whatever the file name and the input order', () => {
    const at = (file?: string) => ({ fixture: { id: 'a' } as Fixture, ...(file === undefined ? {} : { file }) });
    const sorted = (entries: ReturnType<typeof at>[]) => [...entries].sort(byId).map(({ file }) => file ?? '-');
    expect(sorted([at('B.yaml'), at()])).toEqual(['-', 'B.yaml']);
    expect(sorted([at(), at('B.yaml')])).toEqual(['-', 'B.yaml']);
    expect(sorted([at('~.yaml'), at()])).toEqual(['-', '~.yaml']);
    expect(sorted([at(), at('~.yaml')])).toEqual(['-', '~.yaml']);
  });
});

describe('--expect-fail lists, edge by edge', () => {
  let dir: string;
  const write = async (name: string, text: string): Promise<string> => {
    const path = join(dir, name);
    await writeFile(path, text);
    return path;
  };
  const errorsOf = async (name: string, text: string): Promise<string[]> => {
    const loaded = await loadExpectFail(await write(name, text));
    return loaded.ok ? [] : loaded.errors.map((error) => `${error.line}:${error.col} ${error.message}`);
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'expect-fail-edges-'));
    await mkdir(join(dir, 'folder'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('a directory, and a missing file: the file, and why', async () => {
    expect(await loadExpectFail(join(dir, 'folder'))).toEqual({ ok: false, errors: [{ file: join(dir, 'folder'), line: 0, col: 0, message: 'not a file' }] });
    expect(await loadExpectFail(join(dir, 'none.txt'))).toEqual({
      ok: false,
      errors: [{ file: join(dir, 'none.txt'), line: 0, col: 0, message: `cannot read file: ENOENT: no such file or directory, stat '${join(dir, 'none.txt')}'` }],
    });
  });

  test('text: blank and comment lines skipped, however indented; reasons trimmed; a reason of spaces is none', async () => {
    const file = await write('edges.txt', '  \n   # indented comment\npagat/a   spaced reason   \n\tpagat/b tab\n');
    expect(await loadExpectFail(file)).toEqual({
      ok: true,
      value: {
        file,
        entries: [
          { id: 'pagat/a', reason: 'spaced reason', line: 3, col: 1 },
          { id: 'pagat/b', reason: 'tab', line: 4, col: 2 },
        ],
      },
    });
    expect(await errorsOf('blank-reason.txt', 'pagat/a\n  pagat/b    \npagat/c ok\n')).toEqual(['1:1 "pagat/a" needs a reason after the id', '2:3 "pagat/b" needs a reason after the id']);
  });

  test('text: a lone carriage return inside a reason is part of it, not the end of the line', async () => {
    const file = await write('cr.txt', 'pagat/a first\rsecond\r\npagat/b r\n');
    expect(await loadExpectFail(file)).toEqual({
      ok: true,
      value: {
        file,
        entries: [
          { id: 'pagat/a', reason: 'first\rsecond', line: 1, col: 1 },
          { id: 'pagat/b', reason: 'r', line: 2, col: 1 },
        ],
      },
    });
  });

  test('a file over the size limit is refused, by its size', async () => {
    const file = await write('huge.txt', `pagat/a ${'x'.repeat(MAX_FILE_BYTES)}\n`);
    const size = MAX_FILE_BYTES + 'pagat/a \n'.length;
    expect(await loadExpectFail(file)).toEqual({
      ok: false,
      errors: [{ file, line: 0, col: 0, message: `file is ${size} bytes, over the limit of ${MAX_FILE_BYTES} bytes` }],
    });
  });

  test('YAML: an empty file lists nothing; reasons trimmed; ids with / and ~ located', async () => {
    const empty = await write('empty.yaml', '# nothing yet\n');
    expect(await loadExpectFail(empty)).toEqual({ ok: true, value: { file: empty, entries: [] } });
    const file = await write('escaped.yaml', 'a~b/c: "  reason  "\n');
    expect(await loadExpectFail(file)).toEqual({ ok: true, value: { file, entries: [{ id: 'a~b/c', reason: 'reason', line: 1, col: 1 }] } });
    expect(await errorsOf('blank.yaml', 'x~y/z: "  "\n')).toEqual(['1:8 "x~y/z" needs a reason (a non-empty string)']);
  });

  test('YAML lists: each item an {id, reason}; what is wrong with each, in file order', async () => {
    const text = ['- pagat/a', '- null', '- [a, b]', '- { id: "", reason: r }', '- { id: 7, reason: r }', '- { id: pagat/b, reason: 7 }', '- { id: pagat/c, reason: "  " }', '- { id: pagat/d, reason: ok, why: x }', '- { id: "", reason: r, why: x }', ''].join('\n');
    expect(await errorsOf('items.yaml', text)).toEqual([
      '1:3 expected {id, reason}',
      '2:3 expected {id, reason}',
      '3:3 expected {id, reason}',
      '4:9 a fixture id must be a non-empty string',
      '5:9 a fixture id must be a non-empty string',
      '6:26 "pagat/b" needs a reason (a non-empty string)',
      '7:26 "pagat/c" needs a reason (a non-empty string)',
      '8:30 unknown key "why" (expected id and reason)',
      '9:9 a fixture id must be a non-empty string',
      '9:24 unknown key "why" (expected id and reason)',
    ]);
  });

  test('YAML maps: a key that is no id', async () => {
    expect(await errorsOf('key.yaml', '"": r\n')).toEqual(['1:5 a fixture id must be a non-empty string']);
  });

  test('an entry names a known fixture by its id or by a glob that matches one; an empty corpus knows none', async () => {
    const loaded = await loadExpectFail(await write('globs.txt', 'pagat/a r\npagat/* r\n*/b r\nescoba/? r\n'));
    if (!loaded.ok) throw new Error('not loaded');
    expect(unknownExpectedFailures(loaded.value, new Set(['pagat/a', 'other/b'])).map((error) => error.line)).toEqual([4]);
    expect(unknownExpectedFailures(loaded.value, new Set()).map((error) => error.line)).toEqual([1, 2, 3, 4]);
    expect(unknownExpectedFailures(loaded.value, new Set(['pagat/a']))).toEqual([
      { file: loaded.value.file, line: 3, col: 1, message: 'no fixture has the id "*/b"' },
      { file: loaded.value.file, line: 4, col: 1, message: 'no fixture has the id "escoba/?"' },
    ]);
  });

  test('the reason a fixture is listed: by id or glob, the first entry that names it; no list, no reason', async () => {
    const loaded = await loadExpectFail(await write('order.txt', 'pagat/* any pagat\npagat/a this one\n'));
    if (!loaded.ok) throw new Error('not loaded');
    expect(expectedFailureOf(loaded.value, 'pagat/a')).toBe('any pagat');
    expect(expectedFailureOf({ file: 'f', entries: [{ id: 'pagat/a', reason: 'exact', line: 1, col: 1 }] }, 'pagat/a')).toBe('exact');
    expect(expectedFailureOf({ file: 'f', entries: [{ id: 'pagat/a*', reason: 'r', line: 1, col: 1 }] }, 'pagat/a')).toBe('r');
    expect(expectedFailureOf(undefined, 'pagat/a')).toBeUndefined();
  });
});
