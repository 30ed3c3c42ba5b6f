import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import type { ResolvedVariant } from '../../reference/types.ts';
import { applyOptions, DEFAULT_RULES } from '../../reference/variant.ts';
import type { LoadResult } from './load-result.ts';
import { checkVariantFiles, loadVariantFile, loadVariantRegistry, unknownVariantMessage } from './variants.ts';

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

  test('keeps the problems of every invalid file by id, beside the valid variants', async () => {
    const registry = await loadVariantRegistry(INVALID);
    if (!registry.ok) throw new Error(JSON.stringify(registry.errors));
    expect(registry.value.size).toBe(0);
    expect([...registry.value.invalid.keys()]).toEqual(invalidCases.map((name) => name.replace(/\.yaml$/, '')));
  });

  test('an invalid file stops only what needs its variant: the message names its first problem', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'variants-'));
    try {
      await writeFile(join(dir, 'good.yaml'), 'id: good\ntitle: Good\nsource: [test]\n');
      await writeFile(join(dir, 'bad.yaml'), 'id: bad\ntitle: Bad\nsource: [test]\nrules: { deal: { handSize: nine } }\n');
      const registry = await loadVariantRegistry(dir);
      if (!registry.ok) throw new Error(JSON.stringify(registry.errors));
      expect([...registry.value.keys()]).toEqual(['good']);
      expect(unknownVariantMessage(registry.value, 'bad')).toBe(
        'variant "bad" has errors (bad.yaml:4:28: expected an integer, got "nine")',
      );
      expect(unknownVariantMessage(registry.value, 'gone')).toBe('unknown variant "gone" (known: good)');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('reports a directory it cannot read', async () => {
    const registry = await loadVariantRegistry(join(CASES, 'no-such-directory'));
    expect(registry).toMatchObject({
      ok: false,
      errors: [{ line: 0, message: expect.stringContaining('cannot read directory') }],
    });
  });
});

/** Writes the files (name to lines) into a fresh directory and checks the one named `name`. */
async function checkAmong(files: Record<string, string[]>, name: string): Promise<LoadResult<ResolvedVariant>> {
  const dir = await mkdtemp(join(tmpdir(), 'variants-'));
  try {
    for (const [file, lines] of Object.entries(files)) await writeFile(join(dir, `${file}.yaml`), lines.join('\n'));
    const [check] = await checkVariantFiles([join(dir, `${name}.yaml`)]);
    if (check === undefined) throw new Error('no check');
    return check.result.ok
      ? check.result
      : { ok: false as const, errors: check.result.errors.map((error) => ({ ...error, file: basename(error.file) })) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const PARENT_WITH_TARGET = [
  'id: parent',
  'title: A parent whose target is an option',
  'source: [test]',
  'rules: { end: { target: 11 } }',
  'options:',
  '  - { name: target, type: integer, default: 11, min: 1, max: 41, sets: end.target, description: d }',
  '  - { name: quick, type: boolean, default: true, description: d, cases: { "true": { end: { exactTie: lowest-seat } } } }',
];
const child = (...rules: string[]): string[] => ['id: child', 'extends: parent', 'title: A child', 'source: [test]', ...rules];

describe('a knob a child sets means what it says', () => {
  test('it becomes the default of the inherited option that sets it', async () => {
    const result = await checkAmong({ parent: PARENT_WITH_TARGET, child: child('rules: { end: { target: 21 } }') }, 'child');
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.value.options.find((option) => option.name === 'target')?.default).toBe(21);
    expect(applyOptions(result.value)).toMatchObject({ ok: true, value: { end: { target: 21 } } });
    expect(applyOptions(result.value, { target: 15 })).toMatchObject({ ok: true, value: { end: { target: 15 } } });
  });

  test('a value the inherited option cannot take is refused at the knob', async () => {
    const result = await checkAmong({ parent: PARENT_WITH_TARGET, child: child('rules:', '  end: { target: 50 }') }, 'child');
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          file: 'child.yaml',
          line: 6,
          col: 18,
          message:
            'variant "child" sets rules.end.target to 50, which its inherited option "target" cannot take ' +
            '(50 is out of range 1..41); declare the option again in "child"',
        },
      ],
    });
  });

  test('a knob the case of an inherited option replaces at its default is refused at the knob', async () => {
    const result = await checkAmong(
      { parent: PARENT_WITH_TARGET, child: child('rules:', '  end: { exactTie: another-round }') },
      'child',
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          file: 'child.yaml',
          line: 6,
          col: 20,
          message:
            'variant "child" sets rules.end.exactTie, which its inherited option "quick" replaces at its default ' +
            'true; declare the option again in "child"',
        },
      ],
    });
  });

  test('a knob and an option of the same file that set it differently are refused at the option', async () => {
    const lines = [...PARENT_WITH_TARGET.slice(0, 3), 'rules: { end: { target: 21 } }', ...PARENT_WITH_TARGET.slice(4, 6)];
    const result = await checkAmong({ parent: lines }, 'parent');
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          file: 'parent.yaml',
          line: 6,
          col: 45,
          message:
            'variant "parent" sets rules.end.target to 21, but its option "target" sets that knob to its default 11, ' +
            'so rules.end.target would never be played',
        },
      ],
    });
  });

  test('a child that declares the option again may give it another range', async () => {
    const own = '  - { name: target, type: integer, default: 50, min: 1, max: 60, sets: end.target, description: d }';
    const result = await checkAmong(
      { parent: PARENT_WITH_TARGET, child: child('rules: { end: { target: 50 } }', 'options:', own) },
      'child',
    );
    expect(result).toMatchObject({ ok: true, value: { rules: { end: { target: 50 } } } });
  });
});

describe('every player count deals evenly with every option value', () => {
  const base = ['id: base', 'title: Defaults', 'source: [test]'];

  test('a hand size that leaves cards over is refused at the knob', async () => {
    const result = await checkAmong({ base, child: ['id: child', 'extends: base', 'title: Seven', 'source: [test]',
      'rules:', '  players: { seatings: [{ players: [4], teamModes: [individual] }] }', '  deal: { handSize: 7 }'] }, 'child');
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          file: 'child.yaml',
          line: 7,
          col: 21,
          message: '4 players cannot be dealt to: 40 cards do not deal evenly: 4 to the table, then 7 each to 4 players',
        },
      ],
    });
  });

  test('packets that do not add up to the hand and the table are refused at the packets', async () => {
    const result = await checkAmong({ base: [...base, 'rules:', '  deal: { packets: [{ hands: 3 }, { table: 2 }] }'] }, 'base');
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          file: 'base.yaml',
          line: 5,
          col: 11,
          message: "2 players cannot be dealt to: the deal's packets give each player 3 cards and the table 2, not 3 and 4",
        },
      ],
    });
  });

  test("a seating's own deal that leaves cards over is refused at that deal", async () => {
    const seatings = '  players: { seatings: [{ players: [2], teamModes: [individual] }, { players: [3], teamModes: [individual], deal: { handSize: 9 } }] }';
    const result = await checkAmong({ base: [...base, 'rules:', seatings] }, 'base');
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          file: 'base.yaml',
          line: 5,
          col: 109,
          message: '3 players cannot be dealt to: 40 cards do not deal evenly: 4 to the table, then 9 each to 3 players',
        },
      ],
    });
  });

  test('an option value that leaves cards over is refused at the option', async () => {
    const result = await checkAmong({ base: [...base, 'options:',
      '  - { name: hand, type: integer, default: 3, min: 1, max: 4, sets: deal.handSize, description: d }'] }, 'base');
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          file: 'base.yaml',
          line: 5,
          col: 5,
          message:
            'with option "hand" = 4, 2 players cannot be dealt to: 40 cards do not deal evenly: 4 to the table, ' +
            'then 4 each to 2 players',
        },
      ],
    });
  });

  test('a player count no option values can deal to is refused; one some values can deal to is not', async () => {
    const seatings = '  players: { seatings: [{ players: [2, 16], teamModes: [individual] }] }';
    const decks = '  - { name: decks, type: integer, default: 1, min: 1, max: 2, sets: deck.copies, description: d }';
    const rules = ['rules:', seatings, '  deal: { tableSize: remainder }'];
    expect(await checkAmong({ base: [...base, ...rules] }, 'base')).toEqual({
      ok: false,
      errors: [
        {
          file: 'base.yaml',
          line: 5,
          col: 14,
          message: '16 players can never be dealt to: 3 cards each to 16 players need 48 cards; the deck has 40',
        },
      ],
    });
    expect(await checkAmong({ base: [...base, ...rules, 'options:', decks] }, 'base')).toMatchObject({ ok: true });
  });

  test('a variant found good is checked again once it or its parent changes (the process keeps only what passed)', async () => {
    const hand = (max: number): string =>
      `  - { name: hand, type: integer, default: 3, min: 1, max: ${max}, sets: deal.handSize, description: d }`;
    const child = ['id: child', 'extends: base', 'title: Child', 'source: [test]'];
    const refused = { ok: false, errors: [{ message: expect.stringContaining('with option "hand" = 4, 2 players cannot be dealt to') }] };
    for (let again = 0; again < 2; again++) {
      expect(await checkAmong({ base: [...base, 'options:', hand(3)] }, 'base')).toMatchObject({ ok: true });
      expect(await checkAmong({ base: [...base, 'options:', hand(4)] }, 'base')).toMatchObject(refused);
      expect(await checkAmong({ base: [...base, 'options:', hand(3)], child }, 'child')).toMatchObject({ ok: true });
      expect(await checkAmong({ base: [...base, 'options:', hand(4)], child }, 'child')).toMatchObject(refused);
    }
  });
});
