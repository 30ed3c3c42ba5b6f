/**
 * A plain `run` of an engine other than the reference plays, after the corpus, seeded games of the engine's rules
 * and seeded illegal-decision probes, reported apart (issue 30): the two bugs fuzz found before the corpus did each
 * fail a plain run under their rule, found by the probes, with a command that reruns the probe and a shrunk fixture
 * that reproduces it; the same seed gives the same run; probes are named in expect-fail lists and shards as games
 * are; the reference's own run, a run of fixtures named and --corpus-only play none; bad budgets are refused.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from '../cli/cli-harness.ts';
import { buildMutant } from '../mutants/apply.ts';
import { MUTANTS } from '../mutants/catalog.ts';
import { DEFAULT_BUDGET } from './run.ts';

const REFERENCE = ['--adapter', 'runner/testdata/reference-adapter.ts'];
// One corpus fixture, which --filter leaves out: the games and probes alone, without checking the whole corpus.
const ONE = 'fixtures/escoba/table-bonus-fifteen-01.yaml';

const mutantEngine = async (name: string): Promise<string> => {
  const mutant = MUTANTS.find((candidate) => candidate.name === name);
  if (mutant === undefined) throw new Error(`no mutant ${name} in the catalog`);
  return (await buildMutant(mutant)).engineCommand;
};

interface Report {
  total: number;
  corpus?: { total: number; failed: number };
  games?: { perSetting: number; counts: { total: number } };
  probes?: { perSetting: number; seed: number; counts: { total: number; failed: number }; refusals: string[]; shrunk?: { rule: string | null; id: string; repro: string; fixture: { id: string; rounds: unknown[] }; file?: string }[] };
  fixtures: { id: string; outcome: string; findings?: { rule: string | null }[] }[];
}

const ajv = new Ajv2020.default({ strict: false });
ajv.addSchema(JSON.parse(await readFile('spec/fixture.schema.json', 'utf8')) as object);
const validReport = ajv.compile(JSON.parse(await readFile('spec/report.schema.json', 'utf8')) as object);

/** The run's JSON report, checked against spec/report.schema.json. */
async function reportOf(argv: string[]): Promise<{ code: number; report: Report }> {
  const ran = await runCli([...argv, '--reporter', 'json']);
  expect(ran.stderr).not.toMatch(/error/);
  const report = JSON.parse(ran.stdout) as Report;
  expect(validReport(report), JSON.stringify(validReport.errors)).toBe(true);
  return { code: ran.code, report };
}

describe('the two bugs fuzz found fail a plain run, under their rule, found by its probes', () => {
  test.each([
    ['rank-priority-for-figures-only', 'CAP-RANK-PRIORITY'],
    ['capture-names-a-card-twice', 'CAP-CHOICE'],
  ])('%s: %s', async (name, rule) => {
    const engine = await mutantEngine(name);
    const ran = await runCli(['run', '--engine', engine]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(/^CORPUS \d+ fixtures: /m);
    expect(ran.stdout).toMatch(new RegExp(`^GAMES \\d+ games: .* \\(${DEFAULT_BUDGET.games} per setting of the engine's rules, `, 'm'));
    expect(ran.stdout).toMatch(new RegExp(`^PROBES \\d+ probes: .* \\(${DEFAULT_BUDGET.probes} per setting of the engine's rules, `, 'm'));
    const found = new RegExp(`^PROBES found ${rule} broken in (probes/\\S+) \\(shrunk to .*: (run-findings/\\S+) in --reporter json\\): (npx scopa-conformance run .*)$`, 'm').exec(ran.stdout);
    expect(found, ran.stdout.slice(-3000)).not.toBeNull();
    const [, probe = '', shrunkId = '', repro = ''] = found ?? [];
    expect(ran.stdout).toMatch(new RegExp(`^FAIL  ${probe.replaceAll('/', '\\/')}: `, 'm'));

    // The command reruns that probe alone, and the probe alone fails under the rule.
    const words = repro.replace(/^npx scopa-conformance /, '').match(/'[^']*'|\S+/g)?.map((word) => word.replace(/^'(.*)'$/, '$1')) ?? [];
    expect(words.slice(0, 7)).toEqual(['run', '--probes', '1', '--seed', expect.stringMatching(/^\d+$/), '--filter', probe]);
    const { code, report } = await reportOf(words);
    expect(code).toBe(1);
    expect(report.total).toBe(1);
    expect(report.fixtures[0]?.findings?.map((finding) => finding.rule)).toContain(rule);
    const shrunk = report.probes?.shrunk?.find((finding) => finding.rule === rule);
    expect(shrunk?.fixture.id).toBe(shrunkId);

    // The shrunk fixture, written to the file its id names, fails on the mutant under the rule and passes on the reference.
    const dir = await mkdtemp(join(tmpdir(), 'scopa-probes-'));
    try {
      const file = join(dir, `${shrunkId}.yaml`);
      await mkdir(join(dir, 'run-findings'));
      await writeFile(file, JSON.stringify(shrunk?.fixture));
      const again = await reportOf(['run', file, '--engine', engine]);
      expect(again.code).toBe(1);
      expect(again.report.fixtures[0]?.findings?.map((finding) => finding.rule)).toContain(rule);
      expect(await runCli(['run', file])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^1 fixture: 1 passed/m) });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe('--write-findings: the findings shrunk, written where run reads them', () => {
  test('a probe the engine fails, written as a fixture named by its id, fails on the engine under the rule and passes on the reference', async () => {
    const engine = await mutantEngine('capture-names-a-card-twice');
    const dir = await mkdtemp(join(tmpdir(), 'scopa-probes-'));
    try {
      const found = join(dir, 'found');
      const argv = ['run', ONE, '--probes', '1', '--seed', '4', '--variant', 'pagat', '--filter', 'probes/pagat/p4-s4', '--engine', engine, '--write-findings', found];
      const ran = await runCli(argv);
      expect(ran.code, ran.stderr).toBe(1);
      const file = join(found, 'cap-choice-probes-pagat-p4-s4.yaml');
      expect(ran.stdout).toContain(`PROBES found CAP-CHOICE broken in probes/pagat/p4-s4 (shrunk to 1 round, 10 plays: written to ${file}): npx scopa-conformance run --probes 1 --seed 4`);
      expect(await readdir(found)).toEqual(['cap-choice-probes-pagat-p4-s4.yaml']);

      const again = await reportOf(['run', file, '--engine', engine]);
      expect(again.code).toBe(1);
      expect(again.report.fixtures.map(({ id, findings }) => ({ id, rules: findings?.map((finding) => finding.rule) }))).toEqual([{ id: 'found/cap-choice-probes-pagat-p4-s4', rules: ['CAP-CHOICE'] }]);
      expect(await runCli(['run', file])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^1 fixture: 1 passed/m) });

      // The same seed finds the same game: written again over its own file; the JSON report names the file and the id it holds.
      const json = await reportOf(argv);
      expect(json.report.probes?.shrunk?.map(({ fixture, file: written }) => ({ id: fixture.id, file: written }))).toEqual([{ id: 'found/cap-choice-probes-pagat-p4-s4', file }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('probes beside the games', () => {
  const argv = ['run', ONE, '--games', '1', '--probes', '4', '--seed', '3', '--variant', 'pagat', '--filter', '*s/pagat/*'];

  test('the same seed gives the same run: the games, the probes, their outcomes and what they found', async () => {
    const engine = await mutantEngine('capture-names-a-card-twice');
    const first = await reportOf([...argv, '--engine', engine]);
    const second = await reportOf([...argv, '--engine', engine]);
    const outcomes = ({ report }: { report: Report }): unknown => ({ fixtures: report.fixtures.map(({ id, outcome, findings }) => ({ id, outcome, findings })), shrunk: report.probes?.shrunk });
    expect(outcomes(second)).toEqual(outcomes(first));
    const ids = first.report.fixtures.map((fixture) => fixture.id);
    const games = ids.filter((id) => id.startsWith('games/pagat/'));
    expect(games.length).toBeGreaterThan(2);
    expect(games.every((id) => id.endsWith('-s3'))).toBe(true);
    expect(ids.filter((id) => id.startsWith('probes/pagat/')).length).toBeGreaterThan(6);
    expect(first.report.probes).toMatchObject({ perSetting: 4, seed: 3 });
    expect(first.report.probes?.refusals.length).toBeGreaterThan(1);
    expect(first.report.corpus?.total).toBe(0);
    // Another seed, other probes.
    const other = await reportOf([...argv.slice(0, -6), '--seed', '4', ...argv.slice(-4), '--engine', engine]);
    expect(other.report.fixtures.map((fixture) => fixture.id)).not.toEqual(ids);
  }, 120_000);

  test('a probe is named in an expect-fail list as --write-expect-fail writes it; shards of probes merge into the whole run', async () => {
    const engine = await mutantEngine('capture-names-a-card-twice');
    const wide = [...argv.slice(0, 5), '30', ...argv.slice(6), '--engine', engine];
    const dir = await mkdtemp(join(tmpdir(), 'scopa-probes-'));
    try {
      const list = join(dir, 'known.txt');
      const failing = await runCli([...wide, '--write-expect-fail', list]);
      expect(failing.code).toBe(1);
      const listed = (await readFile(list, 'utf8')).split('\n').filter((line) => line.startsWith('probes/'));
      expect(listed.length).toBeGreaterThan(0);
      expect(await runCli([...wide, '--expect-fail', list])).toMatchObject({ code: 0 });

      const shards = [];
      for (const shard of ['1/2', '2/2']) {
        const ran = await runCli([...wide, '--shard', shard, '--reporter', 'json']);
        const file = join(dir, `shard-${shard.replace('/', '-')}.json`);
        await writeFile(file, ran.stdout);
        shards.push(file);
      }
      const merged = await runCli(['merge', ...shards, '--reporter', 'json']);
      const whole = await runCli([...wide, '--reporter', 'json']);
      const idsOf = (text: string): string[] => (JSON.parse(text) as Report).fixtures.map((fixture) => fixture.id).sort();
      expect(idsOf(merged.stdout)).toEqual(idsOf(whole.stdout));
      expect(merged.code).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);

  test('probes that the engine passes: no finding, exit 0, the probes counted apart', async () => {
    const { code, report } = await reportOf([...argv, ...REFERENCE]);
    expect(code).toBe(0);
    expect(report.probes?.counts.failed).toBe(0);
    expect(report.probes?.counts.total).toBeGreaterThan(6);
    expect(report.probes?.shrunk).toBeUndefined();
  }, 60_000);
});

describe('who plays games and probes unasked', () => {
  test('an engine\'s run of fixtures named, and --corpus-only, play none; --games or --probes alone sets the budget', async () => {
    const named = await runCli(['run', ONE, ...REFERENCE]);
    expect(named.code).toBe(0);
    expect(named.stdout).not.toMatch(/^(CORPUS|GAMES|PROBES) /m);
    const corpusOnly = await runCli(['run', '--corpus-only', '--variant', 'denexa', ...REFERENCE]);
    expect(corpusOnly.code).toBe(0);
    expect(corpusOnly.stdout).not.toMatch(/^(CORPUS|GAMES|PROBES) /m);
    const gamesAlone = await runCli(['run', ONE, '--games', '1', '--variant', 'denexa', ...REFERENCE]);
    expect(gamesAlone.stdout).toMatch(/^GAMES /m);
    expect(gamesAlone.stdout).not.toMatch(/^PROBES /m);
  }, 60_000);

  test('the reference engine\'s own run is the corpus alone; another engine\'s plays the default budget after it', async () => {
    const own = await runCli(['run', '--variant', 'denexa']);
    expect(own.code).toBe(0);
    expect(own.stdout).not.toMatch(/^(CORPUS|GAMES|PROBES) /m);
    const { report } = await reportOf(['run', '--variant', 'denexa', ...REFERENCE]);
    expect(report.games?.perSetting).toBe(DEFAULT_BUDGET.games);
    expect(report.probes?.perSetting).toBe(DEFAULT_BUDGET.probes);
    expect(report.corpus?.total).toBe(Number(/^(\d+) fixtures:/m.exec(own.stdout)?.[1]));
    const ids = report.fixtures.map((fixture) => fixture.id);
    const firstGenerated = ids.findIndex((id) => id.startsWith('games/') || id.startsWith('probes/'));
    expect(ids.slice(firstGenerated).every((id) => id.startsWith('games/denexa/') || id.startsWith('probes/denexa/'))).toBe(true);
    expect(firstGenerated).toBe(report.corpus?.total);
  }, 60_000);
});

describe('bad budgets and seeds: a clear error, exit 2, nothing run', () => {
  test.each([
    [['--games=-1'], '--games takes a whole number from 0 to 100000, got "-1"'],
    [['--probes', '1.5'], '--probes takes a whole number from 0 to 100000, got "1.5"'],
    [['--probes', 'many', '--engine', 'false'], '--probes takes a whole number from 0 to 100000, got "many"'],
    [['--games', '100001'], '--games takes a whole number from 0 to 100000, got "100001"'],
    [['--games', '2', '--seed', 'x'], '--seed takes a whole number from 0 to 9007199254740991, got "x"'],
    [['--seed=-3', '--engine', 'false'], '--seed takes a whole number from 0 to 9007199254740991, got "-3"'],
    [['--seed', '3'], '--seed is the first seed of --games and --probes: give one of them too'],
    [['--corpus-only', '--probes', '3'], '--corpus-only plays no games or probes: not with --games, --probes or --seed'],
    [['--corpus-only', '--seed', '3', '--engine', 'false'], '--corpus-only plays no games or probes'],
  ])('run %j', async (args, message) => {
    const ran = await runCli(['run', ...args]);
    expect(ran).toMatchObject({ code: 2, stdout: '' });
    expect(ran.stderr).toContain(`error: ${message}`);
  });
});
