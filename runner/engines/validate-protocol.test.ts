/**
 * --validate-protocol on an engine that reports less than every event: the reference engine over the protocol,
 * less the dealer of each deal, declared in its hello's profile or in a --profile file. What it declares it omits
 * is not required; what it does not declare is.
 */
import { describe, expect, test } from 'vitest';
import { runCli } from '../cli/cli-harness.ts';
import { programCommand } from '../mutants/shared-builds.ts';

const NO_DEALER = programCommand('runner/testdata/omit/no-dealer-engine.ts');
const ALL_PASSED = /^(\d+) fixtures: \1 passed, 0 failed, 0 skipped, 0 errored /m;

describe('--validate-protocol with omit: [deal.dealer]', () => {
  test('declared in the hello\'s profile: the whole corpus passes', async () => {
    const ran = await runCli(['run', '--engine', NO_DEALER, '--validate-protocol', '--jobs', '2', '--corpus-only']);
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toMatch(ALL_PASSED);
    expect(ran.code).toBe(0);
  }, 240_000);

  test('declared in a --profile file, the hello declaring nothing: it passes', async () => {
    const ran = await runCli(['run', 'fixtures/pagat', '--filter', 'pagat/cap-*', '--engine', `${NO_DEALER} --no-profile`, '--validate-protocol', '--profile', 'runner/testdata/omit/no-dealer.yaml']);
    expect(ran.stdout).toMatch(ALL_PASSED);
    expect(ran.code).toBe(0);
  }, 120_000);

  test('not declared: each answer is a protocol violation, named in one line', async () => {
    const ran = await runCli(['run', 'pagat/cap-rank-priority-01', '--engine', `${NO_DEALER} --no-profile`, '--validate-protocol']);
    expect(ran.stdout).toContain('ERROR pagat/cap-rank-priority-01 (fixtures/pagat/cap-rank-priority-01.yaml): protocol violation in the replay answer: /events/0: missing key "dealer"\n');
    expect(ran.code).toBe(3);
  }, 60_000);
});
