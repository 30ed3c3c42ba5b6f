import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { DEFAULT_RULES } from '../../reference/variant.ts';
import { checkVariantFiles, loadVariantFile, loadVariantRegistry } from './variants.ts';

const CASES = fileURLToPath(new URL('cases/', import.meta.url));
const INVALID = join(CASES, 'invalid');
const VALID = join(CASES, 'valid');

/** The first line of an invalid case: `# expect: LINE:COL part of the message`. */
function expectationOf(path: string): { line: number; col: number; message: string } {
  const header = /^# expect: (\d+):(\d+) (.+)$/.exec(readFileSync(path, 'utf8').split('\n')[0] ?? '');
  if (header === null) throw new Error(`${path} does not start with "# expect: LINE:COL message"`);
  return { line: Number(header[1]), col: Number(header[2]), message: header[3] as string };
}

const invalidCases = readdirSync(INVALID).filter((name) => name.endsWith('.yaml'));

describe('invalid variant files: one fault each, reported where it is', () => {
  test('there are cases', () => {
    expect(invalidCases.length).toBeGreaterThanOrEqual(15);
  });

  test.each(invalidCases)('%s', async (name) => {
    const path = join(INVALID, name);
    const { line, col, message } = expectationOf(path);
    const [check] = await checkVariantFiles([path]);
    expect(check?.result.ok).toBe(false);
    const errors = check?.result.ok === false ? check.result.errors : [];
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: path, line, col });
    expect(errors[0]?.message).toContain(message);
  });
});

describe('valid variant files', () => {
  test('a variant with only a name plays the defaults', async () => {
    const [check] = await checkVariantFiles([join(VALID, 'base.yaml')]);
    expect(check?.result).toEqual({
      ok: true,
      value: { id: 'base', title: 'The defaults', source: ['runner/load/cases'], rules: DEFAULT_RULES, options: [] },
    });
  });

  test('a child is merged over its parent, found beside it', async () => {
    const [check] = await checkVariantFiles([join(VALID, 'house-rules.yaml')]);
    if (!check?.result.ok) throw new Error(JSON.stringify(check?.result));
    const { rules, options } = check.result.value;
    expect(rules.end).toEqual({ ...DEFAULT_RULES.end, target: 16 });
    expect(rules.deal.tableSize).toBe('remainder');
    expect(rules.capture).toEqual(DEFAULT_RULES.capture);
    expect(options.map((option) => option.name)).toEqual(['target', 'fifteen', 'sweeps']);
  });

  test('loadVariantFile reads one file without following extends', async () => {
    const loaded = await loadVariantFile(join(VALID, 'house-rules.yaml'));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    expect(loaded.value.source.extends).toBe('base');
    expect(loaded.value.yaml.locate('/extends')).toEqual({ line: 5, col: 10 });
  });
});

test('an inherited option is checked against the rules of the variant that inherits it', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'variants-'));
  try {
    const parent = [
      'id: parent',
      'title: A parent with an option',
      'source: [test]',
      'options:',
      '  - { name: scoring, type: enum, values: [normal, short], default: normal, description: d,',
      '      cases: { short: { capture: { compulsion: none } } } }',
    ];
    const child = ['id: child', 'extends: parent', 'title: Automatic capture', 'source: [test]'];
    await writeFile(join(dir, 'parent.yaml'), parent.join('\n'));
    await writeFile(join(dir, 'child.yaml'), [...child, 'rules: { capture: { chooser: auto } }'].join('\n'));
    const [check] = await checkVariantFiles([join(dir, 'child.yaml')]);
    expect(check?.result).toEqual({
      ok: false,
      errors: [
        {
          file: join(dir, 'child.yaml'),
          line: 2,
          col: 10,
          message:
            'inherited option "scoring" = short: capture.chooser "auto" captures whenever the played card can, ' +
            'so capture.compulsion cannot be "none"',
        },
      ],
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

describe('loadVariantRegistry', () => {
  test('resolves every variant of a directory, by id', async () => {
    const registry = await loadVariantRegistry(VALID);
    if (!registry.ok) throw new Error(JSON.stringify(registry.errors));
    expect([...registry.value.keys()]).toEqual(['base', 'house-rules']);
  });

  test('fails with the errors of every broken file', async () => {
    const registry = await loadVariantRegistry(INVALID);
    expect(registry.ok).toBe(false);
    const files = new Set(registry.ok ? [] : registry.errors.map((error) => error.file));
    expect(files.size).toBe(invalidCases.length);
  });

  test('reports a directory it cannot read', async () => {
    const registry = await loadVariantRegistry(join(CASES, 'no-such-directory'));
    expect(registry).toMatchObject({
      ok: false,
      errors: [{ line: 0, message: expect.stringContaining('cannot read directory') }],
    });
  });
});
