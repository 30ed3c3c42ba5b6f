import { execFileSync } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT, runCli } from '../cli/cli-harness.ts';
import type { Fixture } from '../fixture/fixture.ts';
import { SPEC_DIR } from '../util/repo-paths.ts';

/**
 * Two games as "scopa-web 2.3.1" recorded them. Game 1 (lines 1-79, pagat to 4 points, a redeal in round 2): the
 * system gives a category tied at the top to both sides, where pagat gives it to nobody: round 1's primiera
 * (75 each) scores [1, 1] in the log, [0, 0] on the reference engine. Game 2 (lines 80-119, anycard, automatic
 * capture) agrees with the reference.
 */
const SAMPLE = join(REPO_ROOT, 'runner/testdata/import/sample.jsonl');

const sampleLines = async (): Promise<Record<string, unknown>[]> =>
  (await readFile(SAMPLE, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

let dir: string;
/** A folder named so that the imported fixtures' ids are `recorded/<name>`. */
let out: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scopa-import-'));
  out = join(dir, 'recorded');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const importLog = (log: string, ...flags: string[]) => runCli(['import', log, '--out', out, ...flags], { cwd: dir });
const readFixture = async (name: string): Promise<{ modeline: string; fixture: Fixture }> => {
  const text = await readFile(join(out, name), 'utf8');
  return { modeline: text.slice(0, text.indexOf('\n')), fixture: parse(text) as Fixture };
};

describe('import', () => {
  test('writes each game of the sample log as a recorded fixture', async () => {
    expect(await importLog(SAMPLE)).toEqual({
      code: 0,
      stdout: 'wrote recorded/rec-sample-1.yaml\nwrote recorded/rec-sample-2.yaml\n',
      stderr: '',
    });
    const lines = await sampleLines();
    const plays = (from: number, to: number) => lines.slice(from - 1, to).filter((line) => line.type === 'play');

    const { modeline, fixture: pagat } = await readFixture('rec-sample-1.yaml');
    expect(modeline).toBe(`# yaml-language-server: $schema=${relative(out, join(SPEC_DIR, 'fixture.schema.json'))}`);
    expect(pagat).toMatchObject({
      id: 'recorded/rec-sample-1',
      title: 'Game 1 of sample.jsonl, as scopa-web 2.3.1 recorded it',
      variant: 'pagat',
      options: { target: 4 },
      players: 2,
      tags: ['recorded'],
      rules: [],
      provenance: {
        kind: 'recorded',
        system: 'scopa-web',
        version: '2.3.1',
        recordedAt: '2026-11-20T18:04:00Z',
        note: "exported from the site's game history",
      },
    });
    expect(pagat.rounds.map((round) => [round.decks.length, round.plays.length])).toEqual([
      [1, 36],
      [2, 36],
    ]);
    expect(pagat.rounds[1]?.decks[1]).toEqual(lines[40]?.cards);
    // The player chooses: each play's captured cards are its decision's capture, and an expected event.
    const pagatPlays = plays(1, 79);
    expect(pagat.rounds.flatMap((round) => round.plays)).toEqual(
      pagatPlays.map(({ seat, card, captured }) => (captured === undefined ? { seat, card } : { seat, card, capture: captured })),
    );
    expect(pagat.expect.events).toEqual({
      match: 'types',
      types: ['capture', 'trail'],
      list: pagatPlays.map(({ seat, card, captured }) =>
        captured === undefined ? { type: 'trail', seat, card } : { type: 'capture', seat, card, captured },
      ),
    });
    expect(pagat.expect.rounds).toEqual([
      {
        round: 1,
        awards: { cards: { points: [0, 1] }, coins: { points: [0, 1] }, settebello: { points: [1, 0] }, primiera: { points: [1, 1] }, sweeps: { points: [0, 0] } },
        points: [2, 3],
        totals: [2, 3],
        sweeps: [0, 0],
      },
      {
        round: 2,
        awards: { cards: { points: [1, 0] }, coins: { points: [1, 0] }, settebello: { points: [0, 1] }, primiera: { points: [1, 0] }, sweeps: { points: [0, 0] } },
        points: [3, 1],
        totals: [5, 4],
        sweeps: [0, 0],
      },
    ]);
    expect(pagat.expect.result).toEqual({ winner: 0, totals: [5, 4] });

    const { fixture: anycard } = await readFixture('rec-sample-2.yaml');
    expect(anycard).toMatchObject({ id: 'recorded/rec-sample-2', variant: 'anycard', options: {}, provenance: { kind: 'recorded', system: 'scopa-web', version: '2.3.1' } });
    expect(anycard.provenance).not.toHaveProperty('recordedAt');
    // Capture is automatic: the decisions name the card alone, the captured cards are expected events.
    const anycardPlays = plays(80, 119);
    expect(anycard.rounds[0]?.plays).toEqual(anycardPlays.map(({ seat, card }) => ({ seat, card })));
    expect(anycard.expect.events?.list.filter((event) => event.type === 'capture')).toEqual(
      anycardPlays.filter((play) => play.captured !== undefined).map(({ seat, card, captured }) => ({ type: 'capture', seat, card, captured })),
    );
    expect(anycard.expect).toMatchObject({ rounds: [{ round: 1, points: [4, 1], totals: [4, 1] }], result: { winner: 0, totals: [4, 1] } });
  });

  test('the imported fixtures are valid, and running them reports the recorded tie point as a SCORE-TIES divergence', async () => {
    await importLog(SAMPLE);
    expect(await runCli(['validate', 'recorded'], { cwd: dir })).toEqual({
      code: 0,
      stdout: 'ok recorded/rec-sample-1.yaml\nok recorded/rec-sample-2.yaml\n2 files, 0 invalid\n',
      stderr: '',
    });
    const ran = await runCli(['run', 'recorded', '--reporter', 'json'], { cwd: dir });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toBe('');
    const report = JSON.parse(ran.stdout) as { fixtures: { id: string; outcome: string; divergence?: unknown }[] };
    expect(report.fixtures.map(({ id, outcome }) => `${id} ${outcome}`)).toEqual(['recorded/rec-sample-1 failed', 'recorded/rec-sample-2 passed']);
    expect(report.fixtures[0]?.divergence).toMatchObject({
      kind: 'award-mismatch',
      round: 1,
      rule: 'SCORE-TIES',
      category: 'primiera',
      field: 'points',
      expected: { points: [1, 1] },
      actual: { counts: [75, 75], points: [0, 0] },
    });
  });

  test('refuses to replace existing files unless --force', async () => {
    await importLog(SAMPLE);
    await writeFile(join(out, 'rec-sample-2.yaml'), 'kept\n');
    expect(await importLog(SAMPLE)).toEqual({
      code: 2,
      stdout: '',
      stderr: [
        'recorded/rec-sample-1.yaml: error: exists; --force replaces it',
        'recorded/rec-sample-2.yaml: error: exists; --force replaces it',
        '2 files exist: nothing was written',
        '',
      ].join('\n'),
    });
    expect(await readFile(join(out, 'rec-sample-2.yaml'), 'utf8')).toBe('kept\n');
    expect((await importLog(SAMPLE, '--force')).code).toBe(0);
    expect((await readFixture('rec-sample-2.yaml')).fixture.id).toBe('recorded/rec-sample-2');
    // A FIFO where a fixture would go is never replaced, --force or not.
    await rm(join(out, 'rec-sample-1.yaml'));
    execFileSync('mkfifo', [join(out, 'rec-sample-1.yaml')]);
    expect(await importLog(SAMPLE, '--force')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'recorded/rec-sample-1.yaml: error: is a FIFO (named pipe); only a regular file is written\n1 file exists: nothing was written\n',
    });
    expect((await lstat(join(out, 'rec-sample-1.yaml'))).isFIFO()).toBe(true);
    await rm(join(out, 'rec-sample-1.yaml'));
  });

  test('an unfinished game becomes a partial game: its plays so far, and neither score sheet nor result', async () => {
    const lines = (await readFile(SAMPLE, 'utf8')).split('\n').slice(79, 90);
    await writeFile(join(dir, 'unfinished.jsonl'), `${lines.join('\n')}\n`);
    expect(await importLog(join(dir, 'unfinished.jsonl'))).toEqual({ code: 0, stdout: 'wrote recorded/rec-unfinished-1.yaml\n', stderr: '' });
    const { fixture } = await readFixture('rec-unfinished-1.yaml');
    expect(fixture.rounds[0]?.plays).toHaveLength(9);
    expect(Object.keys(fixture.expect)).toEqual(['events']);
    const ran = await runCli(['run', 'recorded'], { cwd: dir });
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^1 fixtures?: 1 passed, 0 failed/m);
  });

  test('a claim line becomes a claim decision in its place and an expected claim event', async () => {
    const deck = ['9S', '3D', '7C', '10H', '1C', '8D', '6D', '4C', '2H', '5S'];
    const cards = [...deck, ...['D', 'H', 'S', 'C'].flatMap((suit) => Array.from({ length: 10 }, (_, i) => `${i + 1}${suit}`)).filter((card) => !deck.includes(card))];
    const log = [
      { type: 'game', system: 'escoba-app', version: '3', variant: 'escoba-vipgames', players: 2, firstDealer: 1 },
      { type: 'deck', cards },
      { type: 'play', seat: 0, card: '9S' },
      { type: 'claim', seat: 1, captured: ['6D', '9S'] },
      { type: 'play', seat: 1, card: '8D', captured: ['2H', '5S'] },
    ];
    await writeFile(join(dir, 'renuncio.jsonl'), log.map((line) => `${JSON.stringify(line)}\n`).join(''));
    expect(await importLog(join(dir, 'renuncio.jsonl'))).toEqual({ code: 0, stdout: 'wrote recorded/rec-renuncio-1.yaml\n', stderr: '' });
    const { fixture } = await readFixture('rec-renuncio-1.yaml');
    expect(fixture.rounds[0]?.plays).toEqual([{ seat: 0, card: '9S' }, { seat: 1, claim: ['6D', '9S'] }, { seat: 1, card: '8D', capture: ['2H', '5S'] }]);
    expect(fixture.expect.events).toEqual({
      match: 'types',
      types: ['capture', 'trail', 'claim'],
      list: [
        { type: 'trail', seat: 0, card: '9S' },
        { type: 'claim', seat: 1, captured: ['6D', '9S'] },
        { type: 'capture', seat: 1, card: '8D', captured: ['2H', '5S'] },
      ],
    });
    const ran = await runCli(['run', 'recorded'], { cwd: dir });
    expect(ran.stdout).toMatch(/^1 fixtures?: 1 passed, 0 failed/m);
  });

  test('--system, --version and --variant fill in what the game line leaves out', async () => {
    const [, ...rest] = (await readFile(SAMPLE, 'utf8')).split('\n').slice(79, 119);
    await writeFile(join(dir, 'bare.jsonl'), [JSON.stringify({ type: 'game', players: 2 }), ...rest, ''].join('\n'));
    const ran = await importLog(join(dir, 'bare.jsonl'), '--system', 'anycard-app', '--version', '1.0', '--variant', 'anycard');
    expect(ran).toEqual({ code: 0, stdout: 'wrote recorded/rec-bare-1.yaml\n', stderr: '' });
    const { fixture } = await readFixture('rec-bare-1.yaml');
    expect(fixture).toMatchObject({ variant: 'anycard', title: 'Game 1 of bare.jsonl, as anycard-app 1.0 recorded it' });
    expect(fixture.provenance).toEqual({ kind: 'recorded', system: 'anycard-app', version: '1.0' });
  });
});

describe('import: a problem in the log is reported at its line, exit 2, and nothing is written', () => {
  /** The sample's first game (79 lines) with `change` applied to its lines (0-based). */
  const firstGameWith = async (change: (lines: string[]) => void): Promise<string[]> => {
    const lines = (await readFile(SAMPLE, 'utf8')).split('\n').slice(0, 79);
    change(lines);
    return lines;
  };
  const edit = (index: number, patch: (line: Record<string, unknown>) => void) => (lines: string[]) => {
    const line = JSON.parse(lines[index] as string) as Record<string, unknown>;
    patch(line);
    lines[index] = JSON.stringify(line);
  };
  const importLines = async (lines: string[], ...flags: string[]) => {
    await writeFile(join(dir, 'bad.jsonl'), `${lines.join('\n')}\n`);
    return importLog(join(dir, 'bad.jsonl'), ...flags);
  };

  test.each<[string, (lines: string[]) => void, string[]]>([
    ['a key the line does not have', edit(2, (play) => (play.capture = ['1D'])), ['3: error: unknown key "capture" (allowed: type, seat, card, captured)']],
    [
      'a card not in notation',
      edit(2, (play) => (play.card = '11D')),
      ['3: error: card: expected a card in notation (value 1 to 10, then suit D, H, S or C: 7D, 10S), got "11D"'],
    ],
    ['an unknown line type', edit(2, (play) => (play.type = 'move')), ['3: error: type: expected one of game, deck, play, claim, round, result, got "move"']],
    ['a line before the game line', (lines) => lines.unshift(lines[2] as string), ['1: error: a "play" line before any "game" line: a log starts with a "game" line']],
    [
      'a deck order after the plays of a round',
      (lines) => lines.splice(5, 0, lines[1] as string),
      ['6: error: a "deck" line after the plays of round 1: a redeal\'s deck order comes before the round\'s first play, and the next round\'s after the round\'s "round" line'],
    ],
    ['a play after the round line', (lines) => lines.splice(39, 0, lines[2] as string), ['40: error: a "play" line after round 1\'s "round" line (line 39): a round starts with a "deck" line']],
    ['a round line that miscounts', edit(38, (round) => (round.round = 2)), ['39: error: the "round" line says round 2, but it ends round 1']],
    ['a line after the result', (lines) => lines.push(lines[2] as string), ['80: error: a "play" line after the game\'s "result" line (line 79): a new game starts with a "game" line']],
    ['no system', edit(0, (game) => delete game.system), ['1: error: the game names no system: write "system" in its "game" line, or give --system']],
    ['an option out of range', edit(0, (game) => (game.options = { target: 99 })), ['1: error: option "target": 99 is out of range 1..41']],
    ['a deck order that is not the whole deck', edit(1, (deck) => ((deck.cards as string[])[5] = '9S')), ['2: error: deck order 1 of round 1 is not a full deck: 40 cards, expected 40; missing 1H; twice: 9S']],
    [
      'a score sheet that does not fit the game',
      edit(38, (round) => Object.assign(round, { totals: [2, 3, 0], categories: { scopa: [1, 0] } })),
      ['39: error: unknown category "scopa" (its categories: cards, coins, settebello, primiera, sweeps)', '39: error: totals: expected 2 values, one per side; got 3'],
    ],
    ['a winner that is no side', edit(78, (result) => (result.winner = 2)), ['79: error: side 2 does not exist: this game has 2 sides']],
  ])('%s', async (_, change, problems) => {
    const ran = await importLines(await firstGameWith(change));
    const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
    expect(ran).toEqual({ code: 2, stdout: '', stderr: [...problems.map((problem) => `bad.jsonl:${problem}`), `${count} in bad.jsonl: nothing was written`, ''].join('\n') });
    await expect(readdir(out)).rejects.toThrow(/ENOENT/);
  });

  test('a line that is not JSON', async () => {
    const ran = await importLines(await firstGameWith((lines) => (lines[3] = '{"type":"play","seat":1,}')));
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toMatch(/^bad\.jsonl:4: error: not JSON as a log takes it: .+\n1 problem in bad\.jsonl: nothing was written\n$/);
  });

  test('the command line contradicting the game line', async () => {
    const ran = await importLines(await firstGameWith(() => {}), '--variant', 'escoba', '--version', '2.3.1');
    expect(ran.stderr).toBe('bad.jsonl:1: error: the game\'s variant is "pagat", but --variant says "escoba"\n1 problem in bad.jsonl: nothing was written\n');
    expect(ran.code).toBe(2);
  });
});

describe('import: usage mistakes', () => {
  test.each([
    [[], 'import needs the log file to read\nUsage: scopa-conformance import <log.jsonl> [--out <dir>] [--variant <id|file>] [--system <name>]\n                                [--version <v>] [--force] [--variants <dir>]'],
    [[SAMPLE, '--variant', 'scopa-nova'], 'unknown variant "scopa-nova" (known: anycard-rules-page, anycard, asso-piglia-tutto-vivaioscuole, asso-piglia-tutto, cirulla-gioeleghidara, cirulla-parlett, cirulla, denexa-cassino-pairing, denexa, escoba-counted-out-next-award, escoba-counted-out, escoba-denexa-blog, escoba-entretodos, escoba-fifteen-only, escoba-gianbolocco, escoba-github-readme, escoba-magnojuegos, escoba-paigro, escoba-playjoy, escoba-ranked-losers, escoba-vipgames, escoba, house-remainder-dealer, house-remainder-first-player, house-settebello-per-copy, napola-napoleone, napola-tripod, napola, pagat-tie-draw, pagat, parlett-tie-count, playpalace-every-sweep, playpalace, re-bello, scopa-a-quindici-pagat, scopa-a-quindici, scopa-d-assi-giochistars, scopa-d-assi-iogames, scopa-d-assi-scopone-wikipedia, scopa-d-assi-snai, scopa-d-assi-vile, scopa-d-assi, scopa-dimensionecasino, scopa-fewest-cards, scopa-folk-primiera, scoparella, scopone-classico-figs, scopone-classico, scopone-scientifico, tripod-varianti)'],
  ])('%j', async (argv, message) => {
    expect(await runCli(['import', ...argv], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: `error: ${message}\nRun "scopa-conformance help import" for usage.\n`,
    });
  });

  test('into a folder of any name: the ids take its name as an id segment, and validate takes the fixtures', async () => {
    const ran = await runCli(['import', SAMPLE, '--out', 'My_Recorded.Games'], { cwd: dir });
    expect(ran.code).toBe(0);
    expect(await readdir(join(dir, 'My_Recorded.Games'))).toEqual(['rec-sample-1.yaml', 'rec-sample-2.yaml']);
    expect(await readFile(join(dir, 'My_Recorded.Games', 'rec-sample-1.yaml'), 'utf8')).toContain('"id": "my-recorded-games/rec-sample-1"');
    expect(await runCli(['validate', 'My_Recorded.Games'], { cwd: dir })).toMatchObject({ code: 0 });
  });

  test('a log that cannot be read', async () => {
    expect(await runCli(['import', 'missing.jsonl'], { cwd: dir })).toMatchObject({
      code: 2,
      stdout: '',
      stderr: expect.stringMatching(/^missing\.jsonl: error: cannot read file: ENOENT: no such file or directory/),
    });
    await mkdir(join(dir, 'log.jsonl'));
    expect(await runCli(['import', 'log.jsonl'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'log.jsonl: error: cannot read file: it is a directory, not a regular file\n',
    });
  });
});
