import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { applyOptions } from '../../reference/index.ts';
import { REPO_ROOT, runCli } from '../cli/cli-harness.ts';
import { cliEntry } from '../mutants/shared-builds.ts';
import { fixtureToYaml } from '../fixture/fixture-yaml.ts';
import { generateFixture } from '../fixture/generate.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import { type BuiltMutant, buildMutant } from '../mutants/apply.ts';
import { type Mutant, MUTANTS } from '../mutants/catalog.ts';
import { profileProblems } from '../profile/load.ts';
import { resolvedVariant } from '../test-helpers.ts';

interface DiagnosisJson {
  judged: string;
  variants: string[];
  divergences: { before: number; after: number };
  readings: { variant: string; rule: string | null; knob: string; value: unknown; ambiguity: string[]; explains: number; games: number }[];
  knownBugs: { name: string; rule: string; bug: string; explains: number; games: number }[];
  bugs: { rule: string | null; fixtures: number; example: { id: string; report: string } }[];
  profile?: string;
  knownBugsFile?: string;
}

const registry = await loadVariantRegistry();
if (!registry.ok) throw new Error('the variants are invalid');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scopa-diagnose-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * A recorded corpus of a system that ignores one option value: PlayPalace games played with scopas scoring
 * (`scopaMechanic: normal`) and recorded as played with `no-scopas`.
 */
async function recordedCorpus(): Promise<string> {
  const folder = join(dir, 'recorded');
  await mkdir(folder, { recursive: true });
  const played = applyOptions(resolvedVariant('playpalace'), { scopaMechanic: 'normal' });
  if (!played.ok) throw new Error(played.error.message);
  for (let seed = 1; seed <= 6; seed++) {
    const file = join(folder, `game-${seed}.yaml`);
    const fixture = generateFixture({ variant: 'playpalace', options: { scopaMechanic: 'normal' }, rules: played.value, players: 2, seed }, `recorded/game-${seed}`, 'test');
    const recorded = { ...fixture, options: { scopaMechanic: 'no-scopas' }, tags: ['recorded'], provenance: { kind: 'recorded', system: 'card-site', version: '1.0' } as const };
    await writeFile(file, fixtureToYaml(recorded, file));
  }
  return folder;
}

describe('diagnose: recorded games, with the reference as the engine', () => {
  let corpus: string;
  beforeAll(async () => {
    corpus = await recordedCorpus();
  });

  test('names the option value the recorded system plays, whatever the games say they were played with', async () => {
    const ran = await runCli(['diagnose', corpus], { cwd: dir });
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^DIAGNOSIS of the recorded games, replayed on the reference engine: playpalace; 6 fixtures$/m);
    expect(ran.stdout).toMatch(/^READINGS \(1\): documented readings the engine takes; each explains divergences and adds none$/m);
    expect(ran.stdout).toMatch(/^ {2}playpalace options\.scopaMechanic: "normal" {2}SWEEP-POINT, AMB-\d+: explains \d+ divergences in \d games$/m);
    expect(ran.stdout).toMatch(/^BUGS: none; every divergence is explained by a reading$/m);
  });

  test('--reporter json and --write-profile: the readings and bugs with their rules, and a profile run reads', async () => {
    const written = join(dir, 'recorded-system.yaml');
    const ran = await runCli(['diagnose', corpus, '--reporter', 'json', '--write-profile', written], { cwd: dir });
    expect(ran.code).toBe(0);
    const diagnosis = JSON.parse(ran.stdout) as DiagnosisJson;
    expect(diagnosis).toMatchObject({ judged: 'recorded', variants: ['playpalace'], bugs: [], knownBugs: [], profile: 'recorded-system.yaml', divergences: { after: 0 } });
    expect(diagnosis.readings).toEqual([{ variant: 'playpalace', rule: 'SWEEP-POINT', knob: 'options.scopaMechanic', value: 'normal', ambiguity: expect.any(Array), explains: diagnosis.divergences.before, games: 5 }]);
    const profile = parse(await readFile(written, 'utf8')) as unknown;
    expect(profileProblems(profile, registry.value)).toEqual([]);
    expect(profile).toEqual({ variants: [{ id: 'playpalace', options: { scopaMechanic: ['normal'] } }] });
  }, 120_000);

  test('usage mistakes: exit 2, nothing run or written', async () => {
    const profile = join(dir, 'base.yaml');
    await writeFile(profile, 'variants:\n  - id: pagat\n');
    const notes = join(dir, 'notes.txt');
    await writeFile(notes, 'my notes\n');
    const cases: [string[], string][] = [
      [['diagnose', '--games', '5'], '--games and --seed go with --engine or --adapter'],
      [['diagnose', '--reporter', 'tap'], '--reporter takes pretty or json, got "tap"'],
      [['diagnose', corpus, '--variant', 'nope'], 'unknown variant "nope"'],
      [['diagnose', '--engine', 'x', '--seed', '2'], '--seed is the first seed of --games: give --games too'],
      [['diagnose', corpus, '--write-profile', dir], 'is a directory; give the file to write'],
      [['diagnose', corpus, '--profile', profile, '--write-profile', profile, '--force'], 'which this diagnosis reads as input: nothing was run or written'],
      [['diagnose'], 'error: diagnose needs an engine (--engine <command> or --adapter <module>), or the recorded fixtures to diagnose\nUsage: scopa-conformance diagnose [paths|ids...]'],
      [['diagnose', '--variant', 'pagat'], 'error: diagnose needs an engine'],
      [['diagnose', corpus, '--force'], '--force goes with --write-profile or --write-known-bugs'],
      [['diagnose', corpus, '--write-profile', 'same.yaml', '--write-known-bugs', 'same.yaml'], '--write-profile and --write-known-bugs name the same file'],
      [['diagnose', '--engine', 'x', '--games', '-3'], '--games takes a whole number from 0 to 100000, got "-3"'],
      [['diagnose', corpus, '-j', '-1'], '--jobs takes a whole number from 1 to'],
      [['diagnose', corpus, '--write-profile', notes], `--write-profile: notes.txt exists and is not a profile diagnose wrote; --force replaces it`],
    ];
    for (const [argv, message] of cases) {
      const ran = await runCli(argv, { cwd: dir });
      expect(ran, argv.join(' ')).toMatchObject({ code: 2, stdout: '' });
      expect(ran.stderr, argv.join(' ')).toContain(message);
    }
    expect(await readFile(profile, 'utf8')).toBe('variants:\n  - id: pagat\n');
    expect(await readFile(notes, 'utf8')).toBe('my notes\n');
  });

  test('an engine that cannot start, its first copy or a later one (--jobs): exit 3, one line', async () => {
    const ran = await runCli(['diagnose', '--engine', 'node -e "process.exit(1)"', '--variant', 'pagat'], { cwd: dir });
    expect(ran.code).toBe(3);
    expect(ran.stderr).toMatch(/^error: the engine could not be started: /);
    // It starts the first time only: the second copy does not.
    const marker = join(dir, 'started-once');
    const once = `sh -c 'if [ -e ${marker} ]; then exit 1; fi; touch ${marker}; exec ${process.execPath} ${cliEntry()} engine'`;
    const twoJobs = await runCli(['diagnose', '--engine', once, '--variant', 'pagat', '--games', '0', '--jobs', '2'], { cwd: dir });
    expect(twoJobs).toMatchObject({ code: 3, stdout: '' });
    expect(twoJobs.stderr).toMatch(/^error: the engine could not be started: .*no answer to hello: the engine exited \(code 1\)\n$/);
  });
});

describe('diagnose: an engine with three documented readings and one known bug, over the protocol', () => {
  // In the order diagnose finds them: the one that explains most first.
  const readings = ['sweep-on-last-play', 'thirty-no-bonus', 'remainder-to-first-player'];
  const bug = 'settebello-forgotten-from-round-3';
  const mutant = (name: string): Mutant => {
    const found = MUTANTS.find((candidate) => candidate.name === name);
    if (found === undefined) throw new Error(`no mutant ${name}`);
    return found;
  };
  let built: BuiltMutant;
  let written: string;
  let knownBugs: string;
  let diagnosis: DiagnosisJson;
  let code: number;
  beforeAll(async () => {
    built = await buildMutant(...[...readings, bug].map(mutant));
    const profile = join(dir, 'my-scopa.yaml');
    await writeFile(profile, 'engine: { name: my-scopa }\nvariants:\n  - id: pagat\n  - id: escoba\n');
    written = join(dir, 'my-scopa-readings.yaml');
    knownBugs = join(dir, 'my-scopa-bugs.yaml');
    const ran = await runCli(['diagnose', '--engine', built.engineCommand, '--profile', profile, '--games', '10', '--jobs', '2', '--reporter', 'json', '--write-profile', written, '--write-known-bugs', knownBugs], { cwd: dir });
    code = ran.code;
    diagnosis = JSON.parse(ran.stdout) as DiagnosisJson;
  }, 600_000);
  afterAll(async () => built.remove());

  test('names exactly the three readings, each with its rule and register entry, and the bug by its name and rule', () => {
    expect(code).toBe(1);
    expect(diagnosis.readings.map(({ variant, rule, knob, value }) => ({ variant, rule, knob, value }))).toEqual([
      { variant: 'pagat', rule: 'SWEEP-LAST-PLAY', knob: 'sweep.lastPlay', value: true },
      { variant: 'escoba', rule: 'TABLE-BONUS-FIFTEEN', knob: 'openingTable.bonus.thirty', value: 'none' },
      { variant: 'escoba', rule: 'SWEEP-REMAINDER', knob: 'remainder.whenNobodyCaptured', value: 'first-player' },
    ]);
    for (const [i, name] of readings.entries()) expect(diagnosis.readings[i]?.ambiguity).toContain(mutant(name).reading?.ambiguity);
    expect(diagnosis.knownBugs.map(({ name, rule }) => ({ name, rule }))).toEqual([{ name: bug, rule: mutant(bug).rule }]);
    expect(diagnosis.knownBugs[0]?.explains).toBeGreaterThan(0);
    expect(diagnosis.bugs).toEqual([]);
    expect(diagnosis.divergences.after).toBe(0);
    expect(diagnosis.divergences.before).toBeGreaterThan(0);
    expect(diagnosis).toMatchObject({ profile: 'my-scopa-readings.yaml', knownBugsFile: 'my-scopa-bugs.yaml' });
  });

  test('the files it wrote: the readings alone in the profile, the bug alone in the known bugs, each naming its schema', async () => {
    const text = await readFile(written, 'utf8');
    expect(text).not.toContain(bug);
    expect(text).toMatch(/^# yaml-language-server: \$schema=https:\/\/unpkg\.com\/scopa-conformance@[\d.]+\/spec\/profile\.schema\.json$/m);
    const bugsText = await readFile(knownBugs, 'utf8');
    expect(parse(bugsText)).toEqual({ bugs: [bug] });
    expect(bugsText).toMatch(/^# yaml-language-server: \$schema=https:\/\/unpkg\.com\/scopa-conformance@[\d.]+\/spec\/known-bugs\.schema\.json$/m);
  });

  test('run with the profile and the known bugs it wrote: nothing else fails, and the run still fails, naming the bug', async () => {
    const ran = await runCli(['run', 'fixtures/pagat', 'fixtures/escoba', '--engine', built.engineCommand, '--profile', written, '--known-bugs', knownBugs, '--games', '10', '--reporter', 'json']);
    const report = JSON.parse(ran.stdout) as { findings: unknown[]; errored: number; passed: number; knownBugs: { name: string; rule: string }[] };
    expect(report.findings).toEqual([]);
    expect(report.errored).toBe(0);
    expect(report.passed).toBeGreaterThan(0);
    expect(report.knownBugs.map(({ name, rule }) => ({ name, rule }))).toEqual([{ name: bug, rule: mutant(bug).rule }]);
    expect(ran.code).toBe(1);
    const pretty = await runCli(['run', 'fixtures/pagat', '--engine', built.engineCommand, '--profile', written, '--known-bugs', knownBugs]);
    expect(pretty.stdout).toContain(`KNOWN BUGS (1): judged as the reference playing them; the run fails while any is listed\n  ${bug} (${mutant(bug).rule}): `);
    expect(pretty.code).toBe(1);
  }, 300_000);

  test('run with a known-bugs file naming a bug the catalog does not have: file:line:col, exit 2, nothing run', async () => {
    const typo = join(dir, 'typo-bugs.yaml');
    await writeFile(typo, 'bugs:\n  - settebello-forgotten-from-round3\n');
    const ran = await runCli(['run', 'pagat/cap-rank-01', '--known-bugs', typo], { cwd: dir });
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toContain('typo-bugs.yaml:2:5: error: no known bug is named "settebello-forgotten-from-round3"; did you mean "settebello-forgotten-from-round-3"?');
  });

  test('run with the profile it wrote fails only on the bug\'s rule', async () => {
    const profile = parse(await readFile(written, 'utf8')) as unknown;
    expect(profileProblems(profile, registry.value)).toEqual([]);
    const ran = await runCli(['run', 'fixtures/pagat', 'fixtures/escoba', '--engine', built.engineCommand, '--profile', written, '--games', '10', '--reporter', 'json']);
    expect(ran.code).toBe(1);
    const report = JSON.parse(ran.stdout) as { findings: { rule: string | null }[]; errored: number };
    expect(report.findings.map((finding) => finding.rule)).toEqual([mutant(bug).rule]);
    expect(report.errored).toBe(0);
  }, 300_000);
});

describe('diagnose: games the engine gives no usable answer to', () => {
  const [lostOne, notApplicable] = ['pagat/cap-rank-01', 'pagat/gen-legal-p4-s1'];

  test('each named with why, and with the run that asks the engine the same game, or why run does not; that run shows it errored', async () => {
    // The reference, failing the one game of cap-rank-01's deck and every game of four players.
    const deck = (parse(await readFile(join(REPO_ROOT, 'fixtures', `${lostOne}.yaml`), 'utf8')) as { rounds: { decks: string[][] }[] }).rounds[0]?.decks[0];
    const adapter = join(dir, 'loses-games.ts');
    await writeFile(
      adapter,
      `import { replayOnReference } from ${JSON.stringify(join(REPO_ROOT, 'runner/engines/reference.ts'))};
export default {
  name: 'loses games',
  replay: async (request) => {
    if (request.players === 4) throw new Error('four players crash me');
    if (JSON.stringify(request.rounds[0]?.decks[0]) === ${JSON.stringify(JSON.stringify(deck))}) throw new Error('this deal crashes me');
    return replayOnReference(request);
  },
  close: async () => {},
};
`,
    );
    const profile = join(dir, 'two-players.yaml');
    await writeFile(profile, 'variants:\n  - { id: pagat, players: [2] }\n');
    const given = ['--adapter', adapter, '--profile', profile];
    const diagnosed = await runCli(['diagnose', lostOne, notApplicable, ...given, '--games', '0'], { cwd: dir });
    expect(diagnosed.code, diagnosed.stdout + diagnosed.stderr).toBe(3);
    const lines = diagnosed.stdout.split('\n');
    const at = lines.findIndex((line) => line.startsWith('ERROR 2 games got no usable answer from the engine'));
    const shown = lines.slice(at + 1, at + 5);
    expect(shown[0]).toBe('  pagat/cap-rank-01: Error: this deal crashes me');
    expect(shown[1]).toMatch(/^ {4}run asks it the same way: npx scopa-conformance run \S*fixtures\/pagat\/cap-rank-01\.yaml --adapter \S*loses-games\.ts --profile two-players\.yaml$/);
    expect(shown[2]).toBe('  pagat/gen-legal-p4-s1: Error: four players crash me');
    expect(shown[3]).toBe('    run does not ask it so: run finds it not applicable (the engine plays 2 players, the fixture 4)');

    // The command shown, run: the game errored, with what the engine said.
    const command = (shown[1] ?? '').replace(/^ {4}run asks it the same way: npx scopa-conformance /, '').split(' ');
    const ran = await runCli([...command, '--reporter', 'json'], { cwd: dir });
    const report = JSON.parse(ran.stdout) as { fixtures: { id: string; outcome: string; message?: string }[] };
    expect(ran.code).toBe(3);
    expect(report.fixtures).toEqual([expect.objectContaining({ id: 'pagat/cap-rank-01', outcome: 'errored', message: expect.stringContaining('this deal crashes me') as unknown })]);
  }, 120_000);
});
