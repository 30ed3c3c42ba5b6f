/**
 * `npm run bench`: the engine's speed, measured, not asserted. Self-play of every variant (2 players, random
 * legal play, seeded, whole games to the variant's end) and the automatic capture search on large tables.
 * Each figure is the median of five samples. Pagat's self-play is also measured against a loop hard-coded for its
 * rules (`yardstick`). Then the corpus replayed, fuzzing, the peak memory of a run over the corpus and over 16
 * copies of it, and the time `diagnose` takes to name the two readings and three known bugs of a mutant served
 * over the protocol, and a default run over the protocol on the Python example engine. Last, the ratios issue 33 sets goals for, each taken from figures of this one run (`ratios`). Prints a table, or
 * with --json one JSON object; --quick takes one short sample of each, the self-play of the variants in
 * QUICK_SELFPLAY only, 2 copies, 10 games per setting and the default run of pagat alone (CI's smoke check).
 * @module
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { parse as parseYaml } from 'yaml';
import { autoCapture } from '../../reference/capture.ts';
import { isReaderGone } from '../cli/output.ts';
import { applyOptions, playRandomGames, Rng, type ResolvedVariant, type Rules } from '../../reference/index.ts';
import { loadRunItem } from '../run/corpus-items.ts';
import { buildMutant } from '../mutants/apply.ts';
import { MUTANTS } from '../mutants/catalog.ts';
import { referenceEngine, type Engine } from '../engines/engine.ts';
import { StdioEngine } from '../engines/stdio.ts';
import { fuzz } from '../fuzz/fuzz.ts';
import { startTypeScriptWorker } from '../run/worker-thread.ts';
import { formatLoadError } from '../load/load-result.ts';
import { listFixtureFiles } from '../load/fixtures.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import { runReadingAhead } from '../run/read-ahead.ts';
import { runFixture, type RunItem } from '../run/replay.ts';
import { writeCorpusCopies } from './corpus-copies.ts';
import { playHardCodedPagat } from './hard-coded-pagat.ts';

interface SelfPlayFigures {
  gamesPerSec: number;
  handsPerSec: number;
}

const round = (value: number, digits = 0): number => Number(value.toFixed(digits));

const middleOf = (values: number[]): number => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The median of a measurement taken `samples` times: this machine's speed drifts from second to second. */
function median(samples: number, measure: () => number): number {
  return middleOf(Array.from({ length: samples }, measure));
}

function selfPlaySetup(rules: Rules): { players: number; firstDealer?: number } {
  const players = Math.min(...rules.players.seatings.flatMap((seating) => seating.players));
  return rules.deal.firstDealer === 'setup' ? { players, firstDealer: 0 } : { players };
}

/** Whole games for about `seconds`, after a warm-up, in one state; returns games and hands per second. */
function measureSelfPlay(rules: Rules, seconds: number, samples: number): SelfPlayFigures {
  const setup = selfPlaySetup(rules);
  const rng = new Rng(7);
  let hands = 0;
  const countHands = (state: { round: number }): void => {
    hands += state.round;
  };
  playRandomGames(rules, setup, rng, 500, countHands);
  const rates = Array.from({ length: samples }, () => {
    hands = 0;
    let games = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < (seconds * 1000) / samples) {
      const played = playRandomGames(rules, setup, rng, 250, countHands);
      if (!played.ok) throw new Error(played.error.message);
      games += 250;
      elapsed = performance.now() - start;
    }
    return { games: (games * 1000) / elapsed, hands: (hands * 1000) / elapsed };
  }).sort((a, b) => a.games - b.games);
  const middle = rates[Math.floor(samples / 2)];
  return { gamesPerSec: round(middle.games), handsPerSec: round(middle.hands) };
}

/**
 * Games per CPU second of `play(games)`: the process's CPU time (its compiler and collector threads included, on
 * both sides of the ratio alike), not wall time, which counts the moments another program has the core.
 */
function gamesPerCpuSecond(games: number, play: (games: number) => void): number {
  const start = process.cpuUsage();
  play(games);
  const used = process.cpuUsage(start);
  return (games * 1e6) / (used.user + used.system);
}

interface Yardstick {
  engineGamesPerSec: number;
  hardCodedGamesPerSec: number;
  /** The engine's speed as a share of the hard-coded loop's. */
  ratio: number;
}

/**
 * Pagat's self-play against the hard-coded loop for its rules (the same games, see hard-coded-pagat.ts), in
 * alternating samples of about `seconds / samples` each in one thread: the machine's drift from second to second
 * falls on both, and the ratio is the median of the samples' ratios.
 */
function measureYardstick(rules: Rules, seconds: number, samples: number): Yardstick {
  const setup = selfPlaySetup(rules);
  const rng = new Rng(7);
  const engine = (games: number): void => {
    const played = playRandomGames(rules, setup, rng, games);
    if (!played.ok) throw new Error(played.error.message);
  };
  const hardCoded = (games: number): void => playHardCodedPagat(rng, games);
  engine(2000);
  hardCoded(2000);
  // About seconds / samples / 2 of each side per sample, from the warm-up's own speed.
  const games = Math.max(250, Math.round((gamesPerCpuSecond(1000, engine) * seconds) / samples / 2));
  const pairs = Array.from({ length: samples }, () => ({ engine: gamesPerCpuSecond(games, engine), hardCoded: gamesPerCpuSecond(games, hardCoded) }));
  return {
    engineGamesPerSec: round(middleOf(pairs.map((pair) => pair.engine))),
    hardCodedGamesPerSec: round(middleOf(pairs.map((pair) => pair.hardCoded))),
    ratio: round(middleOf(pairs.map((pair) => pair.engine / pair.hardCoded)), 2),
  };
}

/**
 * Microseconds per automatic capture decision on random tables of `size` cards, in fifteen mode: there is no
 * rank match to stop at, so every decision runs the whole search.
 */
function measureCaptureSearch(rules: Rules, size: number, seconds: number, samples: number): number {
  const capture = { ...rules.capture, mode: 'fifteen', rankPriority: false } as const;
  const rng = new Rng(size);
  const tables = Array.from({ length: 64 }, () => Uint8Array.from({ length: size }, () => rng.below(40)));
  const out = new Int16Array(size);
  return median(samples, () => {
    let decisions = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < (seconds * 1000) / samples) {
      for (let i = 0; i < 1000; i++) autoCapture(capture, tables[i % tables.length], size, 1 + (i % 10), out);
      decisions += 1000;
      elapsed = performance.now() - start;
    }
    return round((elapsed * 1000) / decisions, 3);
  });
}

/** CPU seconds of this process (all its threads) since `start`. */
const cpuSecondsSince = (start: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
};

/**
 * The floor under any run of the corpus: CPU seconds to read every file and parse it, YAML's JSON form with
 * JSON.parse (after its comment lines), the rest with the YAML parser.
 */
function measureReadAndParse(files: readonly string[]): number {
  const start = process.cpuUsage();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const json = /^(?:[ \t]*(?:#[^\n]*)?\n)*(?=[{[])/.exec(text)?.[0].length;
    if (json === undefined) parseYaml(text);
    else JSON.parse(text.slice(json));
  }
  return cpuSecondsSince(start);
}

interface ReplayFigures {
  fixturesPerSec: number;
  /** This process's CPU seconds for the whole corpus (the engine's own, for an engine in a process of its own, not counted). */
  cpuSeconds: number;
}

/**
 * Fixtures per second through an engine: each file read, parsed and checked against its schema, replayed,
 * and compared with its expectations; the whole corpus, one fixture after another, as `run` runs them (the
 * next one read while the engine works on one).
 */
async function measureReplay(engine: Engine, files: string[], variants: Map<string, ResolvedVariant>): Promise<ReplayFigures> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const load = (file: string): Promise<RunItem | Error> => loadRunItem(file, variants).catch((error: unknown) => new Error(`${file}: ${String(error)}`));
  await runReadingAhead(
    files,
    load,
    async (item) => {
      if (item instanceof Error) throw item;
      return runFixture(engine, item);
    },
    (_, result) => {
      if (result.outcome !== 'passed') throw new Error(`${result.file}: ${result.outcome} ${result.message ?? ''}`);
      return true;
    },
  );
  return { fixturesPerSec: round((files.length * 1000) / (performance.now() - start)), cpuSeconds: round(cpuSecondsSince(cpu), 2) };
}

/**
 * Fuzzed games per second of pagat on an engine, the reference's own rules (nothing is found, nothing shrunk): the
 * median of `samples` runs of `seconds / samples` each, after a warm-up of the same length, as self-play is
 * measured (a run of a few thousand games is mostly the JIT warming up); and the share of the games measured that
 * reached the game's end.
 */
async function measureFuzz(engine: Engine, variant: ResolvedVariant, seconds: number, samples: number): Promise<{ gamesPerSec: number; gameEndShare: number }> {
  const settings = {
    variant,
    options: {},
    rules: rulesOf(variant),
    players: [2],
    illegalRate: 0.05,
    engineLabel: engine.name,
    engineVersion: 'bench',
    group: 'bench',
    shownDir: 'bench',
    reproFlags: [],
    timeMs: (seconds * 1000) / samples,
  };
  let seed = 1;
  const played = { games: 0, toTheEnd: 0 };
  const rate = async (): Promise<number> => {
    const outcome = await fuzz(engine, { ...settings, seed });
    seed += outcome.games;
    played.games += outcome.games;
    played.toTheEnd += outcome.reachedGameEnd;
    if (outcome.findings.length > 0) throw new Error(`fuzz of the reference found ${outcome.findings.length} rules broken`);
    return (outcome.games * 1000) / outcome.durationMs;
  };
  await rate();
  const rates: number[] = [];
  for (let i = 0; i < samples; i++) rates.push(await rate());
  return { gamesPerSec: round(middleOf(rates)), gameEndShare: round(played.toTheEnd / played.games, 3) };
}

function rulesOf(variant: ResolvedVariant): Rules {
  const rules = applyOptions(variant);
  if (!rules.ok) throw new Error(rules.error.message);
  return rules.value;
}

const BIN = fileURLToPath(new URL('../../bin/scopa-conformance.js', import.meta.url));
const PROCESS_USAGE = fileURLToPath(new URL('./process-usage.mjs', import.meta.url));

/** What `scopa-conformance <args>` cost, run in a process of its own: the usage process-usage.mjs reports, and its stdout. */
function usageOfRun(args: string[], what: string): { peakMB: number; cpuSeconds: number } {
  const run = spawnSync(process.execPath, ['--import', PROCESS_USAGE, BIN, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  const peak = /^peak-rss-kb (\d+)$/m.exec(run.stderr)?.[1];
  const cpu = /^cpu-us (\d+)$/m.exec(run.stderr)?.[1];
  if (run.status !== 0 || peak === undefined || cpu === undefined) throw new Error(`${what} failed (exit ${run.status}): ${run.stderr}`);
  return { peakMB: round(Number(peak) / 1024, 1), cpuSeconds: round(Number(cpu) / 1e6, 2) };
}

interface RunMemory {
  fixtures: number;
  peakMB: number;
}

/** The peak memory of `scopa-conformance run` (in a process of its own) over `copies` copies of the corpus. */
function measureRunMemory(copies: number): RunMemory {
  const dir = mkdtempSync(join(tmpdir(), 'scopa-bench-'));
  try {
    const fixtures = writeCorpusCopies(dir, copies);
    return { fixtures, peakMB: usageOfRun(['run', dir, '--reporter', 'json'], `the run over ${copies} copies of the corpus`).peakMB };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Memory of a run as the corpus grows: one copy of it against `copies` copies. Flat memory is a ratio near 1
 * and a few MB per 1,000 fixtures more (their names and results).
 */
function measureMemory(copies: number): { one: RunMemory; many: RunMemory; ratio: number; mbPer1000Fixtures: number } {
  const one = measureRunMemory(1);
  const many = measureRunMemory(copies);
  const ratio = round(many.peakMB / one.peakMB, 2);
  return { one, many, ratio, mbPer1000Fixtures: round(((many.peakMB - one.peakMB) * 1000) / (many.fixtures - one.fixtures), 2) };
}

/**
 * The engine `diagnose` is timed on (issue 29's figure): a mutant with two documented readings, pagat's and
 * escoba's, and three known bugs, each of its own rule.
 */
const TIMED_READINGS = ['sweep-on-last-play', 'thirty-no-bonus'];
const TIMED_BUGS = ['remainder-to-nobody', 'primiera-figures-worth-nothing', 'settebello-forgotten-from-round-3'];

interface DiagnoseFigures {
  seconds: number;
  gamesPerSetting: number;
  readings: number;
  knownBugs: number;
}

/**
 * Seconds `scopa-conformance diagnose` takes (its own process, 2 jobs) over the protocol on that mutant, declared
 * to play pagat and escoba: their corpus and `games` generated games per setting, every reading and known bug
 * tried, those found combined, games made again under them, and the run with them. Throws unless it names the two
 * readings and the three bugs.
 */
async function measureDiagnose(games: number): Promise<DiagnoseFigures> {
  const mutants = [...TIMED_READINGS, ...TIMED_BUGS].map((name) => {
    const found = MUTANTS.find((mutant) => mutant.name === name);
    if (found === undefined) throw new Error(`no mutant ${name} in the catalog`);
    return found;
  });
  const built = await buildMutant(...mutants);
  try {
    const profile = join(built.dir, 'my-scopa.yaml');
    writeFileSync(profile, 'variants:\n  - id: pagat\n  - id: escoba\n');
    const started = performance.now();
    const run = spawnSync(process.execPath, [BIN, 'diagnose', '--engine', built.engineCommand, '--profile', profile, '--games', String(games), '--jobs', '2', '--reporter', 'json'], {
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
    });
    const seconds = round((performance.now() - started) / 1000, 1);
    // Exit 1: the bugs found are still bugs.
    const said = run.status === 1 ? (JSON.parse(run.stdout) as { readings: unknown[]; knownBugs: { name: string }[] }) : { readings: [], knownBugs: [] };
    const bugs = said.knownBugs.map((bug) => bug.name).sort();
    if (said.readings.length !== TIMED_READINGS.length || bugs.join() !== [...TIMED_BUGS].sort().join()) {
      throw new Error(`diagnose found ${said.readings.length} readings of ${TIMED_READINGS.length} and the bugs [${bugs.join(', ')}] (exit ${run.status}): ${run.stderr}`);
    }
    return { seconds, gamesPerSetting: games, readings: said.readings.length, knownBugs: bugs.length };
  } finally {
    await built.remove();
  }
}

/** The engines `compare` is timed on: four over the protocol, the Python example engine the slowest of them. */
const COMPARED_MUTANTS = ['sweep-on-last-play', 'rank-priority-ignored'];

interface CompareFigures {
  /** Wall-clock seconds of `compare` of the four engines with --jobs 2, and of the slowest one's `run --jobs 2` alone. */
  seconds: number;
  slowestRunSeconds: number;
  slowestEngine: string;
  engines: number;
  /** The corpus's fixtures each engine ran. */
  fixtures: number;
  /** --quick: the one variant run. */
  variant?: string;
}

/** Wall-clock seconds `scopa-conformance <args>` takes in a process of its own, and its stdout; throws on an exit not in `expected`. */
function timedRun(args: string[], expected: readonly number[], what: string): { seconds: number; stdout: string } {
  const started = performance.now();
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd: fileURLToPath(new URL('../../', import.meta.url)), encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, CI: 'true' } });
  const seconds = round((performance.now() - started) / 1000, 1);
  if (run.status === null || !expected.includes(run.status)) throw new Error(`${what} failed (exit ${run.status}): ${run.stderr}`);
  return { seconds, stdout: run.stdout };
}

/**
 * Issue 34's figure: `compare` of four engines over the protocol (the reference served by `scopa-conformance
 * engine`, the Python example engine, a mutant with a reading and one with a bug) over the corpus with --jobs 2,
 * against the slowest of them run alone (`run --corpus-only --jobs 2`, each timed). Its goal is under 2x on 2
 * cores. Throws where an engine errored on a fixture.
 */
async function measureCompare(variant: string | undefined): Promise<CompareFigures> {
  const built = await Promise.all(
    COMPARED_MUTANTS.map((name) => {
      const found = MUTANTS.find((mutant) => mutant.name === name);
      if (found === undefined) throw new Error(`no mutant ${name} in the catalog`);
      return buildMutant(found);
    }),
  );
  const dir = mkdtempSync(join(tmpdir(), 'scopa-bench-compare-'));
  try {
    const engines = [
      { name: 'reference', engine: `node ${JSON.stringify(BIN)} engine` },
      { name: 'scopa-py', engine: 'python3 examples/python/scopa_engine.py' },
      ...COMPARED_MUTANTS.map((name, i) => ({ name, engine: (built[i] as Awaited<ReturnType<typeof buildMutant>>).engineCommand })),
    ];
    const file = join(dir, 'engines.yaml');
    writeFileSync(file, JSON.stringify({ engines }));
    const selection = variant === undefined ? [] : ['--variant', variant];
    // Exit 1: the mutants fail fixtures, as they should.
    const compared = timedRun(['compare', file, ...selection, '--jobs', '2', '--reporter', 'json'], [1], 'compare of four engines');
    const report = JSON.parse(compared.stdout) as { engines: { name: string; run: { total: number; errored: number } }[] };
    // A fixture of a variant an engine does not play is skipped, as its run alone skips it; one it errored on is not judged.
    const broken = report.engines.filter(({ run }) => run.errored > 0).map(({ name }) => name);
    if (broken.length > 0) throw new Error(`compare: engines ${broken.join(', ')} errored on fixtures`);
    const alone = engines.map(({ name, engine }) => ({ name, seconds: timedRun(['run', '--engine', engine, '--corpus-only', ...selection, '--jobs', '2', '--reporter', 'json'], [0, 1], `the run of ${name} alone`).seconds }));
    const slowest = alone.reduce((a, b) => (b.seconds > a.seconds ? b : a));
    return {
      seconds: compared.seconds,
      slowestRunSeconds: slowest.seconds,
      slowestEngine: slowest.name,
      engines: engines.length,
      fixtures: report.engines[0]?.run.total ?? 0,
      ...(variant === undefined ? {} : { variant }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await Promise.all(built.map((each) => each.remove()));
  }
}

/**
 * The self-play --quick measures: the seed systems' variants and one of each other game of the family. Each
 * variant costs a worker thread's start, a second, and the smoke check needs figures, not all of them.
 */
const QUICK_SELFPLAY = ['pagat', 'scoparella', 'denexa', 'anycard', 'escoba', 'playpalace', 'scopone-scientifico', 'scopa-d-assi', 'napola', 'cirulla'];

async function main(): Promise<number> {
  // A reader that goes away (`| head`) ends the bench at once and quietly: nothing measured after could be shown.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (!isReaderGone(error)) throw error;
    process.exit(0);
  });
  const { values } = parseArgs({ options: { json: { type: 'boolean' }, quick: { type: 'boolean' } } });
  const seconds = values.quick === true ? 0.2 : 2;
  const samples = values.quick === true ? 1 : 5;
  const registry = await loadVariantRegistry();
  if (!registry.ok) {
    for (const error of registry.errors) process.stderr.write(`${formatLoadError(error)}\n`);
    return 2;
  }
  const progress = (text: string): void => {
    if (values.json !== true) process.stdout.write(text);
  };
  progress('self-play, the fewest players each variant seats (2 for most), random legal play, whole games\n');
  const selfplay: Record<string, SelfPlayFigures> = {};
  const idWidth = Math.max(...[...registry.value.keys()].map((id) => id.length));
  for (const [id, variant] of registry.value) {
    if (values.quick === true && !QUICK_SELFPLAY.includes(id)) continue;
    selfplay[id] = await inWorker<SelfPlayFigures>({ kind: 'selfplay', rules: rulesOf(variant), seconds, samples });
    progress(`  ${id.padEnd(idWidth)} ${String(selfplay[id].gamesPerSec).padStart(8)} games/s ${String(selfplay[id].handsPerSec).padStart(9)} hands/s\n`);
  }
  const pagat = registry.value.get('pagat');
  if (pagat === undefined) throw new Error('variants/pagat.yaml is missing');
  progress('pagat self-play against a loop hard-coded for its rules (the same games, CPU time, alternating samples)\n');
  const yardstick = await inWorker<Yardstick>({ kind: 'yardstick', rules: rulesOf(pagat), seconds, samples });
  progress(`  engine ${String(yardstick.engineGamesPerSec).padStart(8)} games/s, hard-coded ${yardstick.hardCodedGamesPerSec} games/s: ${yardstick.ratio} of it\n`);
  const playpalace = registry.value.get('playpalace');
  if (playpalace === undefined) throw new Error('variants/playpalace.yaml is missing');
  progress('automatic capture search (playpalace rules, escoba mode: no rank-match shortcut)\n');
  const captureSearch: Record<string, number> = {};
  for (const size of [10, 40, 110]) {
    captureSearch[size] = measureCaptureSearch(rulesOf(playpalace), size, seconds, samples);
    progress(`  ${String(size).padStart(3)}-card table ${String(captureSearch[size]).padStart(10)} µs per decision\n`);
  }
  const files = await listFixtureFiles();
  if (!files.ok) throw new Error('fixtures/ cannot be listed');
  progress(`replay of the whole corpus (${files.value.length} fixtures: read, parse, check, replay, compare)\n`);
  const mainJob = { cpuSeconds: usageOfRun(['run'], 'npm start (scopa-conformance run)').cpuSeconds, floorCpuSeconds: round(measureReadAndParse(files.value), 2) };
  progress(`  npm start             ${String(mainJob.cpuSeconds).padStart(8)} s of CPU (its own process), against ${mainJob.floorCpuSeconds} s to read and parse the corpus\n`);
  const replay = await measureReplay(referenceEngine(), files.value, registry.value);
  progress(`  in process            ${String(replay.fixturesPerSec).padStart(8)} fixtures/s, ${replay.cpuSeconds} s of CPU (cold)\n`);
  const child = new StdioEngine({ command: `node ${JSON.stringify(BIN)} engine`, timeoutMs: 30_000, validateProtocol: false, cwd: process.cwd() });
  await child.start();
  const protocol = await measureReplay(child, files.value, registry.value);
  progress(`  through the protocol  ${String(protocol.fixturesPerSec).padStart(8)} fixtures/s (scopa-conformance engine as a child process)\n`);
  progress('fuzz: random pagat games, 5% illegal decisions, each generated, run, compared (the reference against itself)\n');
  const inProcess = await measureFuzz(referenceEngine(), pagat, seconds, samples);
  const fuzzFigures = {
    inProcessGamesPerSec: inProcess.gamesPerSec,
    protocolGamesPerSec: (await measureFuzz(child, pagat, seconds, samples)).gamesPerSec,
    gameEndShare: inProcess.gameEndShare,
  };
  await child.close();
  progress(`  in process            ${String(fuzzFigures.inProcessGamesPerSec).padStart(8)} games/s\n`);
  progress(`  through the protocol  ${String(fuzzFigures.protocolGamesPerSec).padStart(8)} games/s\n`);
  progress(`  to the game's end     ${String(Math.round(fuzzFigures.gameEndShare * 100)).padStart(8)} % of the games in process\n`);
  const copies = values.quick === true ? 2 : 16;
  progress(`peak memory of a run (scopa-conformance run, its own process): the corpus against ${copies} copies of it\n`);
  const memory = measureMemory(copies);
  progress(`  ${String(memory.one.fixtures).padStart(6)} fixtures ${String(memory.one.peakMB).padStart(8)} MB\n`);
  // A corpus of up to 2,000 files is held from its check to its run; a larger one is read twice and held by name
  // only, so --quick's 2 copies may take less than 1.
  const perThousand = `${Math.abs(memory.mbPer1000Fixtures)} MB ${memory.mbPer1000Fixtures < 0 ? 'less' : 'more'} per 1,000 fixtures`;
  progress(`  ${String(memory.many.fixtures).padStart(6)} fixtures ${String(memory.many.peakMB).padStart(8)} MB (${memory.ratio}x; ${perThousand})\n`);
  // Unquick, diagnose's own default: the figure is of diagnose as a user runs it.
  const gamesPerSetting = values.quick === true ? 10 : 50;
  progress(`diagnose: a mutant with two readings and three known bugs over the protocol, pagat and escoba, ${gamesPerSetting} games per setting, 2 jobs (goal: under 60 s)\n`);
  const diagnose = await measureDiagnose(gamesPerSetting);
  progress(`  ${String(diagnose.seconds).padStart(8)} s, ${diagnose.readings} readings and ${diagnose.knownBugs} known bugs found\n`);
  const defaultRunVariant = values.quick === true ? 'pagat' : undefined;
  progress(`default run over the protocol on the Python example engine${defaultRunVariant === undefined ? '' : ` (--variant ${defaultRunVariant})`}: the corpus, then games and probes (goal: under 60 s on 2 cores)\n`);
  const defaultRun = measureDefaultRun(defaultRunVariant);
  progress(`  ${String(defaultRun.seconds).padStart(8)} s: ${defaultRun.fixtures} fixtures, ${defaultRun.games} games, ${defaultRun.probes} probes\n`);
  progress(`compare of 4 engines over the protocol${defaultRunVariant === undefined ? '' : ` (--variant ${defaultRunVariant})`}, --jobs 2, against the slowest one's run alone (goal: under 2x on 2 cores)\n`);
  const compare = await measureCompare(defaultRunVariant);
  progress(`  ${String(compare.seconds).padStart(8)} s for ${compare.fixtures} fixtures each, against ${compare.slowestRunSeconds} s for ${compare.slowestEngine} alone\n`);
  const ratios = { ...ratiosOf({ mainJob, replay, protocol, selfPlay: selfplay.pagat as SelfPlayFigures, fuzz: fuzzFigures, yardstick }), compareToSlowestRun: round(compare.seconds / compare.slowestRunSeconds, 2) };
  progress('ratios (goals: mainJobToFloor <= 3, replayToFloor >= 0.5, fuzzToSelfPlay >= 0.25, selfPlayToYardstick >= 0.7, protocolToInProcess >= 0.9, compareToSlowestRun < 2)\n');
  for (const [name, ratio] of Object.entries(ratios)) progress(`  ${name.padEnd(21)} ${String(ratio).padStart(8)}\n`);
  if (values.json === true) {
    process.stdout.write(`${JSON.stringify({ selfplay, yardstick, captureSearch, mainJob, replay, protocol, fuzz: fuzzFigures, memory, diagnose, defaultRun, compare, ratios })}\n`);
  }
  return 0;
}

interface DefaultRunFigures {
  seconds: number;
  /** The corpus's fixtures, the games and the probes the run judged the engine on, or skipped. */
  fixtures: number;
  games: number;
  probes: number;
  /** --quick: the one variant run. */
  variant?: string;
}

/**
 * Seconds a default `scopa-conformance run --engine "python3 examples/python/scopa_engine.py"` takes (its own
 * process; issue 30's figure): the corpus, then the default budget of games and probes. Throws unless it passes.
 */
function measureDefaultRun(variant: string | undefined): DefaultRunFigures {
  const started = performance.now();
  const args = ['run', '--engine', 'python3 examples/python/scopa_engine.py', '--reporter', 'json', ...(variant === undefined ? [] : ['--variant', variant])];
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd: fileURLToPath(new URL('../../', import.meta.url)), encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, CI: 'true' } });
  const seconds = round((performance.now() - started) / 1000, 1);
  if (run.status !== 0) throw new Error(`the default run of the Python example engine failed (exit ${run.status}): ${run.stderr}`);
  const report = JSON.parse(run.stdout) as { corpus: { total: number }; games: { counts: { total: number } }; probes: { counts: { total: number } } };
  return { seconds, fixtures: report.corpus.total, games: report.games.counts.total, probes: report.probes.counts.total, ...(variant === undefined ? {} : { variant }) };
}

/**
 * The ratios issue 33 sets goals for, from the figures of one run: npm start's CPU against reading and parsing the
 * corpus (at most 3); the floor's CPU against the replay's in process, cold (at least 0.5); fuzz of pagat against
 * its self-play (0.25); self-play against the hard-coded loop (0.7); the protocol against in process (0.9).
 */
function ratiosOf(figures: {
  mainJob: { cpuSeconds: number; floorCpuSeconds: number };
  replay: ReplayFigures;
  protocol: ReplayFigures;
  selfPlay: SelfPlayFigures;
  fuzz: { inProcessGamesPerSec: number };
  yardstick: Yardstick;
}): Record<string, number> {
  const { mainJob, replay, protocol, selfPlay, fuzz, yardstick } = figures;
  return {
    mainJobToFloor: round(mainJob.cpuSeconds / mainJob.floorCpuSeconds, 2),
    replayToFloor: round(mainJob.floorCpuSeconds / replay.cpuSeconds, 2),
    fuzzToSelfPlay: round(fuzz.inProcessGamesPerSec / selfPlay.gamesPerSec, 2),
    selfPlayToYardstick: yardstick.ratio,
    protocolToInProcess: round(protocol.fixturesPerSec / replay.fixturesPerSec, 2),
  };
}

interface SelfPlayJob {
  kind: 'selfplay' | 'yardstick';
  rules: Rules;
  seconds: number;
  samples: number;
}

/**
 * Each variant is measured in a fresh worker thread, so that the JIT has seen only that variant's rules, as
 * in a program that plays one variant; otherwise the order of the measurements changes the figures.
 */
function inWorker<T>(job: SelfPlayJob): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = startTypeScriptWorker(new URL(import.meta.url), job);
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

if (isMainThread) process.exitCode = await main();
else {
  const job = workerData as SelfPlayJob;
  const measure = job.kind === 'yardstick' ? measureYardstick : measureSelfPlay;
  parentPort?.postMessage(measure(job.rules, job.seconds, job.samples));
}
