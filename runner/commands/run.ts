/**
 * `run`: the conformance run. Loads the variants and fixtures (any problem in either: every one reported, exit 2,
 * nothing run; with --keep-going, invalid fixture files are reported and left out, and exit 2 after the run),
 * selects fixtures, replays each on the engine, compares, and reports.
 * @module
 */
import { ERROR_CODES, type ResolvedVariant, RULE_IDS, type RuleId } from '../../reference/index.ts';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { baselineTarget, writeBaseline } from '../run/baseline.ts';
import { type OutputFile, refuseToWriteOver } from '../cli/output-file.ts';
import { type FindingsFolder, findingsFolder, writeFindings } from '../cli/findings-folder.ts';
import { type Command, EXIT, type ExitCode, integerOption, type Io, parseCommandArgs, reportLoadErrors, showPath, UsageError, variantsOrStop } from '../cli/command.ts';
import { userVariantSources, userVariantsFlags, variantIdOf, VARIANTS_OPTION } from '../cli/variant-args.ts';
import { reproCommand, reproGameCommand } from '../report/divergence.ts';
import { AdapterError, engineFlags, engineName, type EngineSpec, EngineStartError, judgedByProfile } from '../engines/engine.ts';
import { engineSpecOf } from '../engines/flags.ts';
import { resolveFixtureArgs } from '../cli/fixture-args.ts';
import { checkFixturesShown } from '../cli/fixture-check.ts';
import { fixtureIdOf, listFixtureFiles } from '../load/fixtures.ts';
import type { LoadError } from '../load/load-result.ts';
import { unknownVariantMessage } from '../load/variants.ts';
import { undocumentedDeclarations } from '../causes/ambiguity.ts';
import { loadKnownBugsFile } from '../causes/known-bugs-file.ts';
import type { KnownBug } from '../causes/known-bugs.ts';
import { referenceWith } from '../causes/patched-reference.ts';
import type { Reference } from '../engines/reference.ts';
import { loadProfileFile } from '../profile/load.ts';
import { type EngineProfile, PLAYS_EVERYTHING } from '../profile/profile.ts';
import { countResults, cutShort, exitCodeOf, type FixtureResult, type GamesSummary, isUnexpected, NOT_RUN_INTERRUPTED, type ProbesSummary, type RunSummary } from '../run/outcome.ts';
import { MAX_JOBS, runTasks } from '../run/pool.ts';
import { progressLine } from '../run/progress.ts';
import { resultWithout, type RunTask, taskOf } from '../run/task.ts';
import { GAMES_GROUP, gameSettings, generatedGamesStoppable, type GamesWanted, namesGames, isGame, isProbe, PROBES_GROUP, rulesExercised, settingOf } from '../run/generated-games.ts';
import { shrinkFailures } from '../run/shrink-generated.ts';
import type { RunItem } from '../run/replay.ts';
import { renderHtml } from '../report/html.ts';
import { htmlReportTarget, writeHtmlReport } from '../report/html/write.ts';
import { renderJson } from '../report/json.ts';
import { renderJunit } from '../report/junit.ts';
import { interruptedLine, renderPretty, summaryLine } from '../report/pretty.ts';
import { renderTap } from '../report/tap.ts';
import { inputAt, readUserFile } from '../util/files.ts';
import { globMatcher } from '../util/glob.ts';
import { FIXTURES_DIR, PACKAGE_JSON } from '../util/repo-paths.ts';
import {
  type ExpectFailList,
  expectedFailureOf,
  loadExpectFail,
  parseShard,
  type Selection,
  selectFixtures,
  splitList,
  unknownExpectedFailures,
} from '../run/select.ts';

export const REPORTERS = {
  pretty: renderPretty,
  json: renderJson,
  junit: renderJunit,
  tap: renderTap,
} as const satisfies Record<string, (summary: RunSummary) => string>;
type ReporterName = keyof typeof REPORTERS;
/** The reporter that writes a file (--out) instead of stdout. */
const HTML = 'html';

/**
 * Up to how many fixture files a run keeps each fixture in memory from its check to its run (about 50 KB each):
 * the corpus of this repository whole. A larger corpus keeps none: each fixture is read again when its turn
 * comes, so that memory stays flat in corpus size.
 */
const HELD_FIXTURES = 2000;

/** The most games --games (or probes --probes) takes per setting. */
const MAX_GAMES = 100_000;

/**
 * The games and probes per setting a run of the whole corpus plays on an engine other than the reference where
 * neither --games nor --probes says: with the corpus, about 40 s over the protocol on the Python example engine
 * (2 cores; `npm run bench`).
 */
export const DEFAULT_BUDGET = { games: 2, probes: 8 } as const;

const OPTIONS = {
  variant: { type: 'string', multiple: true },
  filter: { type: 'string' },
  tags: { type: 'string' },
  shard: { type: 'string' },
  jobs: { type: 'string', short: 'j', default: '1' },
  reporter: { type: 'string', default: 'pretty' },
  out: { type: 'string' },
  bail: { type: 'boolean' },
  'keep-going': { type: 'boolean' },
  'expect-fail': { type: 'string' },
  engine: { type: 'string' },
  adapter: { type: 'string' },
  timeout: { type: 'string' },
  'validate-protocol': { type: 'boolean' },
  profile: { type: 'string' },
  'known-bugs': { type: 'string' },
  'write-expect-fail': { type: 'string' },
  'write-findings': { type: 'string' },
  force: { type: 'boolean' },
  games: { type: 'string' },
  probes: { type: 'string' },
  seed: { type: 'string' },
  'corpus-only': { type: 'boolean' },
  ...VARIANTS_OPTION,
} as const;

export const runCommand: Command = {
  name: 'run',
  summary: 'replay the fixtures on the engine and report every divergence, grouped by rule',
  help: `Usage: scopa-conformance run [paths|ids...] [--variant <id>] [--variants <dir>] [--filter <glob>]
                              [--tags <a,b>] [--shard <i/n>] [--jobs <n>] [--reporter <name> [--out <file>]]
                              [--bail] [--keep-going] [--expect-fail <file>]
                              [--engine <command> [--timeout <s>] [--validate-protocol] | --adapter <module>]
                              [--profile <file>] [--known-bugs <file>] [--write-expect-fail <file>]
                              [--games <n>] [--probes <n>] [--seed <n>] [--corpus-only]
                              [--write-findings <dir>] [--force]

Replays fixtures on the engine under test (the reference engine unless --engine names another) and compares its events,
round scores, result and refusals with each fixture's expectations, as far as the engine
reports them. Every divergence that does not follow from another is found, and the report
card groups them by rule: for each rule the engine breaks, the fixtures and rounds where it
does and one worked example (round, play, seat, the decision with the table and hand before
it, expected against actual, the rule, and a command that reruns that fixture alone).

Fixtures are the files and directories given, or fixtures given by id (their path under
fixtures/ without .yaml); with none, every fixture in fixtures/. Every variant and every
fixture read must be valid: otherwise each problem is reported as file:line:col on stderr
and nothing is run (with --keep-going, only the invalid fixture files are left out). A corpus
of more than ${HELD_FIXTURES} files is read twice, checked and then run, so that memory stays flat
whatever its size (a file changed in between is reported as errored, not run).

With --games <n>, n seeded games per setting of the engine are judged after the corpus:
for each variant its --profile declares, each player count it plays and each option value
it lists, games generated on the reference engine under the rules the engine declares,
every decision legal, each to the game's end; without --profile, every variant at every
player count (those a profile sent in the engine's hello does not play are not
applicable). With --probes <n>, n seeded probes per setting: a generated game up to a
decision where an illegal one of fuzz's shapes is tried instead (a card not in hand, a
wrong sum, a trail where a capture is due, a sum over a rank match...), expecting the
reference's refusal. Their ids are games/<variant>/p<players>[-<options>]-s<seed>
and probes/..., which --filter selects (--filter 'probes/*': the probes alone) and an
expect-fail list names (as --write-expect-fail writes them), and each failure's command
reruns that game or probe alone. The report counts the corpus, the games and the probes
apart (CORPUS, GAMES, PROBES), and for each rule the games or the probes break, shrinks the
first failure to the smallest game that still shows it on the engine: a fixture, in the
JSON report, that run reproduces once written to the file its id names, as --write-findings
<dir> writes it. With --shard, the
corpus, the games and the probes are shared out as one selection, which merge puts back
together.

A run of the whole corpus (no fixtures named) on an engine other than the reference plays,
unasked, ${DEFAULT_BUDGET.games} games and ${DEFAULT_BUDGET.probes} probes per setting from seed 1: a bug the
corpus misses is often met there. --games or --probes sets the budget instead (the one
not given: none), and --corpus-only plays none. The reference engine's own run plays none
unasked.

Options:
  --games <n>           n generated games per setting, judged after the corpus (above;
                        0 or more)
  --probes <n>          n illegal-decision probes per setting, judged after the games
  --seed <n>            the first seed of the games and probes (default 1); game k of
                        each setting has seed n + k
  --corpus-only         no games and no probes, where an engine's run would play them
  --write-findings <dir>
                        write each finding of the games and probes, shrunk, to <dir> as a
                        fixture file named by its id (<dir>/<rule>-<where found>.yaml, its
                        id <dir's name>/...), as fuzz --out writes its findings; the report
                        names the file. A file there that says something else is not
                        replaced unless --force, one the run reads never (exit 2)
  --variant <id>        only fixtures of this variant (repeatable, or a,b); an id, or the
                        path of a variant file (./house.yaml)
  --variants <dir>      read the variant files of <dir> too (repeatable), for fixtures of
                        variants of your own (which may extend the package's)
  --filter <glob>       only fixtures whose id matches (* any characters, ? one)
  --tags <a,b>          only fixtures with at least one of these tags
  --shard <i/n>         the i-th of n parts of the selection (by sorted id; 1 <= i <= n)
  -j, --jobs <n>        run on n worker threads (default 1: in process), and check a
                        corpus read twice on them; the results are the same and in the
                        same order whatever n
  --reporter <name>     pretty (default), json, junit or tap, on stdout; or html: one
                        self-contained page (no network when viewed) with the report card,
                        every fixture's outcome (filterable), and for each failure a game
                        viewer that steps through the plays to the divergence, expected
                        beside actual; written to --out, with the summary line on stdout
  --out <file>          where --reporter html writes its page (default scopa-report.html
                        in the current folder); written whole or not at all, never over
                        a file that is not a report run wrote (a FIFO or a device never)
  --bail                stop at the first fixture that fails, errors or passes unexpectedly;
                        the fixtures after it are reported as skipped
  --keep-going          run and report the valid fixtures even where some fixture files are
                        invalid: their problems are listed on stderr as usual, the files are
                        left out, and the exit status is still 2
  --expect-fail <file>  fixtures expected to fail, each with a reason: YAML (id: reason, or
                        a list of {id, reason}) or plain text (one "id reason" per line,
                        # comments). Ids may be globs. A listed fixture that fails counts as
                        expected; one that passes fails the run; an unknown id is an error.
  --write-expect-fail <file>
                        after the run, write the fixtures that failed or errored as an
                        expect-fail list (.yaml: id: reason; else id reason lines), each
                        with its first finding's rule and one line: a baseline, with which
                        the same run exits 0. The run reports and exits as usual; a file
                        changed during the run is not overwritten (exit 2), nor one that
                        is not a list run wrote, unless it is the list --expect-fail reads.
                        Not with --bail
  --force               replace a file at --out, --write-expect-fail or --write-findings that
                        run did not write

Engine:
  --engine <command>    test an external engine: a command that speaks the engine protocol
                        on stdin/stdout (spec/PROTOCOL.md), started once per job; without
                        it, the reference engine runs in process
  --adapter <module>    test a JavaScript or TypeScript engine in process: a module whose
                        default export is an Engine (see the package's "./engine" export)
                        or a function returning one
  --timeout <s>         seconds an external engine may take to answer each request (its
                        hello, each replay, each legal), from the request written to the
                        answer read (default 10); with --adapter, seconds it may take
                        to finish each fixture, after which its worker thread is stopped
  --validate-protocol   check every request and answer against spec/protocol/
  --profile <file>      what the engine declares (spec/profile.schema.json, YAML or JSON):
                        the variants it plays, its reading of their rules, the settings it
                        supports, what it reports. It replaces the profile of the engine's
                        hello. Where its rules differ from a fixture's, the expectations are
                        derived on the reference engine; a fixture it cannot play is
                        reported not applicable, with the reason
  --known-bugs <file>   bugs of the catalog the engine is known to have, by name
                        (spec/known-bugs.schema.json, as diagnose --write-known-bugs writes
                        them): every expectation is derived on the reference playing them,
                        and the games of --games are played by it, so that what is left shows
                        the engine's other bugs. The run fails while any is listed (exit 1
                        at least), and the report names them

Progress is shown on stderr when it is a terminal and CI is not set.
Exit status: 0 every fixture as expected; 1 a fixture failed, or a listed one passed, or
the engine has known bugs;
2 a usage mistake or an invalid variant, fixture, profile or expect-fail file, or no fixture
judged (each skipped or not applicable) (nothing run, except
the valid fixtures under --keep-going);
3 the engine could not be run or errored on a fixture; 130, 143, 129 interrupted by Ctrl-C,
SIGTERM, SIGHUP (the engines are ended at once, the fixtures that ran are reported, the rest
counted as not run). Where several apply: 2, then 3, then 1.`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, OPTIONS);
    const reporter = values.reporter;
    if (!Object.hasOwn(REPORTERS, reporter) && reporter !== HTML) {
      throw new UsageError(`--reporter takes one of ${[...Object.keys(REPORTERS), HTML].join(', ')}, got "${reporter}"`);
    }
    if (values.out !== undefined && reporter !== HTML) throw new UsageError('--out names the file of --reporter html; other reporters write to stdout');
    const force = values.force === true;
    if (force && reporter !== HTML && values['write-expect-fail'] === undefined && values['write-findings'] === undefined) {
      throw new UsageError('--force goes with --reporter html, --write-expect-fail or --write-findings');
    }
    const html = reporter === HTML ? await htmlReportTarget(values.out, '--out', io, force) : undefined;
    const jobs = integerOption('jobs', values.jobs, 1, MAX_JOBS);
    const variantWords = values.variant?.flatMap(splitList);
    const selection: Selection = {
      ...(variantWords === undefined ? {} : { variants: variantWords.map(variantIdOf) }),
      ...(values.filter === undefined ? {} : { filter: values.filter }),
      ...(values.tags === undefined ? {} : { tags: splitList(values.tags) }),
      ...(values.shard === undefined ? {} : { shard: parseShard(values.shard) }),
    };
    const paths = positionals.length === 0 ? [FIXTURES_DIR] : await resolveFixtureArgs(positionals, io);
    const engine = engineSpecOf(values, io.cwd);
    if (values['write-expect-fail'] !== undefined && values.bail === true) throw new UsageError('--write-expect-fail lists every failure of a whole run: not with --bail');
    const baseline = values['write-expect-fail'] === undefined ? undefined : await baselineTarget(values['write-expect-fail'], io, force || (await rewritesExpectFail(values, io)));
    const { games, probes } = budgetOf(values, engine.kind !== 'reference' && positionals.length === 0);
    if (values['write-findings'] !== undefined && values.bail === true) throw new UsageError('--write-findings writes every finding of the games and probes shrunk, which --bail does not shrink: not with --bail');
    if (values['write-findings'] !== undefined && games === undefined && probes === undefined) {
      throw new UsageError('--write-findings writes the findings of the games and probes shrunk: this run plays none (give --games or --probes)');
    }
    const findings = values['write-findings'] === undefined ? undefined : await findingsFolder(values['write-findings'], '--write-findings', io);

    // The fixtures are checked, and on the reference engine judged, before the run proper: its time counts from here.
    const started = performance.now();
    const prepared = await prepareRun(paths, selection, {
      engine,
      jobs,
      htmlPath: html?.path,
      variants: userVariantSources(values, variantWords ?? [], io),
      variantsFlags: userVariantsFlags(values, variantWords ?? []),
      keepGoing: values['keep-going'] === true,
      profile: values.profile,
      knownBugs: values['known-bugs'],
      expectFail: values['expect-fail'],
      ...(baseline === undefined ? {} : { baselinePath: baseline.path }),
      ...(games === undefined ? {} : { games }),
      ...(probes === undefined ? {} : { probes }),
    }, io);
    if (typeof prepared === 'number') return prepared;
    const { tasks, registry, profile, leftOut, knownBugs, inputs } = prepared;
    const settings = {
      started,
      ...(knownBugs === undefined ? {} : { knownBugs }),
      ...(prepared.games === undefined ? {} : { games: prepared.games }),
      ...(prepared.probes === undefined ? {} : { probes: prepared.probes }),
      engine: judgedByProfile(engine, profile),
      jobs,
      bail: values.bail === true,
      reporter: reporter as ReporterName,
      ...(html === undefined ? {} : { html }),
      ...(findings === undefined ? {} : { findings: { folder: findings, force, inputs } }),
      ...(profile === undefined ? {} : { profile }),
      ...(selection.shard === undefined ? {} : { shard: { ...selection.shard, selected: prepared.selected } }),
    };
    const ran = await runAndReport(tasks, registry, baseline === undefined ? settings : { ...settings, baseline }, io);
    return leftOut ? EXIT.invalid : ran;
  },
};

/**
 * The games and probes per setting the run plays, from --seed on: what --games and --probes say (one not given:
 * none); where neither does, the default budget on `playsByDefault` (the whole corpus on an engine other than the
 * reference), else none; none with --corpus-only.
 */
function budgetOf(values: { games?: string | undefined; probes?: string | undefined; seed?: string | undefined; 'corpus-only'?: boolean | undefined }, playsByDefault: boolean): { games?: GamesWanted; probes?: GamesWanted } {
  const given = values.games !== undefined || values.probes !== undefined;
  if (values['corpus-only'] === true) {
    if (given || values.seed !== undefined) throw new UsageError('--corpus-only plays no games or probes: not with --games, --probes or --seed');
    return {};
  }
  if (!given && !playsByDefault) {
    if (values.seed !== undefined) throw new UsageError('--seed is the first seed of --games and --probes: give one of them too (a run of the reference engine, or of fixtures named, plays none unasked)');
    return {};
  }
  const seed = integerOption('seed', values.seed ?? '1', 0);
  const count = (name: 'games' | 'probes'): number => {
    const text = values[name];
    if (text !== undefined) return integerOption(name, text, 0, MAX_GAMES);
    return given ? 0 : DEFAULT_BUDGET[name];
  };
  const [games, probes] = [count('games'), count('probes')];
  return { ...(games === 0 ? {} : { games: { count: games, seed } }), ...(probes === 0 ? {} : { probes: { count: probes, seed, group: PROBES_GROUP } }) };
}

/** Whether --write-expect-fail names the list --expect-fail reads: the list is written again, whoever wrote it. */
async function rewritesExpectFail(values: { 'expect-fail'?: string | undefined; 'write-expect-fail'?: string | undefined }, io: Io): Promise<boolean> {
  const [read, written] = [values['expect-fail'], values['write-expect-fail']];
  return read !== undefined && written !== undefined && (await inputAt(resolve(io.cwd, written), [resolve(io.cwd, read)])) !== undefined;
}

/** What a run is asked for besides the fixtures and the selection. */
interface RunWanted {
  engine: EngineSpec;
  jobs: number;
  htmlPath: string | undefined;
  keepGoing: boolean;
  /** The user's variant folders and files (--variants, and files given for --variant), and the flags that say so again. */
  variants: string[];
  variantsFlags: string[];
  /** --profile, --known-bugs and --expect-fail, as given. */
  profile: string | undefined;
  knownBugs: string | undefined;
  expectFail: string | undefined;
  /** --write-expect-fail, resolved. */
  baselinePath?: string;
  /** --games, --probes and --seed, or the default budget. */
  games?: GamesWanted;
  probes?: GamesWanted;
}

interface PreparedRun {
  tasks: RunTask[];
  registry: Map<string, ResolvedVariant>;
  profile?: EngineProfile;
  /** --known-bugs: the bugs read. */
  knownBugs?: KnownBug[];
  /** How many fixtures the selection takes, before --shard. */
  selected: number;
  /** --keep-going left out invalid fixture files. */
  leftOut: boolean;
  /** The files the run reads: the fixture files, the user's variants, the profile, the known bugs, the expect-fail list. */
  inputs: string[];
  /** --games: what was generated, and the rules the games exercise. */
  games?: Omit<GamesSummary, 'counts'>;
  /** --probes: what was generated, and the refusals the probes expect. */
  probes?: Omit<ProbesSummary, 'counts'>;
}

/**
 * The variants, every fixture checked, the profile and expect-fail list read, the selection made: the tasks to run,
 * or the exit code where there is nothing to run. What only the check needs (each fixture's tags, the ids seen) is
 * let go when this returns.
 */
async function prepareRun(paths: string[], selection: Selection, wanted: RunWanted, io: Io): Promise<PreparedRun | ExitCode> {
  const registry = await variantsOrStop(wanted.variants);
  for (const variant of selection.variants ?? []) {
    if (!registry.has(variant)) {
      throw new UsageError(unknownVariantMessage(registry, variant));
    }
  }
  const corpus = await checkFixturesShown(
    paths,
    registry,
    {
      holdUpTo: HELD_FIXTURES,
      jobs: wanted.jobs,
      // The check replays each fixture on the reference engine: where that is the engine run, it judges it there too.
      judgeOnReference: wanted.engine.kind === 'reference' && wanted.profile === undefined && wanted.knownBugs === undefined,
    },
    io,
  );
  if (corpus === undefined) return EXIT.interrupted;
  const inputs = await refuseToWriteOverInputs(corpus.files, wanted, io);
  const problems = await problemsInSelection(corpus.errors, corpus.files, selection);
  if (problems.length < corpus.errors.length) {
    const aside = corpus.errors.length - problems.length;
    const files = new Set(corpus.errors.map((error) => error.file)).size - new Set(problems.map((error) => error.file)).size;
    io.stderr.write(`note: ${aside} problem${aside === 1 ? '' : 's'} in ${files} fixture file${files === 1 ? '' : 's'} the selection leaves out (validate shows them)\n`);
  }
  let expectFail: ExpectFailList | undefined;
  // --keep-going leaves the invalid fixture files out (the exit status is 2 all the same) and runs the others.
  const leftOut = wanted.keepGoing ? problems : [];
  const errors = leftOut.length > 0 ? [] : [...problems];
  let profile: EngineProfile | undefined;
  if (wanted.profile !== undefined) {
    const loaded = await loadProfileFile(resolve(io.cwd, wanted.profile), registry);
    if (loaded.ok) profile = loaded.value;
    else errors.push(...loaded.errors);
  }
  let knownBugs: KnownBug[] | undefined;
  if (wanted.knownBugs !== undefined) {
    const loaded = await loadKnownBugsFile(resolve(io.cwd, wanted.knownBugs));
    if (loaded.ok) knownBugs = loaded.value;
    else errors.push(...loaded.errors);
  }
  if (wanted.expectFail !== undefined) {
    const loaded = await loadExpectFail(resolve(io.cwd, wanted.expectFail));
    if (loaded.ok) {
      expectFail = loaded.value;
      // Games of --games are named by their ids, whether this run makes them or not.
      const fixturesListed = { ...expectFail, entries: expectFail.entries.filter((entry) => !namesGames(entry.id, registry)) };
      errors.push(...unknownExpectedFailures(fixturesListed, await knownIds(corpus.checked.map((checked) => checked.id))));
    } else errors.push(...loaded.errors);
  }
  if (leftOut.length > 0) {
    reportLoadErrors(leftOut, io);
    const files = new Set(leftOut.map((error) => error.file)).size;
    io.stderr.write(`${leftOut.length} problem${leftOut.length === 1 ? '' : 's'} in ${files} fixture file${files === 1 ? '' : 's'}, left out (--keep-going)\n`);
  }
  if (errors.length > 0) {
    reportLoadErrors(errors, io);
    io.stderr.write(`${errors.length} problem${errors.length === 1 ? '' : 's'} in the input files: nothing was run\n`);
    return EXIT.invalid;
  }
  if (corpus.checked.length === 0) {
    io.stderr.write(`error: no ${leftOut.length > 0 ? 'valid ' : ''}fixtures in ${paths.map((path) => showPath(path, io)).join(', ')}\n`);
    return EXIT.invalid;
  }

  const reproFlags = [
    ...engineFlags(wanted.engine),
    ...(wanted.profile === undefined ? [] : ['--profile', showPath(resolve(io.cwd, wanted.profile), io)]),
    ...(wanted.knownBugs === undefined ? [] : ['--known-bugs', showPath(resolve(io.cwd, wanted.knownBugs), io)]),
    ...wanted.variantsFlags,
  ];
  const entries = corpus.checked.map((checked) => ({ fixture: checked, file: checked.path }));
  const whole = selectFixtures(entries, { ...selection, shard: undefined });
  const playing = knownBugs === undefined ? undefined : await referenceWith(knownBugs);
  const generated = async (want: GamesWanted | undefined): Promise<RunItem[]> =>
    want === undefined || io.signal?.aborted === true ? [] : gamesSelected(registry, profile, want, { ...selection, shard: undefined }, reproFlags, io.signal, playing);
  const allGames = [...(await generated(wanted.games)), ...(await generated(wanted.probes))];
  // The corpus and the games are one selection, cut in shards as one: merge puts the shards back together.
  const inShard = new Set(selection.shard === undefined ? [...whole, ...allGames] : selectFixtures<(typeof whole)[number] | RunItem>([...whole, ...allGames], { shard: selection.shard }));
  const selected = whole.filter((entry) => inShard.has(entry));
  const games = allGames.filter((game) => inShard.has(game));
  if (whole.length === 0 && allGames.length === 0 && io.signal?.aborted === true) {
    io.stderr.write('interrupted (Ctrl-C or a signal) before any game was made: nothing was run\n');
    return EXIT.interrupted;
  }
  if (whole.length === 0 && allGames.length === 0) {
    io.stderr.write(`error: no fixture matches the selection (${corpus.checked.length} read${wanted.games === undefined && wanted.probes === undefined ? '' : ', and no generated game or probe'})\n`);
    return EXIT.invalid;
  }

  const tasks = selected.map(({ fixture: checked }): RunTask => {
    const file = showPath(checked.path, io);
    const expectedFailure = expectedFailureOf(expectFail, checked.id);
    const shared = {
      file,
      reproFlags,
      ...(expectedFailure === undefined ? {} : { expectedFailure }),
      ...(wanted.htmlPath === undefined ? {} : { keepGame: true }),
    };
    const { loaded } = checked;
    const item =
      loaded === undefined
        ? {}
        : { item: { ...shared, repro: reproCommand(file, reproFlags), fixture: loaded.fixture, variant: registry.get(checked.variant) as ResolvedVariant, rules: loaded.request.rules } };
    const passed = checked.passedOnReference === undefined ? {} : { passedOnReference: checked.passedOnReference };
    return { id: checked.id, title: checked.title, variant: checked.variant, path: checked.path, stamp: checked.stamp, ...shared, ...item, ...passed };
  });
  for (const game of games) {
    const expectedFailure = expectedFailureOf(expectFail, game.fixture.id);
    tasks.push(taskOf({ ...game, ...(wanted.htmlPath === undefined ? {} : { keepGame: true }), ...(expectedFailure === undefined ? {} : { expectedFailure }) }));
  }
  const made = (want: GamesWanted, items: RunItem[]): Omit<ProbesSummary, 'counts' | 'refusals'> => ({
    perSetting: want.count,
    seed: want.seed,
    settings: new Set(items.map((item) => settingOf(item.fixture.id))).size,
  });
  const gameItems = games.filter((game) => isGame(game.fixture.id));
  const probeItems = games.filter((game) => isProbe(game.fixture.id));
  const gamesMade = wanted.games === undefined ? {} : { games: { ...made(wanted.games, gameItems), exercised: exercisedBy(gameItems) } };
  const probesMade = wanted.probes === undefined ? {} : { probes: { ...made(wanted.probes, probeItems), refusals: refusalsOf(probeItems) } };
  return {
    tasks,
    registry,
    ...gamesMade,
    ...probesMade,
    ...(profile === undefined ? {} : { profile }),
    ...(knownBugs === undefined ? {} : { knownBugs }),
    selected: whole.length + allGames.length,
    leftOut: leftOut.length > 0,
    inputs,
  };
}

/**
 * The generated games of `--games` that the selection takes (--variant, --filter, --tags; --shard shares them
 * as it shares the corpus), for the settings of the profile given, or of every variant where none is, played by
 * `reference` where the engine has known bugs; once `signal` is aborted, those made so far (the run that follows is
 * then interrupted at once).
 */
async function gamesSelected(
  registry: Map<string, ResolvedVariant>,
  profile: EngineProfile | undefined,
  wanted: GamesWanted,
  selection: Selection,
  reproFlags: readonly string[],
  signal?: AbortSignal,
  reference?: Reference,
): Promise<RunItem[]> {
  const { version } = JSON.parse(await readFile(PACKAGE_JSON, 'utf8')) as { version: string };
  const repro = (id: string, seed: number): string => reproGameCommand(id, seed, reproFlags, wanted.group === PROBES_GROUP ? '--probes' : '--games');
  const variants = selection.variants === undefined ? undefined : new Set(selection.variants);
  const settings = gameSettings(registry, profile ?? PLAYS_EVERYTHING).filter((setting) => variants?.has(setting.variant.id) !== false);
  const group = wanted.group ?? GAMES_GROUP;
  // A game the selection would leave out is not made: a game's id and tag are known before it is.
  const taken = (id: string): boolean => selectFixtures([{ fixture: { id, variant: '', tags: [group] } }], { ...selection, variants: undefined }).length > 0;
  return selectFixtures(await generatedGamesStoppable(settings, { ...wanted, wanted: taken }, version, repro, signal, reference), selection);
}

/** The rule ids the games' expected events exercise, in the order of spec/rules.md. */
function exercisedBy(games: readonly RunItem[]): RuleId[] {
  const exercised = new Set(games.flatMap((game) => [...rulesExercised(game.fixture.expect.events?.list ?? [], game.rules)]));
  return RULE_IDS.filter((rule) => exercised.has(rule));
}

/** The refusal codes the probes expect, in the order of the protocol's list. */
function refusalsOf(probes: readonly RunItem[]): string[] {
  const expected = new Set(probes.map((probe) => probe.fixture.expect.reject?.code));
  return ERROR_CODES.filter((code) => expected.has(code));
}

/**
 * The problems of the fixture files the selection may take: a file it leaves out stops nothing, so that `run
 * --variant pagat` runs though an escoba fixture is broken. A file is left out when what it says of itself tells:
 * its \`variant:\` line, and its id (from its path) against --filter. One that says no variant counts, and so does
 * a problem that is no fixture file's (a folder that cannot be read).
 */
async function problemsInSelection(errors: LoadError[], files: readonly string[], selection: Selection): Promise<LoadError[]> {
  if (errors.length === 0 || (selection.variants === undefined && selection.filter === undefined)) return errors;
  const variants = selection.variants === undefined ? undefined : new Set(selection.variants);
  const matches = selection.filter === undefined ? () => true : globMatcher(selection.filter);
  const listed = new Set(files);
  const taken = new Map<string, boolean>();
  for (const file of new Set(errors.map((error) => error.file))) {
    if (!listed.has(file)) {
      taken.set(file, true);
      continue;
    }
    const read = await readUserFile(file);
    const variant = read.ok ? /^variant:[ \t]*(["']?)([a-z0-9-]+)\1[ \t]*(?:#.*)?$/m.exec(read.text)?.[2] : undefined;
    taken.set(file, (variants === undefined || variant === undefined || variants.has(variant)) && matches(fixtureIdOf(file)));
  }
  return errors.filter((error) => taken.get(error.file) === true);
}

/**
 * Stops the run before it starts where a file it would write (--out, --write-expect-fail) is one it reads: a
 * fixture, a variant of the user's, the profile or, for --out, the expect-fail list. (--write-expect-fail may
 * write the list --expect-fail read: that is how a list is written again.) The files the run reads.
 */
async function refuseToWriteOverInputs(fixtures: readonly string[], wanted: RunWanted, io: Io): Promise<string[]> {
  const given = (path: string | undefined): string[] => (path === undefined ? [] : [resolve(io.cwd, path)]);
  const inputs = [...fixtures, ...wanted.variants, ...given(wanted.profile), ...given(wanted.knownBugs)];
  const read = [...inputs, ...given(wanted.expectFail)];
  if (wanted.htmlPath !== undefined) await refuseToWriteOver('--out', wanted.htmlPath, read, 'run', io);
  if (wanted.baselinePath !== undefined) await refuseToWriteOver('--write-expect-fail', wanted.baselinePath, inputs, 'run', io);
  return read;
}

/** The ids an expect-fail list may name: every fixture in fixtures/, and every fixture read. */
async function knownIds(loaded: string[]): Promise<Set<string>> {
  const ids = new Set(loaded);
  const listed = await listFixtureFiles([FIXTURES_DIR]);
  if (listed.ok) for (const file of listed.value) ids.add(fixtureIdOf(file));
  return ids;
}

interface RunSettings {
  /** When the command began checking the fixtures (performance.now()): the run's time counts from there. */
  started: number;
  engine: EngineSpec;
  /** --write-expect-fail: where the run's failures are written. */
  baseline?: OutputFile;
  profile?: EngineProfile;
  knownBugs?: KnownBug[];
  jobs: number;
  bail: boolean;
  reporter: ReporterName;
  /** --reporter html: the page's file. */
  html?: OutputFile;
  /** --write-findings: the folder the findings of the games and probes go to, shrunk, and the files the run read. */
  findings?: { folder: FindingsFolder; force: boolean; inputs: string[] };
  shard?: RunSummary['shard'];
  games?: Omit<GamesSummary, 'counts'>;
  probes?: Omit<ProbesSummary, 'counts'>;
}

async function runAndReport(tasks: RunTask[], variants: Map<string, ResolvedVariant>, settings: RunSettings, io: Io): Promise<ExitCode> {
  const progress = progressLine(io, tasks.length, 'run');
  // The declarations no source documents of the profile the run is judged under: --profile's, else the one each
  // engine declares in its hello as it starts.
  const undocumented = new Set(settings.profile === undefined ? [] : undocumentedDeclarations(settings.profile, variants));
  let raw: (FixtureResult | undefined)[];
  try {
    raw = await runTasks(tasks, {
      jobs: settings.jobs,
      engine: settings.engine,
      variants,
      ...(settings.profile === undefined ? {} : { profile: settings.profile }),
      ...(settings.knownBugs === undefined ? {} : { knownBugs: settings.knownBugs.map((bug) => bug.name) }),
      ...(io.signal === undefined ? {} : { signal: io.signal }),
      onDeclaredProfile: (declared) => {
        if (settings.profile === undefined) for (const declaration of undocumentedDeclarations(declared, variants)) undocumented.add(declaration);
      },
      onResult: (_, result) => {
        progress.tick(result.id);
        return !(settings.bail && isUnexpected(result)) && io.signal?.aborted !== true;
      },
    });
  } catch (error) {
    progress.done();
    // An adapter that is no adapter is invalid input: the CLI reports it, exit 2.
    if (!(error instanceof EngineStartError) || error instanceof AdapterError) throw error;
    // Stopped before the engine answered hello: an interrupted run, with nothing run, not an engine's failure.
    if (io.signal?.aborted !== true) {
      io.stderr.write(`error: the engine could not be started: ${error.message}\n`);
      return EXIT.engineError;
    }
    raw = tasks.map(() => undefined);
  }
  progress.done();

  // With --bail, everything after the first unexpected result (in id order) counts as not run, whatever the
  // worker threads managed to finish: the report is the same for any number of jobs.
  const stopAt = settings.bail ? raw.findIndex((result) => result !== undefined && isUnexpected(result)) : -1;
  const stoppedBy = stopAt >= 0 ? tasks[stopAt]?.id : undefined;
  const interrupted = io.signal?.aborted === true && raw.some(cutShort);
  const notRun = interrupted ? NOT_RUN_INTERRUPTED : `not run: --bail stopped the run at ${stoppedBy ?? 'a failure'}`;
  const results = tasks.map((task, index): FixtureResult => {
    const result = raw[index];
    if (result !== undefined && (stopAt < 0 || index <= stopAt)) return result;
    return resultWithout(task, 'skipped', notRun);
  });
  const shrinking = { engine: settings.engine, ...(settings.findings === undefined ? {} : { group: settings.findings.folder.group }), ...(settings.profile === undefined ? {} : { profile: settings.profile }), ...(settings.knownBugs === undefined ? {} : { knownBugs: settings.knownBugs.map((bug) => bug.name) }), ...(io.signal === undefined ? {} : { signal: io.signal }) };
  const items = new Map(tasks.flatMap((task) => (task.item === undefined ? [] : [[task.id, task.item] as const])));
  // A stop that comes while failures are shrunk, every fixture run, interrupts the run all the same.
  let shrinkingStopped = false;
  /** The results of one group (games or probes), counted, with each rule their failures break shown by a game shrunk. */
  const generated = async (belongs: (id: string) => boolean): Promise<Pick<GamesSummary, 'counts' | 'shrunk'>> => {
    const ofGroup = results.filter((result) => belongs(result.id));
    const shrunk = interrupted || settings.bail ? [] : await shrinkFailures(ofGroup, (id) => items.get(id), shrinking);
    // What a stop cut short is no shrunk finding.
    if (io.signal?.aborted === true && ofGroup.some((result) => result.outcome === 'failed')) shrinkingStopped = true;
    return { counts: countResults(ofGroup), ...(shrunk.length === 0 || shrinkingStopped ? {} : { shrunk }) };
  };
  const games = settings.games === undefined ? undefined : { ...settings.games, ...(await generated(isGame)) };
  const probes = settings.probes === undefined ? undefined : { ...settings.probes, ...(await generated(isProbe)) };
  const summary: RunSummary = {
    engine: engineName(settings.engine),
    results,
    counts: countResults(results),
    bailed: stopAt >= 0 && stopAt < tasks.length - 1,
    interrupted: interrupted || shrinkingStopped,
    ...(settings.shard === undefined ? {} : { shard: settings.shard }),
    ...(settings.games === undefined && settings.probes === undefined ? {} : { corpus: countResults(results.filter((result) => !isGame(result.id) && !isProbe(result.id))) }),
    ...(games === undefined ? {} : { games }),
    ...(probes === undefined ? {} : { probes }),
    ...(settings.knownBugs === undefined ? {} : { knownBugs: settings.knownBugs.map(({ name, rule, bug }) => ({ name, rule, bug })) }),
    ...(undocumented.size === 0 ? {} : { undocumented: [...undocumented] }),
    durationMs: Math.round(performance.now() - settings.started),
  };
  const unwritten = settings.findings === undefined || summary.interrupted ? 0 : await writeShrunk(summary, settings.findings, io);
  if (settings.html === undefined) io.stdout.write(REPORTERS[settings.reporter](summary));
  else {
    io.stdout.write(`${summaryLine(summary)}\n`);
    if (!(await writeHtmlReport(settings.html, renderHtml(summary), 'run', io))) return EXIT.invalid;
  }
  // The pretty report says it among its lines; a machine's report (json, tap, junit) or a page, to a person, here.
  if (summary.interrupted && (settings.html !== undefined || settings.reporter !== 'pretty')) io.stderr.write(`${interruptedLine(summary)}\n`);
  if (settings.baseline !== undefined && !(await writeBaseline(settings.baseline, summary, io))) return EXIT.invalid;
  return unwritten > 0 ? EXIT.invalid : exitCodeOf(summary);
}

/**
 * --write-findings: each finding of the games and probes, shrunk, written to the folder as a fixture file named by
 * its id (as fuzz writes its findings), and the file kept in the summary; how many could not be written (each said
 * on stderr).
 */
async function writeShrunk(summary: RunSummary, findings: NonNullable<RunSettings['findings']>, io: Io): Promise<number> {
  const shrunk = [...(summary.games?.shrunk ?? []), ...(summary.probes?.shrunk ?? [])];
  const files = await writeFindings(shrunk.map((finding) => finding.fixture), findings.folder, { force: findings.force, inputs: { files: findings.inputs, work: 'run' } }, io);
  shrunk.forEach((finding, index) => {
    const file = files[index];
    if (file !== undefined) finding.file = file;
  });
  return files.filter((file) => file === undefined).length;
}
