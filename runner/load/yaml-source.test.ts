import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_FILE_BYTES } from '../util/files.ts';
import { parseYaml, pointerTo, readDataFile, readYamlFile, type YamlSource } from './yaml-source.ts';

function parsed(text: string): YamlSource {
  const result = parseYaml(text, 'test.yaml');
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

describe('locate', () => {
  const source = parsed(
    [
      'id: sample', //                                  1
      'rules:', //                                      2
      '  capture:', //                                  3
      '    mode: fifteen', //                           4
      '  scoring:', //                                  5
      '    categories:', //                             6
      '      - { id: cards, kind: most-cards }', //     7
      '      - id: sweeps', //                          8
      '        kind: sweeps', //                        9
      'odd/key: { empty: }', //                         10
      'base: &base { target: 5 }', //                   11
      'copy: *base', //                                 12
    ].join('\n'),
  );

  test.each([
    ['a scalar value', '/rules/capture/mode', 'value', 4, 11],
    ['the key of an entry', '/rules/capture/mode', 'key', 4, 5],
    ['a map under a key, at its key', '/rules/capture', 'value', 3, 3],
    ['a list under a key, at its key', '/rules/scoring/categories', 'value', 6, 5],
    ['a flow map in a list', '/rules/scoring/categories/0', 'value', 7, 9],
    ['a key inside a flow map', '/rules/scoring/categories/0/kind', 'key', 7, 22],
    ['a block map in a list, at its first key', '/rules/scoring/categories/1', 'value', 8, 9],
    ['a missing key, at the deepest node on the way', '/rules/capture/chooser', 'value', 3, 3],
    ['an index past the end of a list', '/rules/scoring/categories/5', 'value', 6, 5],
    ['the whole document', '', 'value', 1, 1],
    ['a key with no value, at the key', pointerTo('odd/key', 'empty'), 'value', 10, 12],
    ['a node through an alias, at its anchor', '/copy/target', 'value', 11, 23],
  ] as const)('%s', (_, pointer, part, line, col) => {
    expect(source.locate(pointer, part)).toEqual({ line, col });
  });

  test('a text without a line break', () => {
    expect(parsed('{ id: x }').locate('/id')).toEqual({ line: 1, col: 7 });
  });
});

describe('parseYaml refuses', () => {
  test.each([
    ['a warning, such as an unknown tag', 'id: !custom x\n', 1, 5, 'Unresolved tag: !custom'],
    ['a map used as a key', '? { a: 1 }\n: 2\n', 1, 3, 'a key must be a plain value'],
    ['a __proto__ key in a flow map', 'x: { __proto__: { polluted: true } }\n', 1, 6, '"__proto__" is not allowed'],
  ])('%s', (_, text, line, col, message) => {
    const result = parseYaml(text, 'test.yaml');
    expect(result).toMatchObject({ ok: false, errors: [{ file: 'test.yaml', line, col }] });
    expect(result.ok ? '' : result.errors[0]?.message).toContain(message);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('readYamlFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'yaml-source-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('reads a file', async () => {
    const path = join(dir, 'small.yaml');
    await writeFile(path, 'id: small\n');
    expect(await readYamlFile(path)).toMatchObject({ ok: true, value: { file: path, value: { id: 'small' } } });
  });

  test('refuses a file over the size limit without reading it', async () => {
    const path = join(dir, 'huge.yaml');
    await writeFile(path, '');
    await truncate(path, MAX_FILE_BYTES + 1);
    const result = await readYamlFile(path);
    expect(result).toMatchObject({ ok: false, errors: [{ file: path, line: 0 }] });
    expect(result.ok ? '' : result.errors[0]?.message).toContain('over the limit of 5242880 bytes');
  });

  test('reports a file it cannot read', async () => {
    const path = join(dir, 'missing.yaml');
    const result = await readYamlFile(path);
    expect(result).toMatchObject({ ok: false, errors: [{ file: path, line: 0 }] });
    expect(result.ok ? '' : result.errors[0]?.message).toContain('cannot read file');
  });
});

describe('nesting', () => {
  const flow = (depth: number): string => `list: ${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}\n`;
  const block = (depth: number): string => Array.from({ length: depth }, (_, level) => `${' '.repeat(level)}a:\n`).join('');

  test.each([
    ['lists in flow', flow],
    ['maps in blocks', block],
  ])('%s: 100 deep is read; 101 deep is refused where the 101st opens, before yaml recurses', (_, nested) => {
    expect(parseYaml(nested(100), 'test.yaml').ok).toBe(true);
    const refused = parseYaml(nested(101), 'test.yaml');
    const at = nested === flow ? { line: 1, col: 106 } : { line: 101, col: 101 };
    expect(refused).toEqual({ ok: false, errors: [{ file: 'test.yaml', ...at, message: 'maps and lists nested more than 100 deep' }] });
    expect(parseYaml(nested(20_000), 'test.yaml')).toMatchObject({ ok: false, errors: [{ message: 'maps and lists nested more than 100 deep' }] });
  });

  test('a JSON file nested too deep is refused as a YAML one is', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'yaml-source-'));
    const file = join(dir, 'deep.json');
    await writeFile(file, `{"list": ${'['.repeat(20_000)}${']'.repeat(20_000)}}\n`);
    expect(await readDataFile(file)).toEqual({ ok: false, errors: [{ file, line: 1, col: 109, message: 'maps and lists nested more than 100 deep' }] });
    await rm(dir, { recursive: true, force: true });
  });

  test('two documents in one file are one error, as before the depth was checked', () => {
    expect(parseYaml('a: 1\n---\nb: 2\n', 'test.yaml')).toMatchObject({ ok: false, errors: [{ line: 2, col: 1, message: expect.stringContaining('multiple documents') }] });
  });
});
