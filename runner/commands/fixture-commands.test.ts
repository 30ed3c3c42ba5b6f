import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT, runCli } from '../cli/cli-harness.ts';
import { FIXTURES_DIR, VARIANTS_DIR } from '../util/repo-paths.ts';

const REPO = REPO_ROOT;
const CASES = 'runner/load/cases';
const VALID = `${CASES}/fixtures/valid`;
const INVALID = `${CASES}/fixtures/invalid`;
const GAME = `${CASES}/games/pagat-opening.yaml`;

const run = (...argv: string[]) => runCli(argv);

const yamlFiles = (dir: string): string[] => readdirSync(join(REPO, dir)).filter((name) => name.endsWith('.yaml')).sort();

describe('validate with fixtures', () => {
  test('a directory of valid fixtures: an ok line each, a count, exit 0', async () => {
    const names = yamlFiles(VALID);
    expect(await run('validate', VALID)).toEqual({
      code: 0,
      stdout: `${names.map((name) => `ok ${VALID}/${name}\n`).join('')}${names.length} files, 0 invalid\n`,
      stderr: '',
    });
  });

  test('variant files and fixtures together', async () => {
    const { code, stdout, stderr } = await run('validate', `${CASES}/valid/base.yaml`, `${VALID}/pagat-must-capture.yaml`);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(`ok ${CASES}/valid/base.yaml\nok ${VALID}/pagat-must-capture.yaml\n2 files, 0 invalid\n`);
  });

  test('a broken fixture: file:line:col: error: message on stderr, exit 2', async () => {
    const result = await run('validate', `${VALID}/pagat-opening-sweep.yaml`, `${INVALID}/illegal-decision.yaml`);
    expect(result).toEqual({
      code: 2,
      stdout: `ok ${VALID}/pagat-opening-sweep.yaml\n2 files, 1 invalid\n`,
      stderr:
        `${INVALID}/illegal-decision.yaml:18:9: error: the reference engine refuses round 1 play 2: ` +
        'MUST_CAPTURE: 6S can capture, so it may not be trailed\n',
    });
  });

  test('every broken fixture is reported, one line each', async () => {
    const { code, stdout, stderr } = await run('validate', INVALID);
    expect(code).toBe(2);
    const cases = yamlFiles(INVALID);
    expect(stderr.trimEnd().split('\n')).toHaveLength(cases.length);
    expect(stdout).toBe(`${cases.length} files, ${cases.length} invalid\n`);
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  test('with no arguments, every variant and every fixture of the repository', async () => {
    const variants = readdirSync(VARIANTS_DIR).filter((name) => name.endsWith('.yaml'));
    const fixtures = readdirSync(FIXTURES_DIR, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.yaml'));
    const { code, stdout, stderr } = await run('validate');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    for (const name of variants) expect(stdout).toContain(`ok variants/${name}\n`);
    for (const name of fixtures) expect(stdout).toContain(`ok fixtures/${name}\n`);
    expect(stdout).toContain(`${variants.length + fixtures.length} files, 0 invalid\n`);
  });

  test('a directory without YAML files, exit 2', async () => {
    const { code, stderr } = await run('validate', 'runner/commands');
    expect(code).toBe(2);
    expect(stderr).toBe('error: no variant or fixture files in runner/commands\n');
  });
});

describe('score', () => {
  test('a game file: its events as an expect block, exit 0', async () => {
    const { code, stdout, stderr } = await run('score', GAME);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^# score of runner\/load\/cases\/games\/pagat-opening.yaml: 0 rounds scored; the game goes on/);
    expect(stdout).toContain('      - { type: capture, seat: 0, card: 10C, captured: [10S] }\n      - { type: sweep, seat: 0, points: 1 }\n');
    const score = parse(stdout) as { expect: { events: { match: string; list: { type: string }[] }; rounds: unknown[] } };
    expect(score.expect.events.match).toBe('all');
    expect(score.expect.events.list.map((event) => event.type)).toEqual(['deal', 'capture', 'capture', 'capture', 'sweep']);
    expect(score.expect.rounds).toEqual([]);
  });

  test('a whole round: its score sheet, laid out as a fixture writes it', async () => {
    const { code, stdout } = await run('score', `${VALID}/pagat-round-one.yaml`);
    expect(code).toBe(0);
    expect(stdout).toContain(
      [
        '  rounds:',
        '    - round: 1',
        '      awards:',
        '        cards: { counts: [25, 15], points: [1, 0] }',
        '        coins: { counts: [5, 5], points: [0, 0] }',
        '        settebello: { counts: [1, 0], points: [1, 0] }',
        '        primiera: { counts: [79, 73], points: [1, 0] }',
        '        sweeps: { counts: [0, 0], points: [0, 0] }',
        '      points: [3, 0]',
        '      totals: [3, 0]',
        '      sweeps: [0, 0]',
      ].join('\n'),
    );
  });

  test('--json prints the same data', async () => {
    const yaml = parse((await run('score', `${VALID}/pagat-round-one.yaml`)).stdout) as unknown;
    const { code, stdout } = await run('score', `${VALID}/pagat-round-one.yaml`, '--json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(yaml);
  });

  test('a refused decision is printed with its code and place, exit 0', async () => {
    const { code, stdout } = await run('score', `${VALID}/pagat-must-capture.yaml`);
    expect(code).toBe(0);
    expect(stdout).toContain('  reject: { round: 1, play: 2, code: MUST_CAPTURE }\n');
    expect(stdout).toContain(
      `refused: { round: 1, play: 2, code: MUST_CAPTURE, message: "6S can capture, so it may not be trailed", at: "${VALID}/pagat-must-capture.yaml:19:9" }\n`,
    );
  });

  test('inputs the game never reaches are warnings', async () => {
    const { code, stderr } = await run('score', `${INVALID}/too-many-plays.yaml`);
    expect(code).toBe(0);
    expect(stderr).toBe(
      `${INVALID}/too-many-plays.yaml:53:9: warning: round 1 ends after 36 plays; this play and any after it are never played\n`,
    );
  });

  test('an invalid game file: its problems, exit 2', async () => {
    expect(await run('score', `${INVALID}/deck-missing-card.yaml`)).toEqual({
      code: 2,
      stdout: '',
      stderr: `${INVALID}/deck-missing-card.yaml:14:9: error: deck order 1 of round 1 is not a full deck: 39 cards, expected 40; missing 8C\n`,
    });
  });

  test.each([
    [[], 'score needs a game file'],
    [[GAME, GAME], 'score takes one game file, got 2'],
  ])('a usage mistake (%j) exits 2', async (argv, message) => {
    const { code, stderr } = await run('score', ...argv);
    expect(code).toBe(2);
    expect(stderr).toContain(`error: ${message}\n`);
  });
});

describe('show', () => {
  test('a partial game, play by play, with the table after each play', async () => {
    const { code, stdout, stderr } = await run('show', `${VALID}/pagat-opening-sweep.yaml`);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      "valid/pagat-opening-sweep: A sum capture, a rank capture and a sweep in pagat's first deal (a partial game)",
      'variant pagat, 2 players, 2 sides, options: defaults',
      `file ${VALID}/pagat-opening-sweep.yaml`,
    ]);
    expect(stdout).toContain(
      [
        'round 1  dealer seat 1',
        '  deal 1',
        '    seat 0  7D 10C 5S',
        '    seat 1  6S 2H 9C',
        '    table   3D 4C 10S 6H',
        'round 1 play 1  seat 0  plays 7D  takes 3D 4C',
        '    table   10S 6H',
      ].join('\n'),
    );
    expect(stdout).toContain('round 1 play 3  seat 0  plays 10C  takes 10S  (sweep)\n    table   (empty)\n');
    expect(stdout).toContain('round 1 play 4  seat 1  plays 2H  trails\n    table   2H\n');
    expect(stdout).toContain('  deal 2\n    seat 0  1D 2D 4D\n    seat 1  5D 6D 8D\n');
    expect(stdout).toContain('no result: the inputs end (a partial game)\n');
    expect(stdout).not.toContain('(differs)');
  });

  test('the score sheet, with the expected figures beside it', async () => {
    const { code, stdout } = await run('show', `${VALID}/pagat-round-one.yaml`);
    expect(code).toBe(0);
    expect(stdout).toContain('  remainder  seat 0 takes 1C 10C 9C 5C 7C\n');
    expect(stdout).toContain(
      [
        '  score sheet',
        '                  counts  points  expected',
        '    cards         25 15   1 0     counts 25 15; points 1 0',
        '    coins         5 5     0 0',
        '    settebello    1 0     1 0',
        '    primiera      79 73   1 0     counts 79 73; points 1 0',
        '    sweeps        0 0     0 0',
        '    round points          3 0     3 0',
        '    totals                3 0     3 0',
        '    sweeps made   0 0             0 0',
      ].join('\n'),
    );
  });

  test('a refusal, with the expected one', async () => {
    const { code, stdout } = await run('show', `${VALID}/pagat-must-capture.yaml`);
    expect(code).toBe(0);
    expect(stdout).toContain(
      [
        'round 1 play 2  seat 1  plays 6S  REFUSED MUST_CAPTURE: 6S can capture, so it may not be trailed',
        `    at ${VALID}/pagat-must-capture.yaml:19:9`,
        '    expected: round 1 play 2 refused with MUST_CAPTURE',
      ].join('\n'),
    );
    expect(stdout).toContain('no result: an input was refused\n');
  });

  test('expectations the reference does not meet are marked where they differ', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'show-'));
    try {
      const text = readFileSync(join(REPO, VALID, 'pagat-round-one.yaml'), 'utf8')
        .replace('category: coins, counts: [5, 5], points: [0, 0]', 'category: coins, counts: [5, 5], points: [1, 0]')
        .replace('      points: [3, 0]\n', '      points: [4, 0]\n');
      await mkdir(join(dir, 'valid'));
      await writeFile(join(dir, 'valid', 'pagat-round-one.yaml'), text);
      const { code, stdout } = await run('show', join(dir, 'valid', 'pagat-round-one.yaml'));
      expect(code).toBe(0);
      expect(stdout).toContain('    round points          3 0     4 0  (differs)\n');
      expect(stdout).toContain('    (differs) expected { type: award, round: 1, category: coins, counts: [5, 5], points: [1, 0] }\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('--json: the same account as data', async () => {
    const { code, stdout } = await run('show', `${VALID}/pagat-opening-sweep.yaml`, '--json');
    expect(code).toBe(0);
    const shown = JSON.parse(stdout) as { id: string; end: string; rounds: { dealer: number; steps: { kind: string }[] }[] };
    expect(shown.id).toBe('valid/pagat-opening-sweep');
    expect(shown.end).toBe('inputs-end');
    expect(shown.rounds[0]?.dealer).toBe(1);
    expect(shown.rounds[0]?.steps.map((step) => step.kind)).toEqual(['deal', 'play', 'play', 'play', 'play', 'play', 'play', 'deal']);
    expect(shown.rounds[0]?.steps[3]).toEqual({ kind: 'play', play: 3, seat: 0, card: '10C', captured: ['10S'], sweep: true, table: [] });
  });

  test('a game file without expectations', async () => {
    const { code, stdout } = await run('show', GAME);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(GAME);
  });

  test('an invalid file: its problems, exit 2', async () => {
    const { code, stdout, stderr } = await run('show', `${INVALID}/unknown-variant.yaml`);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`${INVALID}/unknown-variant.yaml:4:10: error: unknown variant "pagot"`);
  });
});
