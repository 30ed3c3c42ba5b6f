import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ResolvedVariant } from '../../reference/types.ts';
import type { Fixture } from '../fixture/fixture.ts';
import { FIXTURES_DIR } from '../util/repo-paths.ts';
import {
  checkFixtureMeaning,
  fixtureIdOf,
  isFixturePath,
  listFixtureFiles,
  loadFixtureFile,
  loadGameFile,
  prepareGame,
  unusedInputs,
} from './fixtures.ts';
import { loadFixtureCorpus } from './corpus.ts';
import { loadVariantRegistry } from './variants.ts';

const CASES = fileURLToPath(new URL('cases/', import.meta.url));
const INVALID = join(CASES, 'fixtures', 'invalid');
const VALID = join(CASES, 'fixtures', 'valid');
const GAMES = join(CASES, 'games');

let variants: Map<string, ResolvedVariant>;
beforeAll(async () => {
  const registry = await loadVariantRegistry();
  if (!registry.ok) throw new Error(JSON.stringify(registry.errors));
  variants = registry.value;
});

/** The first line of an invalid case: `# expect: LINE:COL part of the message`. */
function expectationOf(path: string): { line: number; col: number; message: string } {
  const header = /^# expect: (\d+):(\d+) (.+)$/.exec(readFileSync(path, 'utf8').split('\n')[0] ?? '');
  if (header === null) throw new Error(`${path} does not start with "# expect: LINE:COL message"`);
  return { line: Number(header[1]), col: Number(header[2]), message: header[3] as string };
}

/** Loads one file and checks its meaning: every problem, as `loadFixtureCorpus` finds them. */
async function problemsOf(path: string) {
  const loaded = await loadFixtureFile(path);
  return loaded.ok ? checkFixtureMeaning(loaded.value, path, variants) : loaded.errors;
}

async function loadValid(name: string): Promise<Fixture> {
  const path = join(VALID, name);
  const loaded = await loadFixtureFile(path);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  expect(checkFixtureMeaning(loaded.value, path, variants)).toEqual([]);
  return loaded.value;
}

const invalidCases = readdirSync(INVALID).filter((name) => name.endsWith('.yaml'));
const validCases = readdirSync(VALID).filter((name) => name.endsWith('.yaml'));

describe('broken fixtures: one fault each, reported where it is', () => {
  test('there are cases', () => {
    expect(invalidCases.length).toBeGreaterThanOrEqual(13);
  });

  test.each(invalidCases)('%s', async (name) => {
    const path = join(INVALID, name);
    const { line, col, message } = expectationOf(path);
    const errors = await problemsOf(path);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: path, line, col });
    expect(errors[0]?.message).toContain(message);
  });
});

describe('valid fixtures', () => {
  test.each(validCases)('%s loads and means what it says', async (name) => {
    expect(await problemsOf(join(VALID, name))).toEqual([]);
  });

  test('options and tags take their defaults', async () => {
    const fixture = await loadValid('pagat-must-capture.yaml');
    expect(fixture.options).toEqual({});
    expect(fixture.tags).toEqual([]);
    expect(fixture.expect.reject).toEqual({ round: 1, play: 2, code: 'MUST_CAPTURE' });
  });

  test('a fixture in JSON form reads as its YAML form does', async () => {
    const json = await loadValid('json-form.yaml');
    const yaml = await loadValid('pagat-must-capture.yaml');
    expect({ ...json, id: '', title: '' }).toEqual({ ...yaml, id: '', title: '' });
  });

  test('a problem found after loading is placed in the file, even in JSON form', async () => {
    const path = join(VALID, 'json-form.yaml');
    const fixture = await loadValid('json-form.yaml');
    fixture.variant = 'pagot';
    const known = [...variants.keys()].join(', ');
    const message = `unknown variant "pagot" (known: ${known})`;
    expect(checkFixtureMeaning(fixture, path, variants)).toEqual([{ file: path, line: 5, col: 14, message }]);
    // A fixture made in code has no place: the problem names the field.
    const copy = { ...fixture };
    expect(checkFixtureMeaning(copy, path, variants)).toEqual([{ file: path, line: 0, col: 0, message: `variant: ${message}` }]);
  });

  test('a refusal with another code than expected is not the fixture\'s fault: run compares it', async () => {
    const fixture = await loadValid('pagat-must-capture.yaml');
    const other: Fixture = { ...fixture, expect: { reject: { round: 1, play: 2, code: 'CAPTURE_WRONG_SUM' } } };
    expect(checkFixtureMeaning(other, join(VALID, 'pagat-must-capture.yaml'), variants)).toEqual([]);
  });

  test('the id of a file under fixtures/ is its path there', () => {
    expect(fixtureIdOf(join(FIXTURES_DIR, 'pagat', 'cap-rank-01.yaml'))).toBe('pagat/cap-rank-01');
    expect(fixtureIdOf(join(FIXTURES_DIR, 'pagat', 'deeper', 'x.yaml'))).toBe('pagat/deeper/x');
    expect(fixtureIdOf(join(VALID, 'pagat-round-one.yaml'))).toBe('valid/pagat-round-one');
  });
});

describe('game files', () => {
  test('a file with only the inputs is a game, not a fixture', async () => {
    const loaded = await loadGameFile(join(GAMES, 'pagat-opening.yaml'));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    expect(loaded.value.fixture).toBeUndefined();
    expect(loaded.value.game).toMatchObject({ variant: 'pagat', players: 2, options: {} });
    expect(loaded.value.locate('/rounds/0/plays/2')).toEqual({ line: 12, col: 9 });
    const prepared = prepareGame(loaded.value.game, loaded.value.path, variants);
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.errors));
    expect(prepared.value).toMatchObject({ sides: 2, contestants: 2, request: { variant: 'pagat', players: 2 } });
  });

  test('a fixture is a game file too, with its expectations', async () => {
    const loaded = await loadGameFile(join(VALID, 'pagat-opening-sweep.yaml'));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    expect(loaded.value.fixture?.id).toBe('valid/pagat-opening-sweep');
  });

  test('a game file is checked against the inputs part of the schema', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'games-'));
    try {
      const path = join(dir, 'game.yaml');
      await writeFile(path, 'variant: pagat\nplayers: 2\nrounds: []\ndeck: 1\n');
      const loaded = await loadGameFile(path);
      expect(loaded).toEqual({
        ok: false,
        errors: [
          { file: path, line: 3, col: 1, message: 'expected at least 1 items, got 0' },
          { file: path, line: 4, col: 1, message: 'unknown key "deck" (allowed: variant, options, players, firstDealer, rounds)' },
        ],
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('inputs a replay never reaches', () => {
  test('nothing is left when every input is used', async () => {
    const fixture = await loadValid('pagat-opening-sweep.yaml');
    const events = fixture.expect.events?.list ?? [];
    expect(unusedInputs(fixture.rounds, events)).toEqual([]);
  });

  test('a round after a refusal, and the plays after the refused one', async () => {
    const fixture = await loadValid('pagat-opening-sweep.yaml');
    const events = (fixture.expect.events?.list ?? []).slice(0, 2);
    const rejection = { round: 1, play: 2, code: 'MUST_CAPTURE' as const };
    const rounds = [...fixture.rounds, { decks: fixture.rounds[0]?.decks ?? [], plays: [] }];
    expect(unusedInputs(rounds, events, rejection)).toEqual([
      ['/rounds/0/plays/2', 'this play is never replayed: play 2 of round 1 before it is refused'],
      ['/rounds/1', 'round 2 is never played: round 1 play 2 before it is refused'],
    ]);
  });
});

describe('listFixtureFiles', () => {
  test('every *.yaml below a directory, recursively and sorted; files as given', async () => {
    const listed = await listFixtureFiles([join(CASES, 'fixtures'), join(GAMES, 'pagat-opening.yaml')]);
    if (!listed.ok) throw new Error(JSON.stringify(listed.errors));
    const expected = [
      ...invalidCases.map((name) => join(CASES, 'fixtures', 'invalid', name)),
      ...validCases.map((name) => join(CASES, 'fixtures', 'valid', name)),
      join(GAMES, 'pagat-opening.yaml'),
    ];
    expect(listed.value).toEqual(expected);
  });

  test('a path that does not exist is an error', async () => {
    const listed = await listFixtureFiles([join(CASES, 'no-such-directory')]);
    expect(listed).toMatchObject({ ok: false, errors: [{ line: 0, message: expect.stringContaining('cannot read') }] });
  });

  test('a file given twice is listed once', async () => {
    const file = join(VALID, 'pagat-round-one.yaml');
    const listed = await listFixtureFiles([file, VALID]);
    expect(listed).toEqual({ ok: true, value: [file, ...validCases.filter((name) => name !== 'pagat-round-one.yaml').map((name) => join(VALID, name))] });
  });
});

describe('loadFixtureCorpus', () => {
  test('loads the valid fixtures and reports every broken one', async () => {
    const corpus = await loadFixtureCorpus([join(CASES, 'fixtures')], variants);
    expect(corpus.files).toHaveLength(invalidCases.length + validCases.length);
    expect(corpus.fixtures.map((loaded) => loaded.fixture.id).sort()).toEqual(validCases.map((name) => `valid/${name.replace('.yaml', '')}`).sort());
    expect(new Set(corpus.errors.map((error) => error.file)).size).toBe(invalidCases.length);
    const round = corpus.fixtures.find((loaded) => loaded.fixture.id === 'valid/pagat-round-one');
    expect(round?.request).toMatchObject({ variant: 'pagat', options: {}, players: 2, rounds: round?.fixture.rounds });
    expect(round?.request.rules.end.target).toBe(variants.get('pagat')?.rules.end.target);
  });

  test('two fixtures may not share an id', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'corpus-'));
    try {
      const text = readFileSync(join(VALID, 'pagat-must-capture.yaml'), 'utf8');
      for (const root of ['one', 'two']) {
        await mkdir(join(dir, root, 'valid'), { recursive: true });
        await writeFile(join(dir, root, 'valid', 'pagat-must-capture.yaml'), text);
      }
      const corpus = await loadFixtureCorpus([join(dir, 'one'), join(dir, 'two')], variants);
      expect(corpus.fixtures).toHaveLength(1);
      expect(corpus.errors).toEqual([
        {
          file: join(dir, 'two', 'valid', 'pagat-must-capture.yaml'),
          line: 2,
          col: 5,
          message: `id "valid/pagat-must-capture" is also the id of ${join(dir, 'one', 'valid', 'pagat-must-capture.yaml')}`,
        },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

test('a fixture is a file under fixtures/, or one whose top level has variant: or rounds:', () => {
  expect(isFixturePath(join(FIXTURES_DIR, 'pagat', 'x.yaml'), '')).toBe(true);
  expect(isFixturePath('/elsewhere/x.yaml', 'id: x\nvariant: pagat\n')).toBe(true);
  expect(isFixturePath('/elsewhere/x.yaml', '# c\n{\n  "id": "a/b",\n  "rounds": []\n}\n')).toBe(true);
  expect(isFixturePath('/elsewhere/x.yaml', 'id: x\nrules:\n  capture: { chooser: auto }\n')).toBe(false);
});
