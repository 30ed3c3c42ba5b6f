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
import { ambiguitiesOf } from '../causes/ambiguity.ts';
import { profileWithReadings, profileYaml } from '../causes/declare.ts';
import { diagnose, type DiagnosisOutcome } from '../causes/diagnosis.ts';
import type { GameJudgement } from '../causes/judge-game.ts';
import { knownBugsYaml } from '../causes/known-bugs-file.ts';
import { type Diagnosis, explainsAll, type NotJudged, renderDiagnosisJson, renderDiagnosisPretty, unexplainable } from '../causes/report.ts';
import { type Command, EXIT, type ExitCode, integerOption, type Io, NothingToWorkOnError, parseCommandArgs, reportLoadErrors, showPath, UsageError, variantsOrStop } from '../cli/command.ts';
import { resolveFixtureArgs } from '../cli/fixture-args.ts';
import { markedBy, type OutputKind, outputFile, refuseToWriteOver, writeOutputFile } from '../cli/output-file.ts';
import { userVariantSources, userVariantsFlags, variantIdOf, VARIANTS_OPTION } from '../cli/variant-args.ts';
import { AdapterError, type Engine, engineFlags, engineName, EngineStartError, RunInterrupted, startEngine } from '../engines/engine.ts';
import { engineSpecOf } from '../engines/flags.ts';
import { PLAIN_REFERENCE, type Reference } from '../engines/reference.ts';
import { checkFixtureFiles } from '../load/corpus.ts';
import { unknownVariantMessage } from '../load/variants.ts';
import { loadProfileFile } from '../profile/load.ts';
import { type EngineProfile, PLAYS_EVERYTHING, type VariantProfile, variantProfileOf } from '../profile/profile.ts';
import { reportCardOf } from '../report/card.ts';
import { reproCommand, reproGameCommand } from '../report/divergence.ts';
import { gameSettings, generatedGames, isGame } from '../run/generated-games.ts';
import { MAX_JOBS } from '../run/pool.ts';
import { statusLine } from '../run/progress.ts';
import type { RunItem } from '../run/replay.ts';
import { splitList } from '../run/select.ts';
import { FIXTURES_DIR, PACKAGE_JSON } from '../util/repo-paths.ts';
import { schemaReference } from '../util/schema-reference.ts';

const REPORTERS = { pretty: renderDiagnosisPretty, json: renderDiagnosisJson } as const;

/** Generated games per setting when --games is not given, with an engine to judge. */
const DEFAULT_GAMES = 50;
const MAX_GAMES = 100_000;

/** The first words of the comment atop a profile diagnose writes: a file it may replace without --force. */
const PROFILE_MARK = 'written by scopa-conformance diagnose';
const WRITTEN_PROFILE: OutputKind = { flag: '--write-profile', own: { what: 'a profile diagnose wrote', isOwn: markedBy(`# ${PROFILE_MARK}`) } };
/** The first words of the comment atop a known-bugs file diagnose writes. */
const KNOWN_BUGS_MARK = 'known bugs written by scopa-conformance diagnose';
const WRITTEN_KNOWN_BUGS: OutputKind = { flag: '--write-known-bugs', own: { what: 'a known-bugs file diagnose wrote', isOwn: markedBy(`# ${KNOWN_BUGS_MARK}`) } };

const OPTIONS = {
  engine: { type: 'string' },
  adapter: { type: 'string' },
  timeout: { type: 'string' },
  profile: { type: 'string' },
  variant: { type: 'string', multiple: true },
  games: { type: 'string' },
  seed: { type: 'string' },
  'write-profile': { type: 'string' },
  'write-known-bugs': { type: 'string' },
  force: { type: 'boolean' },
  reporter: { type: 'string', default: 'pretty' },
  jobs: { type: 'string', short: 'j', default: '1' },
  ...VARIANTS_OPTION,
} as const;

export const diagnoseCommand: Command = {
  name: 'diagnose',
  summary: "find the causes of an engine's divergences: the documented readings it takes, the known bugs it has, and the bugs left",
  help: `Usage: scopa-conformance diagnose [paths|ids...] (--engine <command> [--timeout <s>] | --adapter <module>)
                                   [--profile <file>] [--variant <id>] [--variants <dir>]
                                   [--games <n>] [--seed <n>] [--write-profile <file>]
                                   [--write-known-bugs <file>] [--force]
                                   [--reporter pretty|json] [--jobs <n>]
       scopa-conformance diagnose <recorded fixtures...> [--profile <file>] [--variant <id>]
                                   [--write-profile <file>] [--write-known-bugs <file>] [--force]
                                   [--reporter pretty|json]

For an engine whose readings of the rules are unknown, and whose bugs are to be found by
cause: runs the corpus of the variants it declares (its --profile, else its hello's;
--variant picks some) and --games generated games per setting, as run --games does, and
compares each of the engine's answers in full with what the reference does with the game.
A divergence is one rule broken in one round of one game. Then it looks for the causes:

- a documented reading (every other value of each knob of the rules, of each scoring
  category, no limit to a limited redeal, each value of each host option, fixed) that the
  ambiguity register (spec/ambiguities.md) names: a reading the engine takes;
- a known bug of the catalog (scopa-conformance explain --known-bugs): the engine
  behaves like it.

A cause explains the divergences it removes, and counts only if it adds none, in any game:
declared (a reading) or played by the reference (a bug), the game no longer shows them
where it is still judged. The cause that explains most joins the explanation (a bug
before a reading that explains as many), the games are judged again under it, and every
cause is tried again beside it, until none explains more; then games are generated again
under the explanation (its readings, played by the reference with its known bugs) and the
search goes on. So readings are found where every game also has a bug, and one bug never
hides another. What no cause explains is reported as run reports it under the explanation:
the engine's other bugs, by rule. Where an earlier divergence of a round decided a rule,
that rule was not judged there, and the report says how often. Diagnose proposes; run
decides.

The engine is asked each game once, as its profile has it played, and a sample twice: an
engine that answers the same game two ways is not deterministic, and nothing is explained.
An engine that gives no usable answer to a game leaves that game unexplained: nothing is
written, exit 3. The report names each such game and why, with the run command that asks
the engine the same game, or why run does not (run asks only the games that apply to the
profile, each once, with the inputs its declared rules play; diagnose asks every game whole).

With no --engine or --adapter, the reference is the engine and the fixtures given are taken
to be recorded games (scopa-conformance import): their expectations are what the recorded
system did and stay; each cause changes what the reference plays, and those that make it
play as the system did are that system's readings and bugs. No games are generated.

Options:
  --profile <file>      what the engine declares (spec/profile.schema.json): the causes
                        found are tried on top of it
  --variant <id>        diagnose only this variant (repeatable, or a,b)
  --variants <dir>      read the variant files of <dir> too (repeatable)
  --games <n>           generated games per setting (default ${DEFAULT_GAMES}); 0 for none
  --seed <n>            the first game's seed (default 1)
  --write-profile <file>
                        write the profile with the readings found (YAML, for run --profile);
                        readings only: a bug is never written into a profile
  --write-known-bugs <file>
                        write the known bugs found (YAML, spec/known-bugs.schema.json, for
                        run --known-bugs)
                        Each file is written whole or not at all, only where every game was
                        answered, never over a file diagnose reads, nor over one it did not
                        write (a FIFO or a device never)
  --force               replace a file at --write-profile or --write-known-bugs that
                        diagnose did not write
  --reporter <name>     pretty (default) or json: {divergences: {before, after}, readings:
                        [{variant, rule, knob, value, ambiguity, explains, games}], knownBugs:
                        [{name, rule, bug, explains, games}], bugs: [{rule, fixtures,
                        example}], notJudged: [{rule, after, rounds}], lost, ...}
  -j, --jobs <n>        ask n copies of the engine at once (default 1)
  --timeout <s>         seconds an external engine may take to answer each request

Then run the engine with what was written, and with games of its own rules:
  scopa-conformance run --engine <command> --profile <file> --known-bugs <file> --games 200

Exit status: 0 every divergence explained by readings; 1 bugs remain, known or not; 2 a
usage mistake or an invalid input, or nothing judged; 3 the engine could not be run, gave
no usable answer to a game, or answered a game two ways.`,

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
    if (values.force === true && values['write-profile'] === undefined && values['write-known-bugs'] === undefined) {
      throw new UsageError('--force goes with --write-profile or --write-known-bugs');
    }
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
    const force = values.force === true;
    const profileTarget = values['write-profile'] === undefined ? undefined : await outputFile(values['write-profile'], WRITTEN_PROFILE, io, force);
    const bugsTarget = values['write-known-bugs'] === undefined ? undefined : await outputFile(values['write-known-bugs'], WRITTEN_KNOWN_BUGS, io, force);
    if (profileTarget !== undefined && profileTarget.path === bugsTarget?.path) throw new UsageError('--write-profile and --write-known-bugs name the same file');

    const engines: Engine[] = [];
    const status = statusLine(io, 'diagnose');
    try {
      if (judged === 'engine') {
        // Each copy answers one request at a time: n copies answer n at once.
        for (let copy = 0; copy < jobs; copy++) engines.push(await startEngine(spec, io.signal));
      }
      const base = given ?? engines[0]?.profile ?? PLAYS_EVERYTHING;
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
      const inputs = [...corpus.files, ...(profilePath === undefined ? [] : [profilePath]), ...userVariants];
      if (profileTarget !== undefined) await refuseToWriteOver(WRITTEN_PROFILE.flag, profileTarget.path, inputs, 'diagnosis', io);
      if (bugsTarget !== undefined) await refuseToWriteOver(WRITTEN_KNOWN_BUGS.flag, bugsTarget.path, inputs, 'diagnosis', io);

      const diagnosed: EngineProfile & { variants: VariantProfile[] } = { ...base, variants: variants.map((id) => variantProfileOf(base, id) ?? { id }) };
      const written = [
        ...(profileTarget === undefined && profilePath === undefined ? [] : ['--profile', showPath(profileTarget?.path ?? (profilePath as string), io)]),
        ...(bugsTarget === undefined ? [] : ['--known-bugs', showPath(bugsTarget.path, io)]),
      ];
      const reproFlags = [...engineFlags(spec), ...written, ...userVariantsFlags(values, variantWords)];
      const corpusItems: RunItem[] = corpus.checked.flatMap(({ loaded, path }) =>
        loaded === undefined || !variants.includes(loaded.fixture.variant)
          ? []
          : [{ fixture: loaded.fixture, file: showPath(path, io), variant: registry.get(loaded.fixture.variant) as ResolvedVariant, rules: loaded.request.rules, repro: reproCommand(showPath(path, io), reproFlags) }],
      );
      const { version } = JSON.parse(await readFile(PACKAGE_JSON, 'utf8')) as { version: string };
      const generate = (profile: EngineProfile, reference: Reference): RunItem[] =>
        games === 0 ? [] : generatedGames(gameSettings(registry, profile), { count: games, seed }, version, (id, first) => reproGameCommand(id, first, reproFlags), reference);
      if (corpusItems.length === 0 && generate(diagnosed, PLAIN_REFERENCE).length === 0) {
        io.stderr.write(`error: nothing to judge: no fixture of ${variants.join(', ') || 'any variant'}${games === 0 ? '' : ' and no generated game'}\n`);
        return EXIT.invalid;
      }

      const outcome = await diagnose({ judged, engines, base: diagnosed, registry, corpus: corpusItems, generate, progress: (what) => status.tick(what) });
      status.done();
      if (io.signal?.aborted === true) throw new RunInterrupted();
      // A game lost is shown by run with what diagnose read, never with the files it would have written.
      const givenFlags = [...engineFlags(spec), ...(profilePath === undefined ? [] : ['--profile', showPath(profilePath, io)]), ...userVariantsFlags(values, variantWords)];
      const diagnosis = diagnosisOf(outcome, { engine: engineName(spec), judged, variants }, (id) => runCommandOf(id, corpusItems, givenFlags));
      if (outcome.before.every((judgement) => judgement === undefined) && unexplainable(diagnosis) === undefined && diagnosis.lost.length === 0) {
        io.stderr.write(`error: nothing was judged: no game of ${variants.join(', ') || 'any variant'} applies to the engine's profile, or the engine plays none of them (${plural(diagnosis.skipped, 'game')} skipped)\n`);
        return EXIT.invalid;
      }
      const writable = unexplainable(diagnosis) === undefined && diagnosis.lost.length === 0;
      if (writable && profileTarget !== undefined) {
        const readings = outcome.found.flatMap((found) => (found.hypothesis.kind === 'reading' ? [found.hypothesis.reading] : []));
        const comment = [`${PROFILE_MARK} (${describeReadings(diagnosis)}); read by run --profile`];
        const text = profileYaml(profileWithReadings(diagnosed, readings), schemaReference(profileTarget.path, 'profile', version), comment);
        if (!(await writeOutputFile(profileTarget, text, 'diagnosis', io))) return EXIT.invalid;
        diagnosis.profile = showPath(profileTarget.path, io);
      }
      if (writable && bugsTarget !== undefined) {
        const comment = [`${KNOWN_BUGS_MARK}; read by run --known-bugs`];
        const text = knownBugsYaml(outcome.explanation.bugs, schemaReference(bugsTarget.path, 'known-bugs', version), comment);
        if (!(await writeOutputFile(bugsTarget, text, 'diagnosis', io))) return EXIT.invalid;
        diagnosis.knownBugsFile = showPath(bugsTarget.path, io);
      }
      diagnosis.durationMs = Math.round(performance.now() - started);
      io.stdout.write(REPORTERS[reporter as keyof typeof REPORTERS](diagnosis));
      if (!writable) return EXIT.engineError;
      return explainsAll(diagnosis) ? EXIT.ok : EXIT.failed;
    } catch (error) {
      status.done();
      return stoppedBy(error, io);
    } finally {
      await Promise.all(engines.map((engine) => engine.close()));
    }
  },
};

/** The diagnosis as reported, from what the search found and what is left. */
function diagnosisOf(outcome: DiagnosisOutcome, about: Pick<Diagnosis, 'engine' | 'judged' | 'variants'>, runCommand: (id: string) => string | undefined): Diagnosis {
  const count = (judgements: readonly (GameJudgement | undefined)[]): number => judgements.reduce((sum, judgement) => sum + (judgement?.divergences.length ?? 0), 0);
  const notJudged = new Map<string, NotJudged>();
  for (const judgement of outcome.after) {
    for (const { divergence, after } of judgement?.hidden ?? []) {
      const key = `${divergence.rule ?? ''} ${after.rule ?? ''}`;
      const known = notJudged.get(key) ?? { rule: divergence.rule ?? null, after: after.rule ?? null, rounds: 0 };
      known.rounds++;
      notJudged.set(key, known);
    }
  }
  return {
    ...about,
    fixtures: outcome.fixtures,
    games: outcome.generated,
    divergences: { before: count(outcome.before), after: count(outcome.after) },
    readings: outcome.found.flatMap(({ hypothesis, ...explained }) => {
      if (hypothesis.kind !== 'reading') return [];
      const { variant, rule, knob, value } = hypothesis.reading;
      return [{ variant, rule, knob, value, ambiguity: ambiguitiesOf(knob, value, rule), ...explained }];
    }),
    knownBugs: outcome.found.flatMap(({ hypothesis, ...explained }) =>
      hypothesis.kind === 'bug' ? [{ name: hypothesis.bug.name, rule: hypothesis.bug.rule, bug: hypothesis.bug.bug, ...explained }] : [],
    ),
    bugs: reportCardOf(outcome.results),
    notJudged: [...notJudged.values()].sort((a, b) => b.rounds - a.rounds),
    lost: outcome.lost.map((lost) => {
      const run = lost.notAskedByRun === undefined ? runCommand(lost.id) : undefined;
      return run === undefined ? lost : { ...lost, run };
    }),
    skipped: outcome.skipped,
    ...(outcome.unsteady === undefined ? {} : { unsteady: outcome.unsteady }),
    ...(outcome.givenUp === true ? { givenUp: true } : {}),
    durationMs: 0,
  };
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The command that runs one game of the diagnosis alone: a fixture of the corpus, or a generated game by its seed. */
function runCommandOf(id: string, corpus: readonly RunItem[], flags: readonly string[]): string | undefined {
  const seed = isGame(id) ? /-s(\d+)$/.exec(id)?.[1] : undefined;
  if (seed !== undefined) return reproGameCommand(id, Number(seed), flags);
  const item = corpus.find((candidate) => candidate.fixture.id === id);
  return item === undefined ? undefined : reproCommand(item.file, flags);
}

/**
 * Why the diagnosis stopped, said in one line: interrupted (nothing reported or written), or an engine that could
 * not be started, any of its copies (exit 3). Anything else is thrown on: an adapter that is no adapter
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
