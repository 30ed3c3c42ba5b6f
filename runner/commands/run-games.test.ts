import Ajv2020 from 'ajv/dist/2020.js';
import { readFile } from 'node:fs/promises';
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

test('--seed needs --games; --games takes a whole number', async () => {
  expect(await runCli(['run', '--seed', '3'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--seed is the first seed of --games: give --games too') });
  expect(await runCli(['run', '--games', 'many'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--games takes a whole number from 1 to 100000, got "many"') });
});
