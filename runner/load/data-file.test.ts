import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readDataFile, readYamlFile } from './yaml-source.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'data-file-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fileWith(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

describe('readDataFile', () => {
  test('JSON form after comment lines: the same value as YAML, positions on demand', async () => {
    const text = '# a comment\n\n{\n  "id": "a/b",\n  "rounds": [{"plays": [{"card": "7D"}, {"card": "10S"}]}]\n}\n';
    const path = await fileWith('json.yaml', text);
    const [json, yaml] = await Promise.all([readDataFile(path), readYamlFile(path)]);
    if (!json.ok || !yaml.ok) throw new Error('not read');
    expect(json.value.value).toEqual(yaml.value.value);
    expect(json.value.locate('/rounds/0/plays/1/card')).toEqual(yaml.value.locate('/rounds/0/plays/1/card'));
    expect(json.value.locate('/rounds/0/plays/1/card')).toEqual({ line: 5, col: 50 });
  });

  test.each([
    ['a key given twice', '{"id": "a", "id": "b"}\n', 'Map keys must be unique'],
    ['a key given twice, in an object in a list', '{"rounds": [{"plays": []}, {"plays": [], "plays": []}], "n": [1, null]}\n', 'Map keys must be unique'],
    ['a key given twice, escaped quotes before it', '{"t": "say \\"x\\": y", "t": 1}\n', 'Map keys must be unique'],
    ['__proto__', '{"__proto__": {"x": 1}}\n', 'the key "__proto__" is not allowed'],
  ])('JSON that YAML refuses is refused: %s', async (_, text, message) => {
    const read = await readDataFile(await fileWith('refused.yaml', text));
    expect(read.ok).toBe(false);
    expect(read.ok ? '' : read.errors[0]?.message).toContain(message);
  });

  test('strings with colons and escapes are not taken for keys', async () => {
    const read = await readDataFile(await fileWith('strings.yaml', '{"a": "x: y", "b": ["\\\\", "c\\": d"]}\n'));
    expect(read).toMatchObject({ ok: true, value: { value: { a: 'x: y', b: ['\\', 'c": d'] } } });
  });

  test('block YAML goes through the YAML parser', async () => {
    const read = await readDataFile(await fileWith('block.yaml', 'id: a/b\nrounds: []\n'));
    expect(read).toMatchObject({ ok: true, value: { value: { id: 'a/b', rounds: [] } } });
  });
});
