import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT, runCli } from '../cli/cli-harness.ts';
import { cliEntry } from '../mutants/shared-builds.ts';
import type { EngineShown } from './show-engine.ts';

/** pass-02 passes on the reference engine; fail-01 expects a sweep left out, at round 1, play 3 (engine event 5). */
const DEMO = 'runner/testdata/run/demo';
const REFERENCE_ADAPTER = join(REPO_ROOT, 'runner/testdata/reference-adapter.ts');
const THROWS = join(REPO_ROOT, 'runner/testdata/hostile/adapters/throws-a-string.mjs');
const CRASHES = join(REPO_ROOT, 'runner/testdata/hostile/engines/crash-at-start.mjs');

const EVENTS_0_TO_4 = [
  "the engine's events (= as expected, x differs, + not expected; compared: capture, trail, sweep):",
  '  round 1',
  '    0    { type: deal, round: 1, deal: 1, dealer: 1, hands: [[10C, 7C, 5S], [7H, 9D, 6S]], table: [2D, 3C, 4H, 1S] }',
  '    1 =  { type: capture, seat: 0, card: 10C, captured: [2D, 3C, 4H, 1S] }',
  '    2 =  { type: sweep, seat: 0, points: 1 }',
  '    3 =  { type: trail, seat: 1, card: 7H }',
  '    4 =  { type: capture, seat: 0, card: 7C, captured: [7H] }',
];

describe('show --adapter / --engine: the engine\'s play beside the expectations', () => {
  test('a failing fixture: each event marked, the expected one under the one that differs, >> at the divergence, the finding', async () => {
    const ran = await runCli(['show', `${DEMO}/fail-01.yaml`, '--adapter', REFERENCE_ADAPTER]);
    expect(ran.code).toBe(0);
    expect(ran.stderr).toBe('');
    const lines = ran.stdout.split('\n');
    expect(lines.slice(0, 17)).toEqual([
      'demo/fail-01: Deliberately wrong: the second sweep of pagat/sweep-point-01 left out',
      'variant pagat, 2 players, 2 sides, options: defaults',
      `file ${DEMO}/fail-01.yaml`,
      `engine "${REFERENCE_ADAPTER}": first divergence at round 1, play 3 (event-mismatch, SWEEP-POINT)`,
      '',
      ...EVENTS_0_TO_4,
      '>>  5 x  { type: sweep, seat: 0, points: 1 }',
      '        expected { type: trail, seat: 1, card: 9D }',
      '    6 +  { type: trail, seat: 1, card: 9D }',
      '',
      'finding SWEEP-POINT, round 1:',
    ]);
    expect(lines).toContain('  expected:  trail {seat: 1, card: 9D} (expected event #4)');
    expect(lines).toContain(`  reproduce: npx scopa-conformance run ${DEMO}/fail-01.yaml --adapter ${REFERENCE_ADAPTER}`);
  }, 30_000);

  test('a passing fixture by id, through an external engine: every compared event as expected', async () => {
    const engine = `${process.execPath} ${cliEntry()} engine`;
    const ran = await runCli(['show', 'pagat/sweep-point-01', '--engine', engine]);
    expect(ran.code).toBe(0);
    expect(ran.stderr).toBe('');
    const lines = ran.stdout.split('\n');
    expect(lines[3]).toBe(`engine "${engine}": passed`);
    expect(lines.filter((line) => /^ {2}\s*\d+ [x+] /.test(line) || line.startsWith('>>'))).toEqual([]);
    const written = parse(readFileSync(join(REPO_ROOT, 'fixtures/pagat/sweep-point-01.yaml'), 'utf8')) as { expect: { events: { list: unknown[] } } };
    expect(lines.filter((line) => /^ {2}\s*\d+ = /.test(line))).toHaveLength(written.expect.events.list.length);
  }, 30_000);

  test('--json: the same account as data, under "engine"', async () => {
    const ran = await runCli(['show', `${DEMO}/fail-01.yaml`, '--adapter', REFERENCE_ADAPTER, '--json']);
    expect(ran.code).toBe(0);
    const { id, engine } = JSON.parse(ran.stdout) as { id: string; engine: EngineShown };
    expect(id).toBe('demo/fail-01');
    expect(engine).toMatchObject({ outcome: 'failed', eventsCompared: ['capture', 'trail', 'sweep'], firstDivergence: 5, missingEvents: [] });
    expect(engine.events.map((event) => event.verdict)).toEqual(['not-compared', 'same', 'same', 'same', 'same', 'differs', 'unexpected']);
    expect(engine.events[5]).toEqual({
      index: 5,
      round: 1,
      event: { type: 'sweep', seat: 0, points: 1 },
      verdict: 'differs',
      expected: { type: 'trail', seat: 1, card: '9D' },
    });
    expect(engine.findings.map(({ rule, rounds }) => ({ rule, rounds }))).toEqual([{ rule: 'SWEEP-POINT', rounds: [1] }]);
  }, 30_000);

  test('an engine that gives no usable reply: what it did, exit 3', async () => {
    const ran = await runCli(['show', `${DEMO}/pass-02.yaml`, '--adapter', THROWS]);
    expect(ran.code).toBe(3);
    expect(ran.stdout.split('\n')[3]).toBe(`engine "${THROWS}": errored: the adapter threw a string, not an Error`);
  }, 30_000);

  test('an engine that cannot be started: exit 3, nothing shown', async () => {
    const ran = await runCli(['show', `${DEMO}/pass-02.yaml`, '--engine', `${process.execPath} ${CRASHES}`, '--timeout', '5']);
    expect(ran.code).toBe(3);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toMatch(/^error: the engine could not be started: .*no answer to hello: the engine exited \(code 1\)/);
  }, 30_000);

  test('a game file has no expectations to compare an engine with: exit 2', async () => {
    const game = 'runner/load/cases/games/pagat-opening.yaml';
    expect(await runCli(['show', game, '--adapter', REFERENCE_ADAPTER])).toEqual({
      code: 2,
      stdout: '',
      stderr: `${game}: error: a game file has no expectations to compare an engine with: give a fixture\n`,
    });
  });

  test.each([
    [['--engine', 'x', '--adapter', 'y'], 'give --engine or --adapter, not both'],
    [['--timeout', '5'], '--timeout and --validate-protocol go with --engine'],
  ])('a usage mistake (%j): exit 2', async (flags, message) => {
    const ran = await runCli(['show', `${DEMO}/pass-02.yaml`, ...flags]);
    expect(ran).toEqual({ code: 2, stdout: '', stderr: `error: ${message}\nRun "scopa-conformance help show" for usage.\n` });
  });
});
