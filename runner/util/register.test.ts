/**
 * The ambiguity register is whole: every reading of every entry names the knob values that declare it, or the
 * written reason it has none, and every knob it names is one the variant schema, a variant or the profile
 * schema has.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { parseRegister, readRegister } from './register.ts';
import { SPEC_DIR, VARIANTS_DIR } from './repo-paths.ts';

const entries = readRegister();

/** Every property name and enum value of a JSON schema. */
function vocabularyOf(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) vocabularyOf(item, into);
  else if (typeof schema === 'object' && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties') for (const name of Object.keys(value as object)) into.add(name);
      if (key === 'enum') for (const item of value as unknown[]) into.add(String(item));
      if (key === 'const') into.add(String(value));
      vocabularyOf(value, into);
    }
  }
  return into;
}

/** The words a knob may be written with: schema keys and values, variant ids, option names and their values. */
function knownWords(): Set<string> {
  const words = new Set<string>();
  for (const file of ['variant.schema.json', 'profile.schema.json']) vocabularyOf(JSON.parse(readFileSync(join(SPEC_DIR, file), 'utf8')), words);
  const folder = VARIANTS_DIR;
  for (const name of readdirSync(folder).filter((file) => file.endsWith('.yaml'))) {
    const variant = parse(readFileSync(join(folder, name), 'utf8')) as { id: string; options?: { name: string; values?: unknown[] }[] };
    words.add(variant.id);
    for (const option of variant.options ?? []) {
      words.add(option.name);
      for (const value of option.values ?? []) words.add(String(value));
    }
  }
  return words;
}

/**
 * The names a knob's text gives: in `a.b[].c: value`, the last key and a one-word value; in a bare word, the
 * word; a YAML snippet (`{kind: card, ties: nobody}`, `[sweeps, coins]`) gives each key and word in it.
 */
function namesIn(knob: string): string[] {
  const keyed = /^([A-Za-z][\w.[\]]*):\s*(.*)$/.exec(knob);
  if (keyed === null) return knob.match(/[\w-]+/g) ?? [];
  const [, path = '', value = ''] = keyed;
  const key = path.split('.').at(-1)?.replace('[]', '') ?? '';
  return [key, ...(/^[\w-]+$/.test(value) ? [value] : [])];
}

/** Numbers, booleans and team modes (`2v2`, `1v1v1v1`) are values of their knob without being words of a schema. */
const isLiteral = (name: string): boolean => /^(\d+|true|false|\d+(v\d+)+)$/.test(name);

describe('the ambiguity register', () => {
  test('is read: every entry has readings, and the ids are AMB-01 to the last, once each', () => {
    expect(entries.length).toBeGreaterThan(60);
    for (const entry of entries) expect(entry.readings.length, `${entry.id} (line ${entry.line}) has no **Readings.** list`).toBeGreaterThan(0);
    expect(entries.map((entry) => entry.id).sort()).toEqual(entries.map((_, i) => `AMB-${String(i + 1).padStart(2, '0')}`));
  });

  test('every reading names its knob value or the reason it has none', () => {
    const bare = entries.flatMap((entry) =>
      entry.readings.filter((reading) => reading.knobs.length === 0 && reading.reason === undefined).map((reading) => `spec/ambiguities.md:${reading.line}: ${entry.id}: ${reading.text.slice(0, 80)}`),
    );
    expect(bare).toEqual([]);
  });

  test('no reading says it has no knob', () => {
    const undeclarable = entries.flatMap((entry) => entry.readings.filter((reading) => /\bno knob\b/i.test(reading.text)).map((reading) => `${entry.id}:${reading.line}`));
    expect(undeclarable).toEqual([]);
  });

  test('every knob a reading names is a key or value of the variant or profile schema, a variant, or an option', () => {
    const words = knownWords();
    const unknown = entries.flatMap((entry) =>
      entry.readings.flatMap((reading) =>
        reading.knobs.flatMap((knob) => namesIn(knob).filter((name) => !words.has(name) && !isLiteral(name)).map((name) => `${entry.id}:${reading.line}: "${name}" in \`${knob}\``)),
      ),
    );
    expect(unknown).toEqual([]);
  });
});

describe('the register parser', () => {
  const text = [
    '### AMB-01: A question',
    '',
    '**Question.** Which?',
    '',
    '**Readings.**',
    '- One: a source. Knob: `capture.sums: any` and',
    '  `chooser: player`.',
    '- Two: no source. Reason: nobody plays it.',
    '- Three: a source.',
    '',
    '**Notes.** - not a reading.',
    '',
    '**Rules.** CAP-CHOICE, CAP-AUTO.',
  ].join('\n');

  test('reads bullets across lines, knobs in backticks, reasons, and the rule ids', () => {
    const [entry] = parseRegister(text);
    expect(entry).toMatchObject({ id: 'AMB-01', title: 'A question', line: 1, rules: ['CAP-CHOICE', 'CAP-AUTO'] });
    expect(entry?.readings.map(({ line, knobs, reason }) => ({ line, knobs, reason }))).toEqual([
      { line: 6, knobs: ['capture.sums: any', 'chooser: player'], reason: undefined },
      { line: 8, knobs: [], reason: 'nobody plays it.' },
      { line: 9, knobs: [], reason: undefined },
    ]);
  });

  test('the names a knob gives', () => {
    expect(namesIn('capture.sums: fewest-cards')).toEqual(['sums', 'fewest-cards']);
    expect(namesIn('deck.ranks[].primiera')).toEqual(['deck', 'ranks', 'primiera']);
    expect(namesIn('threshold: 21')).toEqual(['threshold', '21']);
    expect(namesIn('2v2')).toEqual(['2v2']);
    expect(namesIn('{kind: card, ties: nobody}')).toEqual(['kind', 'card', 'ties', 'nobody']);
  });
});
