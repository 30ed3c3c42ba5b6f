import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serialize } from 'node:v8';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { FIXTURES_DIR } from '../util/repo-paths.ts';
import { yamlCache } from './yaml-cache.ts';
import { readDataFile, readYamlFile } from './yaml-source.ts';

const root = mkdtempSync(join(tmpdir(), 'scopa-yaml-cache-'));
const cache = join(root, 'cache');
// Read when a cache is opened: this file's reads of package data go to a cache of its own.
const before = process.env.SCOPA_CONFORMANCE_CACHE;
process.env.SCOPA_CONFORMANCE_CACHE = cache;
afterAll(() => {
  if (before === undefined) delete process.env.SCOPA_CONFORMANCE_CACHE;
  else process.env.SCOPA_CONFORMANCE_CACHE = before;
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  process.env.SCOPA_CONFORMANCE_CACHE = cache;
});

/** A parsing module of the given text, whose URL names a cache. */
const parser = (name: string, text: string): string => {
  const file = join(root, name);
  writeFileSync(file, text);
  return pathToFileURL(file).href;
};
/** The entries kept, as `<folder>/<entry>`. */
const entries = (): string[] => readdirSync(cache, { recursive: true, encoding: 'utf8' }).filter((path) => path.includes('/')).sort();

describe('the cache of parsed YAML', () => {
  test('gives back what was kept for the same text, values JSON cannot hold included; nothing for another text', () => {
    const kept = yamlCache(parser('one.ts', 'the parser'));
    const value = { list: [1, -0, Infinity, -Infinity, Number.NaN, null, true, 'text'], nested: { deep: [{ a: 'b' }] } };
    kept?.set('text: one', value);
    expect(kept?.get('text: one')).toEqual({ value });
    expect(Object.is((kept?.get('text: one')?.value as typeof value).list[1], -0)).toBe(true);
    expect(kept?.get('text: two')).toBeUndefined();
    // Another process with the same parser finds it.
    expect(yamlCache(parser('one-again.ts', 'the parser'))?.get('text: one')).toEqual({ value });
  });

  test("a parser with another text finds none of the old entries, and removes them once it keeps one", () => {
    yamlCache(parser('old.ts', 'old parser'))?.set('text', { kept: 'old' });
    const changed = yamlCache(parser('new.ts', 'new parser'));
    expect(changed?.get('text')).toBeUndefined();
    changed?.set('text', { kept: 'new' });
    expect(changed?.get('text')).toEqual({ value: { kept: 'new' } });
    expect(yamlCache(parser('old-again.ts', 'old parser'))?.get('text')).toBeUndefined();
    expect(new Set(entries().map((entry) => entry.split('/')[0]))).toHaveProperty('size', 1);
  });

  test('a damaged entry, a cache that cannot be written, caches turned off or a parser that cannot be read: no data, and no error', () => {
    const kept = yamlCache(parser('damaged.ts', 'damaged'));
    kept?.set('text', { a: 1 });
    for (const entry of entries()) writeFileSync(join(cache, entry), 'not what v8 wrote');
    expect(kept?.get('text')).toBeUndefined();
    const blocked = join(root, 'a-file');
    writeFileSync(blocked, '');
    process.env.SCOPA_CONFORMANCE_CACHE = blocked;
    const unwritable = yamlCache(parser('blocked.ts', 'blocked'));
    expect(() => unwritable?.set('text', { a: 1 })).not.toThrow();
    expect(unwritable?.get('text')).toBeUndefined();
    process.env.SCOPA_CONFORMANCE_CACHE = 'off';
    expect(yamlCache(parser('off.ts', 'off'))).toBeUndefined();
    process.env.SCOPA_CONFORMANCE_CACHE = cache;
    expect(yamlCache(pathToFileURL(join(root, 'missing.ts')).href)).toBeUndefined();
  });
});

describe('reading the package\'s own YAML through the cache', () => {
  const file = join(FIXTURES_DIR, 'pagat', 'cap-choice-01.yaml');

  test('the second read gives the same data, from the cache, and still places a node at its line and column', async () => {
    const first = await readYamlFile(file);
    const second = await readDataFile(file);
    if (!first.ok || !second.ok) throw new Error('the fixture does not read');
    expect(second.value.value).toEqual(first.value.value);
    expect(second.value.locate('/expect/reject/code')).toEqual(first.value.locate('/expect/reject/code'));
    expect(second.value.locate('/expect/reject/code')).toEqual({ line: 22, col: 38 });
    // What the entry holds is what a read gives: it is not parsed again.
    const [entry] = entries();
    expect(entries()).toHaveLength(1);
    writeFileSync(join(cache, entry as string), serialize({ from: 'the cache' }));
    expect(await readDataFile(file)).toMatchObject({ ok: true, value: { value: { from: 'the cache' } } });
  });

  test('a file outside the package, and a text with a problem, are parsed every time and never kept', async () => {
    const before = entries();
    const outside = join(root, 'outside.yaml');
    writeFileSync(outside, 'id: outside\n');
    expect((await readYamlFile(outside)).ok).toBe(true);
    const broken = join(root, 'broken.yaml');
    writeFileSync(broken, 'id: [broken\n');
    expect((await readYamlFile(broken)).ok).toBe(false);
    expect(entries()).toEqual(before);
  });
});
