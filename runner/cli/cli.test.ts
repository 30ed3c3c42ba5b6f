import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { runCli } from './cli-harness.ts';
import { PACKAGE_JSON, VARIANTS_DIR } from '../util/repo-paths.ts';

const VALID = 'runner/load/cases/valid';
const INVALID = 'runner/load/cases/invalid';

const run = (...argv: string[]) => runCli(argv);

describe('help and version', () => {
  test('--version prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string };
    expect(await run('--version')).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  test('--help lists the commands', async () => {
    const { code, stdout } = await run('--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: scopa-conformance <command>/);
    expect(stdout).toMatch(/^ {2}validate +check variant files/m);
    expect(stdout).toMatch(/^ {2}variant +list the variants/m);
  });

  test('help <command> and <command> --help print the same help', async () => {
    const viaHelp = await run('help', 'variant');
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toMatch(/^Usage: scopa-conformance variant list/);
    expect(await run('variant', 'show', 'x', '--help')).toEqual(viaHelp);
  });

  test.each([
    [[], 'no command given', 'scopa-conformance --help'],
    [['frobnicate'], 'unknown command "frobnicate" (commands: run, diagnose, merge, compare, fuzz, validate, variant, new, explain, selfplay, generate, import, update, coverage, engine, score, show, export)', 'scopa-conformance --help'],
    [['help', 'frobnicate'], 'unknown command "frobnicate"', 'scopa-conformance --help'],
    [['validate', '--strict'], "Unknown option '--strict'", 'scopa-conformance help validate'],
    [['variant'], 'variant needs an action: list or show', 'scopa-conformance help variant'],
    [['variant', 'remove'], 'unknown action "remove" (expected list or show)', 'scopa-conformance help variant'],
    [['variant', 'show'], 'variant show needs a variant id', 'scopa-conformance help variant'],
  ])('a usage mistake (%j) exits 2 with one line and a pointer to the help', async (argv, message, help) => {
    const { code, stdout, stderr } = await run(...argv);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`error: ${message}`);
    expect(stderr).toContain(`Run "${help}" for usage.`);
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});

describe('numbers with a minus sign', () => {
  test.each([
    [['run', '--games', '-1'], '--games takes a whole number from 0 to 100000, got "-1"'],
    [['run', '--games', '5', '--seed', '-5'], '--seed takes a whole number from 0 to 9007199254740991, got "-5"'],
    [['run', '-j', '-2'], '--jobs takes a whole number from 1 to'],
    [['run', '--jobs', '-.5'], '--jobs takes a whole number from 1 to'],
    [['generate', '--variant', 'pagat', '--seed', '1', '--count', '-3'], '--count takes a whole number from 1 to'],
    [['fuzz', '--engine', 'x', '--illegal-rate', '-0.5'], '--illegal-rate takes a number from 0 to 1, got "-0.5"'],
    [['fuzz', '--engine', 'x', '--time', '-5s'], '--time takes seconds (60 or 60s) or minutes (2m), at least 1 s, got "-5s"'],
  ])('%j: named as any bad value is, exit 2', async (argv, message) => {
    const { code, stdout, stderr } = await run(...argv);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toContain(`error: ${message}`);
    expect(stderr).not.toContain('ambiguous');
  });

  test('after --, a value with a minus sign stays a positional argument, and a flag takes no value', async () => {
    expect((await run('show', '--', '-1')).stderr).toContain('-1');
    expect((await run('run', '--bail', '-1')).stderr).toContain("Unknown option '-1'");
  });
});

describe('a command with nothing to work on', () => {
  test.each([
    [['diagnose'], 'diagnose needs an engine', 'Usage: scopa-conformance diagnose [paths|ids...]'],
    [['merge'], 'merge needs the JSON reports of the shards', 'Usage: scopa-conformance merge <report.json ...>'],
    [['compare'], 'compare needs an engines file', 'Usage: scopa-conformance compare <engines file> [paths|ids...]'],
    [['compare', 'engines.yaml', '--merge'], 'compare --merge needs the JSON reports of compare --only/--shard', 'Usage: scopa-conformance compare <engines file>'],
    [['fuzz'], 'fuzz needs an engine to test', 'Usage: scopa-conformance fuzz (--engine <command>'],
    [['variant'], 'variant needs an action: list or show', 'Usage: scopa-conformance variant list'],
  ])('%j: exit 2, the error, then the usage lines', async (argv, message, usage) => {
    const { code, stdout, stderr } = await run(...argv);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toMatch(new RegExp(`^error: ${message}.*\n${usage.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(stderr).toMatch(/\nRun "scopa-conformance help \w+" for usage\.\n$/);
  });
});

describe('validate', () => {
  test('valid files: ok lines, a count, exit 0', async () => {
    expect(await run('validate', `${VALID}/base.yaml`, `${VALID}/house-rules.yaml`)).toEqual({
      code: 0,
      stdout: `ok ${VALID}/base.yaml\nok ${VALID}/house-rules.yaml\n2 files, 0 invalid\n`,
      stderr: '',
    });
  });

  test('an invalid file: file:line:col: error: message on stderr, exit 2', async () => {
    const result = await run('validate', `${VALID}/base.yaml`, `${INVALID}/bad-enum.yaml`);
    expect(result).toEqual({
      code: 2,
      stdout: `ok ${VALID}/base.yaml\n2 files, 1 invalid\n`,
      stderr: `${INVALID}/bad-enum.yaml:7:14: error: expected one of player, auto, got "automatic"\n`,
    });
  });

  test('a file that cannot be read, exit 2', async () => {
    const { code, stdout, stderr } = await run('validate', `${VALID}/missing.yaml`);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(new RegExp(`^${VALID}/missing.yaml: error: cannot read file: ENOENT`));
  });

  test('every broken case is reported, one line each', async () => {
    const cases = readdirSync(fileURLToPath(new URL(`../../${INVALID}`, import.meta.url)));
    const { code, stderr } = await run('validate', ...cases.map((name) => `${INVALID}/${name}`));
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n')).toHaveLength(cases.length);
  });

  test('with no files, every variant in variants/ is valid', async () => {
    const variants = readdirSync(VARIANTS_DIR).filter((name) => name.endsWith('.yaml'));
    const { code, stdout, stderr } = await run('validate');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    for (const name of variants) expect(stdout).toContain(`ok variants/${name}\n`);
  });
});

describe('variant', () => {
  test('list: ids and titles', async () => {
    expect(await run('variant', 'list', '--dir', VALID)).toEqual({
      code: 0,
      stdout: 'base         The defaults\nhouse-rules  House rules over the defaults\n',
      stderr: '',
    });
  });

  test('list: a directory with a broken variant, exit 2', async () => {
    const { code, stdout, stderr } = await run('variant', 'list', '--dir', INVALID);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`${INVALID}/bad-enum.yaml:7:14: error:`);
  });

  test('show: the resolved rules with options applied, as YAML', async () => {
    const options = ['--option', 'target=21', '-o', 'fifteen=true', '-o', 'sweeps=double'];
    const { code, stdout, stderr } = await run('variant', 'show', 'house-rules', '--dir', VALID, ...options);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const shown = parse(stdout) as { options: unknown; rules: Record<string, Record<string, unknown>> };
    expect(shown.options).toEqual({ target: 21, fifteen: true, sweeps: 'double' });
    expect(shown.rules.end?.target).toBe(21);
    expect(shown.rules.capture).toMatchObject({ mode: 'fifteen', rankPriority: false });
    expect(shown.rules.sweep).toMatchObject({ points: 2 });
  });

  test('show --json: the same as JSON, with option defaults', async () => {
    const { code, stdout } = await run('variant', 'show', 'house-rules', '--dir', VALID, '--json');
    expect(code).toBe(0);
    const shown = JSON.parse(stdout) as { id: string; options: unknown; rules: { end: { target: number } } };
    expect(shown.id).toBe('house-rules');
    expect(shown.options).toEqual({ target: 16, fifteen: false, sweeps: 'normal' });
    expect(shown.rules.end.target).toBe(16);
  });

  test.each([
    [['-o', 'target=twenty'], 'option "target" takes an integer, got "twenty"'],
    [['-o', 'target=40'], 'option "target": 40 is out of range 5..31'],
    [['-o', 'fifteen=yes'], 'option "fifteen" takes true or false, got "yes"'],
    [['-o', 'sweeps=triple'], 'option "sweeps": expected one of normal, double, none, got "triple"'],
    [['-o', 'decks=2'], 'variant "house-rules" has no option "decks"; its options are target, fifteen, sweeps'],
    [['-o', 'target'], '--option expects name=value, got "target"'],
  ])('show with a bad option (%j) exits 2 with the reason', async (option, message) => {
    const { code, stdout, stderr } = await run('variant', 'show', 'house-rules', '--dir', VALID, ...option);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`error: ${message}\n`);
  });

  test('show: an unknown variant names the known ones, exit 2', async () => {
    const { code, stderr } = await run('variant', 'show', 'pagat', '--dir', VALID);
    expect(code).toBe(2);
    expect(stderr).toContain('error: unknown variant "pagat" (known: base, house-rules)');
  });

  test('show: a broken variant reports its errors, exit 2', async () => {
    const { code, stderr } = await run('variant', 'show', 'extends-invalid-parent', '--dir', INVALID);
    expect(code).toBe(2);
    expect(stderr).toContain(
      `${INVALID}/extends-invalid-parent.yaml:3:10: error: parent variant "bad-enum" has errors`,
    );
  });
});
