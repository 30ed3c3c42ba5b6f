/**
 * `diagnose`: which documented readings and option values explain an engine's failures, and which failures are bugs.
 * Runs the corpus and generated games of the variants the engine declares, tries every declarable reading
 * (runner/causes/), reports those found and the failures left, and can write the engine's profile with the readings.
 * With the reference as the engine, over recorded fixtures, it says which readings the recorded system plays.
 * @module
 */
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ResolvedVariant } from '../../reference/index.ts';
import { type Command, EXIT, type ExitCode, integerOption, type Io, NothingToWorkOnError, parseCommandArgs, reportLoadErrors, showPath, UsageError, variantsOrStop } from '../cli/command.ts';
import { resolveFixtureArgs } from '../cli/fixture-args.ts';
import { markedBy, type OutputKind, outputFile, refuseToWriteOver, writeOutputFile } from '../cli/output-file.ts';
import { userVariantSources, userVariantsFlags, variantIdOf, VARIANTS_OPTION } from '../cli/variant-args.ts';
import { ambiguitiesOf } from '../causes/ambiguity.ts';
import { candidatesOf } from '../causes/candidates.ts';
import { profileWithReadings, profileYaml } from '../causes/declare.ts';
import { startJudgeWorkers } from '../causes/judges.ts';
import { type Diagnosis, renderDiagnosisJson, renderDiagnosisPretty } from '../causes/report.ts';
import { searchReadings } from '../causes/search.ts';
import { AdapterError, type Engine, engineFlags, engineName, EngineStartError, RunInterrupted, startEngine } from '../engines/engine.ts';
import { engineSpecOf } from '../engines/flags.ts';
import { checkFixtureFiles } from '../load/corpus.ts';
import { unknownVariantMessage } from '../load/variants.ts';
import { loadProfileFile } from '../profile/load.ts';
import { type EngineProfile, PLAYS_EVERYTHING, type VariantProfile, variantProfileOf } from '../profile/profile.ts';
import { reportCardOf } from '../report/card.ts';
import { reproCommand, reproGameCommand } from '../report/divergence.ts';
import { gameSettings, generatedGames } from '../run/generated-games.ts';
import { MAX_JOBS } from '../run/pool.ts';
import { progressLine } from '../run/progress.ts';
import type { RunItem } from '../run/replay.ts';
import { splitList } from '../run/select.ts';
import { FIXTURES_DIR, PACKAGE_JSON } from '../util/repo-paths.ts';

const REPORTERS = { pretty: renderDiagnosisPretty, json: renderDiagnosisJson } as const;

/** Generated games per setting when --games is not given, with an engine to judge. */
const DEFAULT_GAMES = 50;
const MAX_GAMES = 100_000;

/** The first words of the comment atop a profile diagnose writes: a file it may replace without --force. */
const PROFILE_MARK = 'written by scopa-conformance diagnose';
const WRITTEN_PROFILE: OutputKind = { flag: '--write-profile', own: { what: 'a profile diagnose wrote', isOwn: markedBy(`# ${PROFILE_MARK}`) } };

const OPTIONS = {
  engine: { type: 'string' },
  adapter: { type: 'string' },
  timeout: { type: 'string' },
  profile: { type: 'string' },
  variant: { type: 'string', multiple: true },
  games: { type: 'string' },
  seed: { type: 'string' },
  'write-profile': { type: 'string' },
  force: { type: 'boolean' },
  reporter: { type: 'string', default: 'pretty' },
  jobs: { type: 'string', short: 'j', default: '1' },
  ...VARIANTS_OPTION,
} as const;

export const diagnoseCommand: Command = {
  name: 'diagnose',
  summary: "find the documented readings that explain an engine's failures, and the bugs left",
  help: `Usage: scopa-conformance diagnose [paths|ids...] (--engine <command> [--timeout <s>] | --adapter <module>)
                                   [--profile <file>] [--variant <id>] [--variants <dir>]
                                   [--games <n>] [--seed <n>] [--write-profile <file> [--force]]
                                   [--reporter pretty|json] [--jobs <n>]
       scopa-conformance diagnose <recorded fixtures...> [--profile <file>] [--variant <id>]
                                   [--write-profile <file> [--force]] [--reporter pretty|json]
                                   [--jobs <n>]

For an engine whose readings of the rules are unknown, or stricter than the corpus: runs the
corpus of the variants it declares (its --profile, else its hello's; --variant picks some)
and --games generated games per setting, as run --games does, then tries every reading an
engine profile can declare, one knob at a time: each other value of each enumerated or
yes-or-no knob of the rules (deal, opening table, capture, sweep, remainder, scoring, end),
of each scoring category's knobs, no limit to a limited redeal, and each value of each host
option, fixed. A failure is one rule broken in one game, as the report card counts them; a
reading explains it when, declared, the game no longer breaks that rule (or the engine's
refusal is the one the declared rules make), never by making the game not applicable.
Readings that explain failures and break no pass are combined, the best first, while the
failures go down. Reported: each reading found (its rule, knob and value, its entry in
spec/ambiguities.md, the failures it explains), then the failures no documented reading
explains, by rule: the engine's bugs. Diagnose proposes; run decides.

The engine is asked each game once, as its profile has it played, and every reading is
judged against that answer on expectations derived under it: a reading is what the engine
does with the game it is sent.

With no --engine or --adapter, the reference is the engine and the fixtures given are taken
to be recorded games (scopa-conformance import): their expectations are what the recorded
system did and stay; each reading changes the rules the reference plays, and those that
make it play as the system did are that system's readings. No games are generated.

Options:
  --profile <file>      what the engine declares (spec/profile.schema.json): the readings
                        found are tried on top of it
  --variant <id>        diagnose only this variant (repeatable, or a,b)
  --variants <dir>      read the variant files of <dir> too (repeatable)
  --games <n>           generated games per setting (default ${DEFAULT_GAMES}); 0 for none
  --seed <n>            the first game's seed (default 1)
  --write-profile <file>
                        write the profile with the readings found (YAML, for run --profile);
                        whole or not at all, never over a file diagnose reads, nor over
                        one it did not write (a FIFO or a device never)
  --force               replace a file at --write-profile that diagnose did not write
  --reporter <name>     pretty (default) or json: {readings: [{variant, rule, knob, value,
                        ambiguity, explains}], bugs: [{rule, fixtures, example}], ...}
  -j, --jobs <n>        judge on n threads, each with its own engine (default 1)
  --timeout <s>         seconds an external engine may take to answer each request

Then run the engine with the profile written, and with games of its own rules:
  scopa-conformance run --engine <command> --profile <file> --games 200

Exit status: 0 every failure explained; 1 failures remain (bugs); 2 a usage mistake or an
invalid input, or nothing to judge; 3 the engine could not be run or gave no usable answer.`,

  async run(args, io) {
    const started = performance.now();
    const { values, positionals } = parseCommandArgs(args, OPTIONS);
    const reporter = values.reporter;
    if (!Object.hasOwn(REPORTERS, reporter)) throw new UsageError(`--reporter takes pretty or json, got "${reporter}"`);
    const jobs = integerOption('jobs', values.jobs, 1, MAX_JOBS);
    const spec = engineSpecOf(values, io.cwd);
    const judged = spec.kind === 'reference' ? 'recorded' : 'engine';
    if (judged === 'recorded' && (values.games !== undefined || values.seed !== undefined)) {
      throw new UsageError('--games and --seed go with --engine or --adapter: games generated on the reference say nothing of a recorded system');
    }
    if (values.seed !== undefined && values.games === undefined) throw new UsageError('--seed is the first seed of --games: give --games too');
    if (judged === 'recorded' && positionals.length === 0) {
      throw new NothingToWorkOnError('diagnose needs an engine (--engine <command> or --adapter <module>), or the recorded fixtures to diagnose');
    }
    if (values.force === true && values['write-profile'] === undefined) throw new UsageError('--force goes with --write-profile');
    const games = judged === 'recorded' ? 0 : integerOption('games', values.games ?? String(DEFAULT_GAMES), 0, MAX_GAMES);
    const seed = integerOption('seed', values.seed ?? '1', 0);
    const variantWords = values.variant?.flatMap(splitList) ?? [];
    const wanted = variantWords.map(variantIdOf);
    const userVariants = userVariantSources(values, variantWords, io);
    const registry = await variantsOrStop(userVariants);
    for (const variant of wanted) if (!registry.has(variant)) throw new UsageError(unknownVariantMessage(registry, variant));

    let given: EngineProfile | undefined;
    const profilePath = values.profile === undefined ? undefined : resolve(io.cwd, values.profile);
    if (profilePath !== undefined) {
      const loaded = await loadProfileFile(profilePath, registry);
      if (!loaded.ok) {
        reportLoadErrors(loaded.errors, io);
        return EXIT.invalid;
      }
      given = loaded.value;
    }
    const target = values['write-profile'] === undefined ? undefined : await outputFile(values['write-profile'], WRITTEN_PROFILE, io, values.force === true);

    // The judges' worker threads start their engines now, while this thread starts its own and makes the games.
    const workers = startJudgeWorkers(judged, spec, jobs - 1, io.signal);
    let engine: Engine | undefined;
    try {
      engine = await startEngine(spec, io.signal);
      const base = given ?? engine.profile ?? PLAYS_EVERYTHING;
      const declared = base.variants === '*' ? undefined : base.variants.map((entry) => entry.id);
      for (const variant of wanted) {
        if (declared !== undefined && !declared.includes(variant)) throw new UsageError(`the engine's profile does not declare ${variant} (it declares ${declared.join(', ')})`);
      }
      const chosen = wanted.length > 0 ? wanted : declared;
      const paths = positionals.length > 0 ? await resolveFixtureArgs(positionals, io) : await corpusOf(chosen);
      const corpus = await checkFixtureFiles(paths, registry, { jobs });
      if (corpus.errors.length > 0) {
        reportLoadErrors(corpus.errors, io);
        return EXIT.invalid;
      }
      const variants = chosen ?? [...new Set(corpus.checked.map((checked) => checked.variant))].sort();
      if (target !== undefined) await refuseToWriteOver('--write-profile', target.path, [...corpus.files, ...(profilePath === undefined ? [] : [profilePath]), ...userVariants], 'diagnosis', io);

      const diagnosed: EngineProfile & { variants: VariantProfile[] } = { ...base, variants: variants.map((id) => variantProfileOf(base, id) ?? { id }) };
      const reproFlags = [...engineFlags(spec), ...(target === undefined && values.profile === undefined ? [] : ['--profile', showPath(target?.path ?? (profilePath as string), io)]), ...userVariantsFlags(values, variantWords)];
      const corpusItems: RunItem[] = corpus.checked.flatMap(({ loaded, path }) =>
        loaded === undefined || !variants.includes(loaded.fixture.variant)
          ? []
          : [{ fixture: loaded.fixture, file: showPath(path, io), variant: registry.get(loaded.fixture.variant) as ResolvedVariant, rules: loaded.request.rules, repro: reproCommand(showPath(path, io), reproFlags) }],
      );
      const { version } = JSON.parse(await readFile(PACKAGE_JSON, 'utf8')) as { version: string };
      const generated = games === 0 ? [] : generatedGames(gameSettings(registry, diagnosed), { count: games, seed }, version, (id, first) => reproGameCommand(id, first, reproFlags));
      const items = [...corpusItems, ...generated];
      if (items.length === 0) {
        io.stderr.write(`error: nothing to judge: no fixture of ${variants.join(', ') || 'any variant'}${games === 0 ? '' : ' and no generated game'}\n`);
        return EXIT.invalid;
      }

      const candidates = diagnosed.variants.flatMap((entry) =>
        candidatesOf(registry.get(entry.id) as ResolvedVariant, entry, items.filter((item) => item.fixture.variant === entry.id).map((item) => item.fixture.options)),
      );
      const judges = await workers.judges({ judged, base: diagnosed, variants: registry, items }, engine);
      const trying = progressLine(io, candidates.length, 'diagnose');
      const outcome = await searchReadings(judges, diagnosed, items.map((item) => item.fixture.variant), candidates, (candidate) => trying.tick(`${candidate.variant} ${candidate.knob}=${String(candidate.value)}`));
      trying.done();
      const proposed = profileWithReadings(diagnosed, outcome.readings.map((found) => found.candidate));
      const results = await judges.run(proposed);
      const bugs = reportCardOf(results);
      const failures = (list: readonly (readonly unknown[] | undefined)[]): number => list.reduce((sum, broken) => sum + (broken?.length ?? 0), 0);
      const diagnosis: Diagnosis = {
        engine: engineName(spec),
        judged,
        variants,
        fixtures: corpusItems.length,
        games: generated.length,
        failures: { before: failures(outcome.before), after: bugs.reduce((sum, bug) => sum + bug.fixtures, 0) },
        readings: outcome.readings.map(({ candidate, explains }) => ({
          variant: candidate.variant,
          rule: candidate.rule,
          knob: candidate.knob,
          value: candidate.value,
          ambiguity: ambiguitiesOf(candidate.knob, candidate.value, candidate.rule),
          explains,
        })),
        bugs,
        errored: results.filter((result) => result.outcome === 'errored').length,
        durationMs: 0,
      };
      if (io.signal?.aborted === true) throw new RunInterrupted();
      if (target !== undefined) {
        const comment = [`${PROFILE_MARK} (${describeReadings(diagnosis)}); read by run --profile`];
        if (!(await writeOutputFile(target, profileYaml(proposed, target.path, comment), 'diagnosis', io))) return EXIT.invalid;
        diagnosis.profile = showPath(target.path, io);
      }
      diagnosis.durationMs = Math.round(performance.now() - started);
      io.stdout.write(REPORTERS[reporter as keyof typeof REPORTERS](diagnosis));
      if (diagnosis.errored > 0) return EXIT.engineError;
      return diagnosis.bugs.length > 0 ? EXIT.failed : EXIT.ok;
    } catch (error) {
      return stoppedBy(error, io);
    } finally {
      await engine?.close();
      await workers.close();
    }
  },
};

/**
 * Why the diagnosis stopped, said in one line: interrupted (nothing reported or written), or an engine that could
 * not be started, here or on a judge's thread (exit 3). Anything else is thrown on: an adapter that is no adapter
 * is the CLI's to report (exit 2).
 */
function stoppedBy(error: unknown, io: Io): ExitCode {
  if (io.signal?.aborted === true) {
    io.stderr.write('interrupted: nothing reported or written\n');
    return EXIT.interrupted;
  }
  if (!(error instanceof EngineStartError) || error instanceof AdapterError) throw error;
  io.stderr.write(`error: the engine could not be started: ${error.message}\n`);
  return EXIT.engineError;
}

const describeReadings = (diagnosis: Diagnosis): string =>
  diagnosis.readings.length === 0 ? 'no reading found' : diagnosis.readings.map((reading) => `${reading.variant} ${reading.knob}: ${JSON.stringify(reading.value)}`).join('; ');

/** The corpus of these variants (each one's folder under fixtures/, where it has one), or the whole corpus. */
async function corpusOf(variants: readonly string[] | undefined): Promise<string[]> {
  if (variants === undefined) return [FIXTURES_DIR];
  const folders = await Promise.all(variants.map(async (id) => ((await stat(resolve(FIXTURES_DIR, id)).catch(() => undefined))?.isDirectory() === true ? [resolve(FIXTURES_DIR, id)] : [])));
  return folders.flat();
}
