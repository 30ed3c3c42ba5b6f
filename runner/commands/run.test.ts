import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CliRun, type CliSettings, REPO_ROOT, runCli } from '../cli/cli-harness.ts';
import { fixtureIdOf, listFixtureFiles } from '../load/fixtures.ts';
import { FIXTURES_DIR } from '../util/repo-paths.ts';

/** pass-01..03 pass on the reference engine; fail-01 expects a sweep left out, at round 1, play 3. */
const DEMO = 'runner/testdata/run/demo';
const INVALID = 'runner/testdata/run-invalid';

const run = (argv: string[], settings: CliSettings = {}): Promise<CliRun> => runCli(['run', ...argv], settings);

interface JsonReport {
  passed: number;
  failed: number;
  skipped: number;
  errored: number;
  expectedFailures: number;
  unexpectedPasses: number;
  bailed: boolean;
  fixtures: { id: string; outcome: string; durationMs?: number; divergence?: unknown; message?: string }[];
}

const json = (ran: CliRun): JsonReport => JSON.parse(ran.stdout) as JsonReport;
const outcomes = (ran: CliRun): string[] => json(ran).fixtures.map(({ id, outcome }) => `${id} ${outcome}`);

describe('exit codes', () => {
  test('0: every fixture passes', async () => {
    const ran = await run([DEMO, '--filter', 'demo/pass-*']);
    expect(ran).toMatchObject({ code: 0, stderr: '' });
    expect(ran.stdout).toMatch(/^3 fixtures: 3 passed, 0 failed, 0 skipped, 0 errored \(reference engine, [\d.]+ s\)\n$/);
  });

  test('1: a fixture fails; its first-divergence report is printed', async () => {
    const ran = await run([DEMO]);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toMatch(/^FAIL {2}demo\/fail-01: first divergence at round 1, play 3 \(event-mismatch, SWEEP-POINT\)$/m);
    expect(ran.stdout).toMatch(/^ {4}decision: +seat 0 plays 7C and takes \[7H\]$/m);
    expect(ran.stdout).toMatch(/^ {4}reproduce: +npx scopa-conformance run runner\/testdata\/run\/demo\/fail-01\.yaml$/m);
    expect(ran.stdout).toMatch(/^4 fixtures: 3 passed, 1 failed, 0 skipped, 0 errored /m);
  });

  test('2: invalid fixtures, every problem at file:line:col, nothing run', async () => {
    const ran = await run([INVALID, DEMO]);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toBe(
      [
        `${INVALID}/broken/bad-01.yaml:13:5: error: expected at least 1 items, got 0`,
        `${INVALID}/broken/bad-01.yaml:16:3: error: unknown key "reslut" (allowed: events, rounds, result, reject, legal)`,
        `${INVALID}/broken/bad-02.yaml:6:10: error: unknown variant "scopa-nova" (known: anycard-rules-page, anycard, asso-piglia-tutto-vivaioscuole, asso-piglia-tutto, cirulla-gioeleghidara, cirulla-parlett, cirulla, denexa-cassino-pairing, denexa, escoba-counted-out-next-award, escoba-counted-out, escoba-denexa-blog, escoba-entretodos, escoba-fifteen-only, escoba-gianbolocco, escoba-github-readme, escoba-magnojuegos, escoba-paigro, escoba-playjoy, escoba-ranked-losers, escoba-vipgames, escoba, house-remainder-dealer, house-remainder-first-player, house-settebello-per-copy, napola-napoleone, napola-tripod, napola, pagat-tie-draw, pagat, parlett-tie-count, playpalace-every-sweep, playpalace, re-bello, scopa-a-quindici-pagat, scopa-a-quindici, scopa-d-assi-giochistars, scopa-d-assi-iogames, scopa-d-assi-scopone-wikipedia, scopa-d-assi-snai, scopa-d-assi-vile, scopa-d-assi, scopa-dimensionecasino, scopa-fewest-cards, scopa-folk-primiera, scoparella, scopone-classico-figs, scopone-classico, scopone-scientifico, tripod-varianti)`,
        '3 problems in the input files: nothing was run',
        '',
      ].join('\n'),
    );
  });

  test.each([
    [['--shard', '3/2'], '--shard takes i/n with 1 <= i <= n (for example 2/4), got "3/2"'],
    [['--jobs', '0'], '--jobs takes a whole number from 1 to 64, got "0"'],
    [['--reporter', 'xml'], '--reporter takes one of pretty, json, junit, tap, html, got "xml"'],
    [['--variant', 'scopa-nova'], 'unknown variant "scopa-nova" (known: '],
    [['no/such-fixture'], '"no/such-fixture" is neither a fixture file or directory nor the id of a fixture in fixtures/'],
    [['--frobnicate'], "Unknown option '--frobnicate'"],
  ])('2: a usage mistake (%j)', async (argv, message) => {
    const ran = await run([DEMO, ...argv]);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toContain(`error: ${message}`);
    expect(ran.stderr).toContain('Run "scopa-conformance help run" for usage.');
  });

  test('2: a selection that matches nothing', async () => {
    const ran = await run([DEMO, '--filter', 'nothing/*']);
    expect(ran).toEqual({ code: 2, stdout: '', stderr: 'error: no fixture matches the selection (4 read)\n' });
  });

  test('0: an empty shard of a non-empty selection', async () => {
    const ran = await run([DEMO, '--filter', 'demo/pass-01', '--shard', '2/2', '--reporter', 'json']);
    expect(ran.code).toBe(0);
    expect(json(ran).fixtures).toEqual([]);
  });
});

describe('selection', () => {
  test('--tags, --variant and --shard on the command line', async () => {
    expect(outcomes(await run([DEMO, '--tags', 'wrong,negative', '--reporter', 'json']))).toEqual(['demo/fail-01 failed', 'demo/pass-03 passed']);
    expect(outcomes(await run([DEMO, '--variant', 'pagat', '--shard', '2/3', '--reporter', 'json']))).toEqual(['demo/pass-01 passed']);
    expect((await run([DEMO, '--variant', 'escoba'])).code).toBe(2);
  });

  test('a fixture named by id is read from fixtures/', async () => {
    const listed = await listFixtureFiles([FIXTURES_DIR]);
    const file = listed.ok ? listed.value[0] : undefined;
    expect(file, 'fixtures/ has fixtures').toBeDefined();
    const id = fixtureIdOf(file as string);
    const ran = await run([id, '--reporter', 'json']);
    expect(ran.code).toBe(0);
    expect(json(ran).fixtures.map((fixture) => `${fixture.id} ${fixture.outcome}`)).toEqual([`${id} passed`]);
  });
});

describe('--bail', () => {
  test('stops at the first failure; the fixtures after it are skipped', async () => {
    const ran = await run([DEMO, '--bail', '--reporter', 'json']);
    expect(ran.code).toBe(1);
    expect(outcomes(ran)).toEqual(['demo/fail-01 failed', 'demo/pass-01 skipped', 'demo/pass-02 skipped', 'demo/pass-03 skipped']);
    expect(json(ran)).toMatchObject({ failed: 1, skipped: 3, bailed: true });
    expect(json(ran).fixtures[1]?.message).toBe('not run: --bail stopped the run at demo/fail-01');
  });

  test('in pretty output, says how many were not run', async () => {
    const ran = await run([DEMO, '--bail']);
    expect(ran.stdout).toContain('stopped at the first failure (--bail): 3 fixtures not run\n');
  });

  test('a failure at the last fixture stops nothing: not bailed', async () => {
    const ran = await run([DEMO, '--filter', 'demo/fail-01', '--bail', '--reporter', 'json']);
    expect(ran.code).toBe(1);
    expect(json(ran)).toMatchObject({ failed: 1, skipped: 0, bailed: false });
    expect((await run([DEMO, '--filter', 'demo/fail-01', '--bail'])).stdout).not.toContain('--bail');
  });

  test('the same with worker threads', async () => {
    const ran = await run([DEMO, '--bail', '--jobs', '3', '--reporter', 'json']);
    expect(outcomes(ran)).toEqual(['demo/fail-01 failed', 'demo/pass-01 skipped', 'demo/pass-02 skipped', 'demo/pass-03 skipped']);
  });
});

describe('--jobs', () => {
  const withoutTimes = (ran: CliRun): unknown => {
    const report = json(ran) as JsonReport & { durationMs?: number };
    delete report.durationMs;
    for (const fixture of report.fixtures) delete fixture.durationMs;
    return report;
  };

  test('--jobs 2 gives the same results, in the same order, as --jobs 1', async () => {
    const one = await run([DEMO, '--reporter', 'json']);
    const two = await run([DEMO, '--jobs', '2', '--reporter', 'json']);
    expect(two.code).toBe(one.code);
    expect(withoutTimes(two)).toEqual(withoutTimes(one));
    expect(json(two).fixtures.map((fixture) => fixture.id)).toEqual(['demo/fail-01', 'demo/pass-01', 'demo/pass-02', 'demo/pass-03']);
    expect(json(two).fixtures[0]?.divergence).toMatchObject({ kind: 'event-mismatch', round: 1, play: 3 });
  });

  test('more jobs than fixtures', async () => {
    const ran = await run([DEMO, '--filter', 'demo/pass-0?', '--jobs', '8', '--reporter', 'tap']);
    expect(ran.code).toBe(0);
    expect(ran.stdout.split('\n').slice(0, 2)).toEqual(['TAP version 13', '1..3']);
  });
});

describe('--expect-fail', () => {
  let dir: string;
  const list = async (name: string, text: string): Promise<string> => {
    const path = join(dir, name);
    await writeFile(path, text);
    return path;
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'run-expect-fail-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('a listed fixture that fails counts as expected: exit 0', async () => {
    const ran = await run([DEMO, '--expect-fail', await list('known.txt', 'demo/fail-01 the sweep is left out on purpose\n')]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).not.toContain('FAIL');
    expect(ran.stdout).toMatch(/^4 fixtures: 3 passed, 1 failed, 1 expected to fail, 0 skipped, 0 errored /m);
  });

  test('a listed fixture that passes fails the run: exit 1', async () => {
    const ran = await run([DEMO, '--expect-fail', await list('stale.yaml', 'demo/fail-01: on purpose\ndemo/pass-02: thought broken\n')]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain('XPASS demo/pass-02: passed, but the expect-fail list says it fails (thought broken); take it off the list');
  });

  test('listed fixtures that error count as expected too, and a glob entry lists every fixture it matches: exit 0', async () => {
    const file = await list('all.txt', 'demo/* this engine replays nothing yet\n');
    const ran = await run([DEMO, '--adapter', 'runner/testdata/throwing-adapter.ts', '--expect-fail', file, '--reporter', 'json']);
    expect(ran.code).toBe(0);
    expect(json(ran)).toMatchObject({ passed: 0, errored: 4, expectedFailures: 4 });
    const unlisted = await run([DEMO, '--adapter', 'runner/testdata/throwing-adapter.ts', '--expect-fail', await list('some.txt', 'demo/pass-* not yet\n')]);
    expect(unlisted.code).toBe(3);
  });

  test('an entry naming no fixture is invalid input: exit 2', async () => {
    const file = await list('unknown.txt', 'demo/fail-01 on purpose\ndemo/gone-01 removed long ago\n');
    const ran = await run([DEMO, '--expect-fail', file]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(`${file}:2:1: error: no fixture has the id "demo/gone-01"`);
  });
});

describe('progress', () => {
  const PROGRESS = /\r\x1b\[2Krun \[\d\/4\] demo\//;

  test('a single updating line on stderr when it is a terminal, cleared at the end', async () => {
    const ran = await run([DEMO], { isTTY: true });
    expect(ran.stderr).toMatch(PROGRESS);
    expect(ran.stderr).not.toContain('\n');
    expect(ran.stderr.endsWith('\r\x1b[2K')).toBe(true);
  });

  test.each([
    ['not a terminal', { isTTY: false }],
    ['CI set', { isTTY: true, env: { CI: 'true' } }],
  ])('none when %s', async (_, io) => {
    const ran = await run([DEMO], io);
    expect(ran.stderr).toBe('');
  });
});

describe('reporters', () => {
  test.each([
    ['json', /^\{\n {2}"engine": "reference",/],
    ['junit', /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="scopa-conformance \(reference engine\)" tests="5" failures="2" errors="0" skipped="0"[^\n]*>\n  <testsuite name="report card" tests="1" failures="1"/],
    ['tap', /^TAP version 13\n1\.\.4\nnot ok 1 - demo\/fail-01\n/],
  ])('--reporter %s', async (reporter, start) => {
    const ran = await run([DEMO, '--reporter', reporter]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(start);
  });
});

describe('UNDOCUMENTED declarations (issue 29)', () => {
  // Its hello declares pagat with a sweep on the round's last play (a reading of the register) and the coins in
  // spades (which no source documents); it answers every replay with no events.
  const HELLO_READS = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO_ROOT, 'runner/compare/cases/engines/hello-reads.mjs'))}`;
  const undocumentedOf = (ran: CliRun): unknown => (JSON.parse(ran.stdout) as { undocumented?: unknown }).undocumented;

  test.each(['1', '2'])("the hello's profile, with no --profile: its undocumented declaration marked in the pretty and JSON reports (--jobs %s)", async (jobs) => {
    const given = [DEMO, '--engine', HELLO_READS, '--jobs', jobs];
    const pretty = await run(given);
    expect(pretty.code).toBe(1);
    expect(pretty.stdout).toContain('\nUNDOCUMENTED: the profile declares what no source documents (pagat deck.coinsSuit: S): the result holds only under these declarations\n');
    const ran = await run([...given, '--reporter', 'json']);
    expect(ran.code).toBe(1);
    expect(undocumentedOf(ran)).toEqual(['pagat deck.coinsSuit: S']);
  });

  test("--profile replaces the hello's: only its own undocumented declarations are marked", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'run-undocumented-'));
    try {
      const profile = join(dir, 'profile.yaml');
      await writeFile(profile, 'variants:\n  - id: pagat\n    rules: { sweep: { lastPlay: true }, deck: { coinsSuit: H } }\n');
      const ran = await run([DEMO, '--engine', HELLO_READS, '--jobs', '2', '--profile', profile, '--reporter', 'json']);
      expect(ran.code).toBe(1);
      expect(undocumentedOf(ran)).toEqual(['pagat deck.coinsSuit: H']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
