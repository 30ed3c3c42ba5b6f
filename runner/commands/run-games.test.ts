import Ajv2020 from 'ajv/dist/2020.js';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runCli } from '../cli/cli-harness.ts';

const REFERENCE = 'runner/testdata/reference-adapter.ts';
const LAST_PLAY = 'runner/testdata/last-play-sweeps-adapter.ts';
// One corpus fixture, which --filter 'games/*' leaves out: the games alone, without checking the whole corpus.
const ONE = 'fixtures/escoba/table-bonus-fifteen-01.yaml';
const STRICT = ['--adapter', 'runner/testdata/strict-escoba-adapter.ts', '--profile', 'runner/testdata/strict-escoba.yaml'];

interface GamesReport {
  total: number;
  notApplicable: number;
  games: { perSetting: number; settings: number; counts: { total: number; passed: number; failed: number; 'not-applicable': number }; exercised: string[] };
  fixtures: { id: string; outcome: string; findings?: { rule: string | null }[] }[];
}

const reportOf = async (argv: string[]): Promise<GamesReport> => {
  const ran = await runCli([...argv, '--reporter', 'json']);
  expect(ran.stderr).toBe('');
  const report = JSON.parse(ran.stdout) as GamesReport;
  const schema = JSON.parse(await readFile('spec/report.schema.json', 'utf8')) as object;
  const ajv = new Ajv2020.default({ strict: false });
  ajv.addSchema(JSON.parse(await readFile('spec/fixture.schema.json', 'utf8')) as object);
  expect(ajv.validate(schema, report), JSON.stringify(ajv.errors)).toBe(true);
  return report;
};

test('--games: n games per setting of the profile, beside the corpus, counted apart, with the rules they exercised', async () => {
  const ran = await runCli(['run', ONE, '--games', '4', '--seed', '9', '--filter', 'games/*', '--adapter', REFERENCE, '--profile', 'runner/testdata/strict-escoba.yaml']);
  expect(ran.code).toBe(0);
  expect(ran.stdout).toMatch(/^GAMES 4 games: 4 passed, 0 failed, 0 skipped, 0 errored \(4 per setting of the engine's rules, 1 setting, seeds 9 to 12\)$/m);
  expect(ran.stdout).toMatch(/^GAMES they exercised \d+ rules: .*CAP-FIFTEEN.*END-TARGET/m);
  const report = await reportOf(['run', ONE, '--games', '4', '--seed', '9', '--filter', 'games/*', '--adapter', REFERENCE, '--profile', 'runner/testdata/strict-escoba.yaml']);
  expect(report.fixtures.map((fixture) => fixture.id)).toEqual(['games/escoba/p2-s10', 'games/escoba/p2-s11', 'games/escoba/p2-s12', 'games/escoba/p2-s9']);
  expect(report.games).toMatchObject({ perSetting: 4, settings: 1, counts: { total: 4, passed: 4 } });
}, 120_000);

test('games the engine answered none of in full exercised nothing on it: no line says they did', async () => {
  const erring = `${JSON.stringify(process.execPath)} runner/testdata/hostile/engines/answer-error.mjs`;
  const ran = await runCli(['run', ONE, '--games', '1', '--seed', '9', '--filter', 'games/*', '--variant', 'pagat', '--engine', erring]);
  expect(ran.code).toBe(3);
  expect(ran.stdout).toMatch(/^GAMES \d+ games: 0 passed, 0 failed, 0 skipped, [1-9]\d* errored /m);
  expect(ran.stdout).not.toMatch(/^GAMES they exercised/m);
}, 60_000);

test('an engine stricter than the corpus, playing two players only, is judged on most of what it runs, to the game\'s end', async () => {
  const report = await reportOf(['run', 'fixtures/escoba', '--games', '200', ...STRICT]);
  expect(report.notApplicable).toBeLessThan(report.total / 2);
  expect(report.games.counts).toMatchObject({ total: 200, passed: 200, failed: 0, 'not-applicable': 0 });
  expect(report.fixtures.filter((fixture) => fixture.outcome === 'failed')).toEqual([]);
}, 120_000);

test('a failing game names its rule, and its command reruns that game alone', async () => {
  const ran = await runCli(['run', ONE, '--games', '30', '--filter', 'games/*', '--adapter', LAST_PLAY, '--variant', 'pagat']);
  expect(ran.code).toBe(1);
  expect(ran.stdout).toMatch(/^ {2}SWEEP-LAST-PLAY /m);
  const command = /reproduce: +(npx scopa-conformance run --games 1 --seed (\d+) --filter (\S+) .*)$/m.exec(ran.stdout);
  expect(command).not.toBeNull();
  const [, line = '', seed = '', id = ''] = command ?? [];
  expect(id).toBe(`games/pagat/p2-s${seed}`);
  const argv = line.replace(/^npx scopa-conformance /, '').split(' ');
  const again = await runCli(argv);
  expect(again.code).toBe(1);
  expect(again.stdout).toMatch(new RegExp(`^FAIL  ${id}: .*SWEEP-LAST-PLAY`, 'm'));
  expect(again.stdout).toMatch(/^GAMES 1 game: 0 passed, 1 failed/m);
}, 180_000);

test('failing games are listed by their ids: the list written is the list read, and it is still good with other games, or none', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'scopa-games-list-'));
  try {
    const list = join(dir, 'known.txt');
    const argv = ['run', ONE, '--games', '6', '--filter', 'games/*', '--adapter', LAST_PLAY, '--variant', 'pagat'];
    const written = await runCli([...argv, '--write-expect-fail', list]);
    expect(written.code).toBe(1);
    const listed = (await readFile(list, 'utf8')).split('\n').filter((line) => line.startsWith('games/'));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((line) => !/^games\/pagat\/p\d-s[1-6] [A-Z-]+: round \d+ play \d+: /.test(line))).toEqual([]);
    const again = await runCli([...argv, '--expect-fail', list]);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`^\\d+ fixtures: \\d+ passed, ${listed.length} failed, ${listed.length} expected to fail, 0 skipped, 0 errored`, 'm'));
    // The same list on fewer games: the ids it names that this run does not make are no error, as fixtures left out are not.
    const fewer = await runCli(['run', ONE, '--games', '1', '--filter', 'games/*', '--adapter', LAST_PLAY, '--variant', 'pagat', '--expect-fail', list]);
    expect(fewer.stderr).toBe('');
    // A game of no known variant, or an id that is no game's, is an unknown id as ever.
    await writeFile(list, 'games/pagta/p2-s1 typo\ngames/pagat/two-s1 not a game id\ngames/*/p2-s1 any variant\n');
    const unknown = await runCli(['run', ONE, '--expect-fail', list]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(`${list}:1:1: error: no fixture has the id "games/pagta/p2-s1"\n${list}:2:1: error: no fixture has the id "games/pagat/two-s1"\n2 problems in the input files: nothing was run\n`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 240_000);

test('the shards of a run with --games merge into that run', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'scopa-games-shards-'));
  try {
    const argv = ['run', 'fixtures/pagat/cap-rank-priority-01.yaml', 'fixtures/pagat/cap-sum-01.yaml', '--games', '2', '--variant', 'pagat', '--adapter', LAST_PLAY, '--reporter', 'json'];
    const whole = await runCli(argv);
    const shards: string[] = [];
    for (const shard of ['1/3', '2/3', '3/3']) {
      const ran = await runCli([...argv, '--shard', shard]);
      shards.push(join(dir, `shard-${shards.length + 1}.json`));
      await writeFile(shards.at(-1) as string, ran.stdout);
    }
    const merged = await runCli(['merge', ...shards, '--reporter', 'json']);
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(whole.code);
    const ids = (text: string): string[] => (JSON.parse(text) as GamesReport).fixtures.map((fixture) => fixture.id);
    expect(ids(merged.stdout)).toEqual(ids(whole.stdout).sort());
    expect(ids(whole.stdout).filter((id) => id.startsWith('games/')).length).toBeGreaterThan(2);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 240_000);

test('--seed needs --games or --probes on the reference engine; --games takes a whole number', async () => {
  expect(await runCli(['run', '--seed', '3'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--seed is the first seed of --games and --probes: give one of them too') });
  expect(await runCli(['run', '--games', 'many'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--games takes a whole number from 0 to 100000, got "many"') });
});
