import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT, runCli, runWithReaderGone } from '../cli/cli-harness.ts';
import { PACKAGE_JSON, SPEC_DIR } from '../util/repo-paths.ts';
import type { SuiteExport } from '../tools/suite-export.ts';

const DEMO = 'runner/testdata/run/demo';
const { version } = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string };

/** Every schema of spec/ in a fresh Ajv, strict: what a tool outside this project would do with them. */
function strictValidator(): Ajv2020 {
  // discriminator: the keyword of spec/'s tagged unions, which Ajv takes only when asked to.
  const ajv = new Ajv2020({ strict: true, allErrors: true, discriminator: true });
  for (const file of readdirSync(SPEC_DIR, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.schema.json')) ajv.addSchema(JSON.parse(readFileSync(join(SPEC_DIR, file), 'utf8')) as object);
  }
  return ajv;
}

describe('export', () => {
  test('a fixture by id: its fields, its game laid out as the protocol sends it, its expectations as written', async () => {
    const ran = await runCli(['export', 'pagat/cap-rank-priority-01']);
    expect(ran.code).toBe(0);
    expect(ran.stderr).toBe('');
    const suite = JSON.parse(ran.stdout) as SuiteExport;
    expect(suite.version).toBe(version);
    expect(suite.fixtures).toHaveLength(1);
    const [fixture] = suite.fixtures as [SuiteExport['fixtures'][number]];
    const written = parse(readFileSync(join(REPO_ROOT, 'fixtures/pagat/cap-rank-priority-01.yaml'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(fixture)).toEqual(['id', 'file', 'title', 'tags', 'rules', 'provenance', 'game', 'expect']);
    expect(fixture).toMatchObject({
      id: 'pagat/cap-rank-priority-01',
      file: 'fixtures/pagat/cap-rank-priority-01.yaml',
      title: written.title,
      tags: written.tags,
      rules: written.rules,
      provenance: written.provenance,
      expect: written.expect,
    });
    const { game } = fixture as unknown as { game: { rules: { sweep: unknown }; rounds: { decks: unknown; layouts: unknown; plays: unknown }[] } & Record<string, unknown> };
    expect(Object.keys(game)).toEqual(['variant', 'options', 'rules', 'players', 'sideOf', 'rounds']);
    expect(game).toMatchObject({ variant: 'pagat', options: {}, players: 2, sideOf: [0, 1] });
    const [round] = (written.rounds as { decks: unknown; plays: unknown }[]) ?? [];
    // The reasoning: seat 0 gets 8H 2C 6D, seat 1 gets 9S 4C 7H, the table is 8D 5C 3S 1H; seat 1 deals.
    expect(game.rounds).toEqual([
      {
        decks: round?.decks,
        layouts: [{ dealer: 1, table: ['8D', '5C', '3S', '1H'], deals: [[['8H', '2C', '6D'], ['9S', '4C', '7H']]] }],
        plays: round?.plays,
      },
    ]);
  });

  test('every deal of a round laid out, hands per seat; a void deal gives its table', async () => {
    const ran = await runCli(['export', DEMO, '--filter', 'demo/pass-01', '--format', 'jsonl']);
    const lines = ran.stdout.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('');
    const fixture = JSON.parse(lines[0] as string) as { file: string; game: { rounds: { layouts: unknown[] }[] } };
    expect(fixture.file).toBe(`${DEMO}/pass-01.yaml`);
    expect(fixture.game.rounds[0]?.layouts).toEqual([{ dealer: 1, table: ['5D', '2S', '5C', '9H'], deals: [[['5H', '3C', '6D'], ['5S', '7C', '4H']]] }]);
  });

  test('the whole corpus: valid under spec/export.schema.json (Ajv strict), the same fixtures in both formats', async () => {
    const json = await runCli(['export']);
    const jsonl = await runCli(['export', '--format', 'jsonl']);
    expect([json.code, json.stderr, jsonl.code, jsonl.stderr]).toEqual([0, '', 0, '']);
    const suite = JSON.parse(json.stdout) as SuiteExport;
    const ajv = strictValidator();
    const validSuite = ajv.getSchema('tag:scopa-conformance,2026:export');
    expect(validSuite?.(suite), JSON.stringify(validSuite?.errors?.slice(0, 3))).toBe(true);
    const lines = jsonl.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as unknown);
    const validFixture = ajv.getSchema('tag:scopa-conformance,2026:export#/$defs/fixture');
    expect(lines.filter((line) => validFixture?.(line) !== true)).toEqual([]);
    expect(lines).toEqual(suite.fixtures);
    const ids = suite.fixtures.map((fixture) => fixture.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
  }, 60_000);

  test('a schema mistake is caught: the validator is not vacuous', () => {
    const validFixture = strictValidator().getSchema('tag:scopa-conformance,2026:export#/$defs/fixture');
    expect(validFixture?.({ id: 'pagat/x-01' })).toBe(false);
    expect(validFixture?.errors?.[0]?.message).toBe("must have required property 'file'");
  });

  test('the selection flags: paths, --filter, --variant, --tags', async () => {
    const ids = async (...argv: string[]): Promise<string[]> => {
      const ran = await runCli(['export', ...argv, '--format', 'jsonl']);
      expect(ran.stderr).toBe('');
      return ran.stdout.trimEnd().split('\n').map((line) => (JSON.parse(line) as { id: string }).id);
    };
    expect(await ids(DEMO, '--filter', 'demo/pass-*')).toEqual(['demo/pass-01', 'demo/pass-02', 'demo/pass-03']);
    expect(await ids(DEMO, '--tags', 'negative,wrong', '--variant', 'pagat')).toEqual(['demo/fail-01', 'demo/pass-03']);
    expect(await ids(DEMO, '--tags', 'capture', '--filter', '*-01')).toEqual(['demo/pass-01']);
    expect(await ids('pagat/cap-rank-priority-01', 'pagat/team-seats-01')).toEqual(['pagat/cap-rank-priority-01', 'pagat/team-seats-01']);
  });

  test('no fixture selected: exit 2, nothing on stdout', async () => {
    expect(await runCli(['export', DEMO, '--filter', 'nothing/*'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: no fixture matches the selection (4 read)\n',
    });
  });

  test.each([
    [['--format', 'xml'], '--format takes json or jsonl, got "xml"'],
    [['--force'], '--force goes with --out'],
    [['--out', 'runner'], '--out: runner is a directory; give the file to write'],
    [['--out', 'package.json'], '--out: package.json exists and is not an export; --force replaces it'],
    [['pagat/cap-rank-priorty-01'], '"pagat/cap-rank-priorty-01" is neither a fixture file or directory nor the id of a fixture in fixtures/; did you mean pagat/cap-rank-priority-01?'],
    [['--variant', 'pagta'], 'unknown variant "pagta" (known: '],
  ])('a usage mistake (%j): exit 2, one line', async (argv, message) => {
    const ran = await runCli(['export', DEMO, ...argv]);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toContain(`error: ${message}`);
    expect(ran.stderr).toContain('Run "scopa-conformance help export" for usage.');
  });
});

describe('export --out', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'export-out-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('written whole; the same export again leaves it; a different one replaces it; a file not an export needs --force', async () => {
    const out = join(dir, 'nested', 'suite.json');
    const first = await runCli(['export', DEMO, '--out', out]);
    expect(first).toEqual({ code: 0, stdout: '', stderr: `wrote 4 fixtures to ${out}\n` });
    const text = await readFile(out, 'utf8');
    expect((JSON.parse(text) as SuiteExport).fixtures.map((fixture) => fixture.id)).toEqual(['demo/fail-01', 'demo/pass-01', 'demo/pass-02', 'demo/pass-03']);
    expect(text.split('\n')).toHaveLength(4 + 3);

    expect(await runCli(['export', DEMO, '--out', out])).toEqual({ code: 0, stdout: '', stderr: `${out} already holds these 4 fixtures: unchanged\n` });

    const lines = await runCli(['export', DEMO, '--filter', 'demo/pass-*', '--format', 'jsonl', '--out', out]);
    expect(lines).toEqual({ code: 0, stdout: '', stderr: `wrote 3 fixtures to ${out}\n` });
    const again = await runCli(['export', DEMO, '--out', out]);
    expect(again).toEqual({ code: 0, stdout: '', stderr: `wrote 4 fixtures to ${out}\n` });
    expect(await readFile(out, 'utf8')).toBe(text);

    const notes = join(dir, 'nested', 'notes.json');
    await writeFile(notes, '{"mine": true}\n');
    const refused = await runCli(['export', DEMO, '--out', notes]);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toContain(`error: --out: ${notes} exists and is not an export; --force replaces it\n`);
    expect(await readFile(notes, 'utf8')).toBe('{"mine": true}\n');
    const forced = await runCli(['export', DEMO, '--filter', 'demo/pass-*', '--out', notes, '--force']);
    expect(forced).toEqual({ code: 0, stdout: '', stderr: `wrote 3 fixtures to ${notes}\n` });
    expect((await readdir(join(dir, 'nested'))).sort()).toEqual(['notes.json', 'suite.json']);
  });

  test('a path through a file: not written, no temporary file left', async () => {
    await mkdir(join(dir, 'plain'));
    const blocker = join(dir, 'plain', 'file');
    await runCli(['export', DEMO, '--filter', 'demo/pass-01', '--out', blocker]);
    const ran = await runCli(['export', DEMO, '--out', join(blocker, 'suite.json')]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(new RegExp(`^${blocker}/suite\\.json: error: cannot write: .*(EEXIST|ENOTDIR)`));
    expect(await readdir(join(dir, 'plain'))).toEqual(['file']);
  });
});

test('a reader that goes away (| head): the export stops quietly, exit 0', async () => {
  const { code, stderr } = await runWithReaderGone(['export', '--variant', 'pagat', '--format', 'jsonl']);
  expect(stderr).toBe('');
  expect(code).toBe(0);
}, 60_000);
