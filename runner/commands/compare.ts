/**
 * `compare`: many engines side by side. Reads an engines file (spec/engines.schema.json), runs every engine over the
 * same corpus and the same seeded games and probes as `run` runs one, and reports them together: the matrix of rules
 * by engine, the readings census, the games they disagree on; or, with --merge, the reports of engines run apart as
 * one.
 * Every input is checked before anything runs, and every output file before anything is written.
 * @module
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Command, EXIT, integerOption, InvalidInputError, type Io, NothingToWorkOnError, parseCommandArgs, reportLoadErrors, showPath, UsageError, variantsOrStop } from '../cli/command.ts';
import { resolveFixtureArgs } from '../cli/fixture-args.ts';
import { type OutputFile, type OutputKind, outputFile, refuseToWriteOver, writeOutputFile } from '../cli/output-file.ts';
import { escapeControls } from '../cli/output.ts';
import { userVariantSources, userVariantsFlags, variantIdOf, VARIANTS_OPTION } from '../cli/variant-args.ts';
import { checkFixturesShown } from '../cli/fixture-check.ts';
import type { LoadError } from '../load/load-result.ts';
import { unknownVariantMessage } from '../load/variants.ts';
import { htmlReportTarget, writeHtmlReport } from '../report/html/write.ts';
import { MAX_REPORT_BYTES } from '../report/merge.ts';
import { MAX_JOBS } from '../run/pool.ts';
import { progressLine } from '../run/progress.ts';
import { type GamesWanted, PROBES_GROUP } from '../run/generated-games.ts';
import { parseShard, type Selection, selectFixtures, splitList } from '../run/select.ts';
import { readUserFile, statIfAny } from '../util/files.ts';
import { giveWay } from '../util/give-way.ts';
import { FIXTURES_DIR } from '../util/repo-paths.ts';
import { BADGE_LABEL, badgeOf } from '../compare/badge.ts';
import type { EngineOutcome } from '../compare/comparison.ts';
import { type ComparedEngine, loadEnginesFile } from '../compare/engines-file.ts';
import { renderCompareHtml } from '../compare/html.ts';
import { COMPARISON, type EngineRead, readComparison, renderCompareJson } from '../compare/json.ts';
import { COMPARE_MARK, renderCompareMarkdown } from '../compare/markdown.ts';
import { mergeComparisons } from '../compare/merge.ts';
import { compareSummaryLine, renderComparePretty } from '../compare/pretty.ts';
import { compareReportOf, type CompareReport, exitCodeOfComparison, judgedOnNothingLines } from '../compare/report.ts';
import { runEngines } from '../compare/run-engines.ts';

const REPORTERS = {
  pretty: renderComparePretty,
  json: renderCompareJson,
  markdown: renderCompareMarkdown,
} as const satisfies Record<string, (report: CompareReport) => string>;
type ReporterName = keyof typeof REPORTERS;
const HTML = 'html';
const DEFAULT_HTML = 'scopa-compare.html';

/** The most games --games (or probes --probes) takes per setting, as run. */
const MAX_GAMES = 100_000;

const OPTIONS = {
  variant: { type: 'string', multiple: true },
  filter: { type: 'string' },
  tags: { type: 'string' },
  shard: { type: 'string' },
  only: { type: 'string', multiple: true },
  jobs: { type: 'string', short: 'j', default: '1' },
  games: { type: 'string' },
  probes: { type: 'string' },
  seed: { type: 'string' },
  merge: { type: 'boolean' },
  baseline: { type: 'string' },
  reporter: { type: 'string', default: 'pretty' },
  out: { type: 'string' },
  badges: { type: 'string' },
  force: { type: 'boolean' },
  ...VARIANTS_OPTION,
} as const;

/** A report compare writes, by the way each reporter begins (json, markdown) or ends (pretty: the summary line). */
const isCompareReport = (text: string): boolean =>
  text.startsWith(`{\n  "comparison": "${COMPARISON}"`) || text.startsWith(COMPARE_MARK) || /^compare of \d+ engines?: .*$/m.test(text.slice(-4000));

const REPORT: OutputKind = { flag: '--out', own: { what: 'a report compare wrote', isOwn: isCompareReport } };

const isBadge = (text: string): boolean => text.startsWith(`{"schemaVersion":1,"label":${JSON.stringify(BADGE_LABEL)},`);

export const compareCommand: Command = {
  name: 'compare',
  summary: 'run many engines over the same fixtures, games and probes, and report them side by side',
  help: `Usage: scopa-conformance compare <engines file> [paths|ids...] [--variant <id>] [--variants <dir>] [--filter <glob>]
                                  [--tags <a,b>] [--games <n>] [--probes <n>] [--seed <n>] [--jobs <n>] [--only <name>]
                                  [--shard <i/n>] [--baseline <report.json>] [--reporter <name>] [--out <file>]
                                  [--badges <dir>] [--force]
       scopa-conformance compare <engines file> --merge <report.json ...> [--baseline <report.json>] [--reporter <name>]
                                  [--out <file>] [--badges <dir>] [--force]

Runs every engine of the engines file over the same fixtures (those given, or every fixture in
fixtures/) and the same seeded games and probes, each as run runs one engine: judged by its
profile, started and isolated on its own, so that an engine that crashes, hangs or lies changes
only its own results. The corpus is checked once for all. Then one report: the matrix of rules
by engine (for each rule and engine, the fixtures, games and probes that show it broken, passed,
not applicable or not judged), the readings each engine's profile declares as a census of the
ambiguity register, and the fixtures, games and probes on which engines judged alike (the same
game, the same declarations) answer differently, side by side.

The engines file (spec/engines.schema.json, YAML or JSON) lists up to 64 engines, each with a
name, an engine command or an adapter (neither: the reference engine), and optionally a profile,
a knownBugs file, a timeout and validateProtocol, as run takes them. Its files are read from
its folder; the commands run in the current folder. An engine that does not answer costs its
timeout on each fixture: give a slow or doubtful engine a timeout of its own. A worked
example: examples/compare/engines.yaml (README.md, "Comparing engines").

Options:
  --games <n>           n seeded games per setting of each engine's profile, beside the corpus;
                        every engine's games of one setting have the same seeds
  --probes <n>          n seeded illegal-decision probes per setting, as run --probes plays
                        them (a game up to a decision of one of fuzz's shapes, expecting the
                        refusal), the same for every engine; ids probes/<variant>/...
                        Without --games or --probes, none (0 or more each): unlike run,
                        compare plays no games or probes unasked, its cost being a run's
                        times the engines; --games 2 --probes 8 is run's default budget
  --seed <n>            the first seed of the games and probes (default 1)
  --variant <id>        only fixtures, games and probes of this variant (repeatable, or a,b)
  --variants <dir>      read the variant files of <dir> too (repeatable)
  --filter <glob>       only fixtures, games and probes whose id matches (* any characters,
                        ? one; 'probes/*': the probes alone)
  --tags <a,b>          only fixtures with at least one of these tags
  -j, --jobs <n>        at most n engines (or worker threads) at work at once (default 1)
  --only <name>         run only this engine of the file (repeatable): one CI job per engine
  --shard <i/n>         the i-th of n parts of each engine's selection, as run --shard
  --merge               the arguments after the engines file are the JSON reports of
                        compare --only/--shard jobs: report them as one comparison, which
                        must hold every engine of the file, each whole, every one run on
                        the same fixtures, --games, --probes and --seed, and judged under
                        the profile and known bugs the file gives it now
                        (examples/ci/github-actions-compare.yml)
  --baseline <file>     an earlier compare JSON report: mark each cell of the matrix that
                        failed there and passes now (newly passing), or did not fail there
                        and fails now (newly failing)
  --reporter <name>     pretty (default), json (spec/compare.schema.json), markdown (for a
                        pull request comment) or html (one self-contained page, written to
                        --out, by default ${DEFAULT_HTML})
  --out <file>          write the report to this file instead of stdout, and print its
                        summary line; whole or not at all, never over a file compare did not
                        write without --force
  --badges <dir>        write each engine's badge to <dir>/<name>.json (shields.io's
                        endpoint badge)
  --force               replace files at --out or under --badges that compare did not write

Exit status: 0 every engine's run as expected; 1 an engine failed a fixture, game or probe; 2 a usage
mistake or an invalid engines file, profile, fixture or report (nothing run or written), or an
engine judged on nothing; 3 an engine could not be run or errored; 130 interrupted (what ran is
reported). As run decides each engine's; where several apply: 2, then 3, then 1.`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, OPTIONS);
    const [enginesFile, ...rest] = positionals;
    if (enginesFile === undefined) throw new NothingToWorkOnError('compare needs an engines file (spec/engines.schema.json)');
    const reporter = values.reporter;
    if (!Object.hasOwn(REPORTERS, reporter) && reporter !== HTML) {
      throw new UsageError(`--reporter takes one of ${[...Object.keys(REPORTERS), HTML].join(', ')}, got "${reporter}"`);
    }
    const merging = values.merge === true;
    if (merging) {
      const running = (['variant', 'filter', 'tags', 'shard', 'only', 'games', 'probes', 'seed'] as const).filter((name) => values[name] !== undefined);
      if (running.length > 0) throw new UsageError(`--${running[0]} chooses what runs; --merge runs nothing, it reports the reports given`);
      if (values.jobs !== '1') throw new UsageError('--jobs chooses how engines run; --merge runs nothing');
      if (rest.length === 0) throw new NothingToWorkOnError('compare --merge needs the JSON reports of compare --only/--shard');
    }
    const force = values.force === true;
    if (force && values.out === undefined && values.badges === undefined && reporter !== HTML) throw new UsageError('--force goes with --out or --badges');
    const jobs = integerOption('jobs', values.jobs, 1, MAX_JOBS);
    const { games, probes } = budgetOf(values);
    const out = reporter === HTML ? await htmlReportTarget(values.out ?? DEFAULT_HTML, '--out', io, force) : values.out === undefined ? undefined : await outputFile(values.out, REPORT, io, force);

    const variantWords = values.variant?.flatMap(splitList);
    const variantSources = userVariantSources(values, variantWords ?? [], io);
    const registry = await variantsOrStop(variantSources);
    for (const variant of variantWords?.map(variantIdOf) ?? []) if (!registry.has(variant)) throw new UsageError(unknownVariantMessage(registry, variant));
    const enginesPath = resolve(io.cwd, enginesFile);
    const loaded = await loadEnginesFile(enginesPath, registry, io.cwd);
    // Reading a long engines file keeps the event loop from turning: a signal that came meanwhile is heard here.
    await giveWay();
    if (io.signal?.aborted === true) {
      io.stderr.write('interrupted (Ctrl-C or a signal) while the engines file was read: nothing was run\n');
      return EXIT.interrupted;
    }
    if (!loaded.ok) throw new InvalidInputError(loaded.errors);
    const engines = chosenEngines(loaded.value, values.only);
    const baseline = values.baseline === undefined ? undefined : await readReport(resolve(io.cwd, values.baseline), io);
    const badges = values.badges === undefined ? undefined : await badgeTargets(values.badges, engines, io, force);
    const fixturePaths = merging ? [] : rest.length === 0 ? [FIXTURES_DIR] : await resolveFixtureArgs(rest, io);
    const reports = merging ? rest.map((given) => resolve(io.cwd, given)) : [];
    const inputs = [enginesPath, ...inputsOf(engines), ...(values.baseline === undefined ? [] : [resolve(io.cwd, values.baseline)]), ...reports, ...fixturePaths, ...variantSources];
    for (const target of [...(out === undefined ? [] : [['--out', out] as const]), ...(badges ?? []).map((badge) => ['--badges', badge] as const)]) {
      await refuseToWriteOver(target[0], target[1].path, inputs, 'compare', io);
    }

    let outcomes: EngineOutcome[];
    let adapterProblems: LoadError[] = [];
    if (merging) {
      const reads: EngineRead[] = [];
      for (const given of rest) reads.push(...(await readReport(resolve(io.cwd, given), io)));
      const merged = mergeComparisons(engines, reads);
      if (!merged.ok) {
        for (const problem of merged.problems) io.stderr.write(`error: ${problem}\n`);
        return EXIT.invalid;
      }
      outcomes = merged.value;
    } else {
      const selection: Selection = {
        ...(variantWords === undefined ? {} : { variants: variantWords.map(variantIdOf) }),
        ...(values.filter === undefined ? {} : { filter: values.filter }),
        ...(values.tags === undefined ? {} : { tags: splitList(values.tags) }),
        ...(values.shard === undefined ? {} : { shard: parseShard(values.shard) }),
      };
      const plainReference = engines.some((engine) => engine.spec.kind === 'reference' && engine.profile === undefined && engine.knownBugs === undefined);
      const corpus = await checkFixturesShown(fixturePaths, registry, { judgeOnReference: plainReference }, io);
      if (corpus === undefined) return EXIT.interrupted;
      if (corpus.errors.length > 0) throw new InvalidInputError(corpus.errors);
      const chosen = selectFixtures(corpus.checked.map((checked) => ({ fixture: checked, file: checked.path })), { ...selection, shard: undefined });
      if (chosen.length === 0 && games === undefined && probes === undefined) {
        io.stderr.write(`error: no fixture matches the selection (${corpus.checked.length} read)\n`);
        return EXIT.invalid;
      }
      const ran = await runEngines(engines, {
        variants: registry,
        corpus: chosen.map((entry) => entry.fixture),
        selection,
        ...(games === undefined ? {} : { games }),
        ...(probes === undefined ? {} : { probes }),
        variantsFlags: userVariantsFlags(values, variantWords ?? []),
        jobs,
        progress: (total) => progressLine(io, total, 'compare'),
      }, io);
      outcomes = ran.outcomes;
      adapterProblems = ran.adapterProblems;
    }

    const report = compareReportOf(outcomes, baseline === undefined ? undefined : { file: showPath(resolve(io.cwd, values.baseline as string), io), outcomes: baseline.map((read) => read.outcome) });
    const written = await writeReports(report, { reporter: reporter as ReporterName | typeof HTML, ...(out === undefined ? {} : { out }), ...(badges === undefined ? {} : { badges }) }, io);
    for (const line of judgedOnNothingLines(report)) io.stderr.write(`${line}\n`);
    if (adapterProblems.length > 0) {
      reportLoadErrors(adapterProblems, io);
      return EXIT.invalid;
    }
    return written ? exitCodeOfComparison(report) : EXIT.invalid;
  },
};

/**
 * The games and probes per setting every engine plays, from --seed on, as --games and --probes say (0, or not given:
 * none). Unlike run, compare plays none unasked: its cost is the run's times the engines compared.
 */
function budgetOf(values: { games?: string | undefined; probes?: string | undefined; seed?: string | undefined }): { games?: GamesWanted; probes?: GamesWanted } {
  if (values.games === undefined && values.probes === undefined) {
    if (values.seed !== undefined) throw new UsageError('--seed is the first seed of --games and --probes: give one of them too');
    return {};
  }
  const seed = integerOption('seed', values.seed ?? '1', 0);
  const count = (name: 'games' | 'probes'): number => (values[name] === undefined ? 0 : integerOption(name, values[name], 0, MAX_GAMES));
  const [games, probes] = [count('games'), count('probes')];
  return { ...(games === 0 ? {} : { games: { count: games, seed } }), ...(probes === 0 ? {} : { probes: { count: probes, seed, group: PROBES_GROUP } }) };
}

/** The engines --only names (each must be in the file), or every engine. */
function chosenEngines(engines: ComparedEngine[], only: string[] | undefined): ComparedEngine[] {
  if (only === undefined) return engines;
  const names = engines.map((engine) => engine.name);
  const unknown = only.find((name) => !names.includes(name));
  if (unknown !== undefined) throw new UsageError(`--only ${unknown}: the engines file has no engine of that name (it has ${names.join(', ')})`);
  return engines.filter((engine) => only.includes(engine.name));
}

/** The files the engines file names, which compare reads. */
const inputsOf = (engines: readonly ComparedEngine[]): string[] =>
  engines.flatMap((engine) => [...(engine.profile === undefined ? [] : [engine.profile.path]), ...(engine.knownBugs === undefined ? [] : [engine.knownBugs.path]), ...(engine.spec.kind === 'module' ? [engine.spec.path] : [])]);

/** A compare JSON report's engines; its problems stop the command (exit 2). */
async function readReport(path: string, io: Io): Promise<EngineRead[]> {
  const file = showPath(path, io);
  const read = await readUserFile(path, MAX_REPORT_BYTES);
  if (!read.ok) throw new InvalidInputError([{ file: path, line: 0, col: 0, message: read.message }]);
  const engines = readComparison(read.text, file);
  if (!engines.ok) throw new InvalidInputError(engines.errors.map((error) => ({ ...error, file: path })));
  return engines.value;
}

/** The badge files under --badges, one per engine, each checked before anything runs. */
async function badgeTargets(dir: string, engines: readonly ComparedEngine[], io: Io, force: boolean): Promise<OutputFile[]> {
  const folder = resolve(io.cwd, dir);
  const stats = await statIfAny(folder);
  if (stats !== undefined && !stats.isDirectory()) throw new UsageError(`--badges: ${showPath(folder, io)} is not a folder`);
  const kind: OutputKind = { flag: '--badges', own: { what: 'a badge compare wrote', isOwn: isBadge } };
  return Promise.all(engines.map((engine) => outputFile(join(folder, `${engine.name}.json`), kind, io, force)));
}

interface Outputs {
  reporter: ReporterName | typeof HTML;
  out?: OutputFile;
  badges?: OutputFile[];
}

/** The report on stdout or at --out, and the badges; false where a file could not be written (said on stderr). */
async function writeReports(report: CompareReport, outputs: Outputs, io: Io): Promise<boolean> {
  let written = true;
  if (outputs.reporter === HTML) {
    io.stdout.write(`${compareSummaryLine(report)}\n`);
    written = await writeHtmlReport(outputs.out as OutputFile, renderCompareHtml(report), 'compare', io);
  } else {
    const text = REPORTERS[outputs.reporter](report);
    if (outputs.out === undefined) io.stdout.write(text);
    else if ((await writeOutputFile(outputs.out, escapeControls(text), 'compare', io)) === undefined) written = false;
    else io.stdout.write(`${compareSummaryLine(report)}\n${outputs.reporter} report: ${showPath(outputs.out.path, io)}\n`);
  }
  if (outputs.badges !== undefined && outputs.badges.length > 0) {
    await mkdir(resolve((outputs.badges[0] as OutputFile).path, '..'), { recursive: true });
    for (const [index, target] of outputs.badges.entries()) {
      const outcome = report.outcomes[index] as EngineOutcome;
      if ((await writeOutputFile(target, `${JSON.stringify(badgeOf(outcome.summary))}\n`, 'compare', io)) === undefined) written = false;
    }
  }
  return written;
}
