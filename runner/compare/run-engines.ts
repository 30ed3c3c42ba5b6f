/**
 * Runs each engine of a comparison over the same fixtures and the same seeded games and probes, as `run` runs one
 * engine: the corpus checked once for all, each engine's items made from it (and its own games and probes, from the
 * same seeds), each
 * engine started, isolated and judged by `run`'s pool, several at once within the jobs given. An engine that cannot
 * start, crashes, hangs or lies has only its own results to show for it.
 * @module
 */
import { readFile } from 'node:fs/promises';
import type { ResolvedVariant } from '../../reference/index.ts';
import { undocumentedDeclarations } from '../causes/ambiguity.ts';
import { referenceWith } from '../causes/patched-reference.ts';
import { type Io, showPath } from '../cli/command.ts';
import { AdapterError, engineFlags, engineName, EngineStartError, judgedByProfile, startEngine } from '../engines/engine.ts';
import type { CheckedFixture, LoadedFixture } from '../load/fixtures.ts';
import type { LoadError } from '../load/load-result.ts';
import { type EngineProfile, PLAYS_EVERYTHING } from '../profile/profile.ts';
import { reproCommand, reproGameCommand } from '../report/divergence.ts';
import { gameSettings, generatedGamesStoppable, type GamesWanted, isGame, isProbe, PROBES_GROUP } from '../run/generated-games.ts';
import { countResults, cutShort, type FixtureResult, NOT_RUN_INTERRUPTED, type RunSummary } from '../run/outcome.ts';
import { runTasks } from '../run/pool.ts';
import type { Progress } from '../run/progress.ts';
import type { RunItem } from '../run/replay.ts';
import { selectFixtures, type Selection } from '../run/select.ts';
import { resultWithout, type RunTask, taskOf } from '../run/task.ts';
import { PACKAGE_JSON } from '../util/repo-paths.ts';
import { type EngineOutcome, generatedSummariesOf, judgedUnderOf, rulesChecked, type RunFixture } from './comparison.ts';
import type { ComparedEngine } from './engines-file.ts';
import { declaredReadings } from './readings.ts';

export interface CompareSetup {
  variants: Map<string, ResolvedVariant>;
  /** The corpus's fixtures the selection takes (before --shard), checked and held. */
  corpus: readonly CheckedFixture[];
  /** --variant, --filter, --tags and --shard: the shard cuts each engine's corpus and games as one selection. */
  selection: Selection;
  games?: GamesWanted;
  /** --probes: the group is PROBES_GROUP. */
  probes?: GamesWanted;
  /** The flags of --variants, for each failure's command. */
  variantsFlags: readonly string[];
  jobs: number;
  /** The progress line, told how many fixtures and games there are in all. */
  progress: (total: number) => Progress;
}

/** Each engine run, in the order given; and the problems of adapters that are no adapters (each engine's results say it could not start). */
export async function runEngines(engines: readonly ComparedEngine[], setup: CompareSetup, io: Io): Promise<{ outcomes: EngineOutcome[]; adapterProblems: LoadError[] }> {
  const { version } = JSON.parse(await readFile(PACKAGE_JSON, 'utf8')) as { version: string };
  // Jobs go to engines side by side first: each engine's own process does its work while the runner judges another's.
  const jobsEach = Math.max(1, Math.floor(setup.jobs / engines.length));
  const atOnce = Math.max(1, Math.floor(setup.jobs / jobsEach));
  const prepared: { items: RunItem[]; selected: number }[] = [];
  for (const engine of engines) prepared.push(await itemsOf(engine, setup, version, io));
  const progress = setup.progress(prepared.reduce((sum, { items }) => sum + items.length, 0));
  const outcomes: EngineOutcome[] = new Array(engines.length);
  const adapterProblems: LoadError[] = [];
  let next = 0;
  const runNext = async (): Promise<void> => {
    while (next < engines.length) {
      const index = next++;
      const engine = engines[index] as ComparedEngine;
      const { items, selected } = prepared[index] as (typeof prepared)[number];
      const started = performance.now();
      const { results, problem, declared } = await runItems(engine, items, setup, jobsEach, progress, io);
      if (problem !== undefined) adapterProblems.push(problem);
      const profile = engine.profile?.value ?? declared ?? (items.length === 0 ? await helloProfile(engine, io.signal) : undefined);
      outcomes[index] = outcomeOf(engine, profile, items, results, { selected, durationMs: Math.round(performance.now() - started) }, setup, io);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(atOnce, engines.length) }, runNext));
  } finally {
    progress.done();
  }
  return { outcomes, adapterProblems };
}

/**
 * What an engine runs, sorted by id: the corpus's fixtures, and its games and probes (--games, --probes: for the
 * settings its profile declares, from the same seeds as every other engine's), cut to the shard as one selection.
 */
async function itemsOf(engine: ComparedEngine, setup: CompareSetup, version: string, io: Io): Promise<{ items: RunItem[]; selected: number }> {
  const reproFlags = [
    ...engineFlags(engine.spec),
    ...(engine.profile === undefined ? [] : ['--profile', showPath(engine.profile.path, io)]),
    ...(engine.knownBugs === undefined ? [] : ['--known-bugs', showPath(engine.knownBugs.path, io)]),
    ...setup.variantsFlags,
  ];
  const corpus = setup.corpus.map((checked): RunItem => {
    const { fixture, request } = checked.loaded as LoadedFixture;
    const file = showPath(checked.path, io);
    return { fixture, file, variant: setup.variants.get(checked.variant) as ResolvedVariant, rules: request.rules, repro: reproCommand(file, reproFlags) };
  });
  const wanted = [setup.games, setup.probes].filter((want) => want !== undefined);
  // Games of a variant the selection leaves out are not made at all.
  const chosen = setup.selection.variants === undefined ? undefined : new Set(setup.selection.variants);
  const settings = wanted.length === 0 ? [] : gameSettings(setup.variants, engine.profile?.value ?? PLAYS_EVERYTHING).filter((setting) => chosen?.has(setting.variant.id) ?? true);
  // An engine's games and probes are played by the reference with its known bugs, as run plays them.
  const playing = engine.knownBugs === undefined || wanted.length === 0 ? undefined : await referenceWith(engine.knownBugs.bugs);
  const made: RunItem[] = [];
  for (const want of wanted) {
    const budget = want.group === PROBES_GROUP ? '--probes' : '--games';
    made.push(...(await generatedGamesStoppable(settings, want, version, (id, seed) => reproGameCommand(id, seed, reproFlags, budget), io.signal, playing)));
  }
  const whole = selectFixtures([...corpus, ...made], { ...setup.selection, shard: undefined });
  const items = setup.selection.shard === undefined ? whole : selectFixtures(whole, { shard: setup.selection.shard });
  return { items, selected: whole.length };
}

/**
 * The engine's results, one per item, and the profile it declared in its hello as it started; where it could not
 * start, each result errored with why (and an adapter's problem).
 */
async function runItems(
  engine: ComparedEngine,
  items: readonly RunItem[],
  setup: CompareSetup,
  jobs: number,
  progress: Progress,
  io: Io,
): Promise<{ results: FixtureResult[]; problem?: LoadError; declared?: EngineProfile }> {
  const passed = new Map(setup.corpus.flatMap((checked) => (checked.passedOnReference === undefined ? [] : [[checked.id, checked.passedOnReference] as const])));
  const tasks = items.map((item): RunTask => {
    const passedOnReference = passed.get(item.fixture.id);
    return { ...taskOf(item), ...(passedOnReference === undefined || isGame(item.fixture.id) || isProbe(item.fixture.id) ? {} : { passedOnReference }) };
  });
  const profile = engine.profile?.value;
  let declared: EngineProfile | undefined;
  let raw: (FixtureResult | undefined)[];
  try {
    raw = await runTasks(tasks, {
      jobs,
      engine: judgedByProfile(engine.spec, profile),
      variants: setup.variants,
      ...(profile === undefined ? {} : { profile }),
      ...(engine.knownBugs === undefined ? {} : { knownBugs: engine.knownBugs.bugs.map((bug) => bug.name) }),
      ...(io.signal === undefined ? {} : { signal: io.signal }),
      onDeclaredProfile: (hello) => {
        declared ??= hello;
      },
      onResult: (_, result) => {
        progress.tick(`${engine.name}: ${result.id}`);
        return io.signal?.aborted !== true;
      },
    });
  } catch (error) {
    if (!(error instanceof EngineStartError)) throw error;
    const stopped = io.signal?.aborted === true;
    // An adapter that is no adapter is reported as invalid input, where it is wrong; any other engine here, as run says it.
    if (!stopped && !(error instanceof AdapterError)) io.stderr.write(`error: engine "${engine.name}" could not be started: ${error.message}\n`);
    const results = tasks.map((task) => (stopped ? resultWithout(task, 'skipped', NOT_RUN_INTERRUPTED) : resultWithout(task, 'errored', `the engine could not be started: ${error.message}`)));
    return { results, ...(error instanceof AdapterError ? { problem: error.problem } : {}) };
  }
  return { results: tasks.map((task, index) => raw[index] ?? resultWithout(task, 'skipped', NOT_RUN_INTERRUPTED)), ...(declared === undefined ? {} : { declared }) };
}

/**
 * The profile an engine's hello declares, read from an engine started for that alone: for an engine given nothing to
 * run, which the run itself never starts (none where it cannot start).
 */
async function helloProfile(engine: ComparedEngine, signal?: AbortSignal): Promise<EngineProfile | undefined> {
  if (engine.spec.kind === 'reference') return undefined;
  try {
    const started = await startEngine(engine.spec, signal);
    await started.close();
    return started.profile;
  } catch (error) {
    if (error instanceof EngineStartError) return undefined;
    throw error;
  }
}

function outcomeOf(
  engine: ComparedEngine,
  profile: EngineProfile | undefined,
  items: readonly RunItem[],
  results: FixtureResult[],
  run: { selected: number; durationMs: number },
  setup: CompareSetup,
  io: Io,
): EngineOutcome {
  const fixtures = new Map<string, RunFixture>();
  for (const [index, item] of items.entries()) {
    const under = judgedUnderOf(results[index] as FixtureResult, item.rules);
    fixtures.set(item.fixture.id, { rules: rulesChecked(item.fixture, item.rules), ...(under === undefined ? {} : { judgedUnder: under }) });
  }
  const undocumented = profile === undefined ? [] : undocumentedDeclarations(profile, setup.variants);
  const summary: RunSummary = {
    engine: engineName(engine.spec),
    results,
    counts: countResults(results),
    bailed: false,
    interrupted: io.signal?.aborted === true && results.some(cutShort),
    ...(setup.selection.shard === undefined ? {} : { shard: { ...setup.selection.shard, selected: run.selected } }),
    ...generatedSummariesOf(results, fixtures, { ...(setup.games === undefined ? {} : { games: setup.games }), ...(setup.probes === undefined ? {} : { probes: setup.probes }), refusals: refusalsOf(items) }),
    ...(engine.knownBugs === undefined ? {} : { knownBugs: engine.knownBugs.bugs.map(({ name, rule, bug }) => ({ name, rule, bug })) }),
    ...(undocumented.length === 0 ? {} : { undocumented }),
    durationMs: run.durationMs,
  };
  return {
    name: engine.name,
    ...(engine.profile === undefined ? {} : { profile: engine.profile.file, profileDigest: engine.profile.digest }),
    ...(engine.knownBugs === undefined ? {} : { knownBugs: engine.knownBugs.file }),
    readings: declaredReadings(profile, setup.variants),
    summary,
    fixtures,
  };
}

/** The refusal codes an engine's probes expect. */
const refusalsOf = (items: readonly RunItem[]): string[] => items.flatMap((item) => (isProbe(item.fixture.id) && item.fixture.expect.reject !== undefined ? [item.fixture.expect.reject.code] : []));
