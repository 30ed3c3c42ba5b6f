/**
 * `fuzz`: seeded random games, legal and illegal decisions, run on an engine against the rules it declares; each
 * rule it breaks is shrunk to a small game and written as a fixture that `run` reproduces.
 * @module
 */
import { resolve } from 'node:path';
import { readFile } from 'node:fs/promises';
import { MAX_PLAYERS, type OptionValue, type ResolvedVariant } from '../../reference/index.ts';
import { MAX_JOBS } from '../run/pool.ts';
import { type Command, EXIT, integerOption, NothingToWorkOnError, parseCommandArgs, reportLoadErrors, showPath, UsageError } from '../cli/command.ts';
import { userVariantsFlags, userVariantsOrStop, variantIdOf, VARIANTS_OPTION } from '../cli/variant-args.ts';
import { AdapterError, DEFAULT_TIMEOUT_MS, type Engine, engineFlags, engineName, type EngineSpec, EngineStartError, judgedByProfile, startEngine } from '../engines/engine.ts';
import { engineSpecOf } from '../engines/flags.ts';
import { findingsFolder, writeFindings } from '../cli/findings-folder.ts';
import { engineJudge, fuzz, type FuzzOutcome, type FuzzSettings, type OptionDraw } from '../fuzz/fuzz.ts';
import { fuzzOnWorkers, FuzzJobFailure } from '../fuzz/jobs.ts';
import { countResults, exitCodeOf, type RunSummary } from '../run/outcome.ts';
import { loadProfileFile } from '../profile/load.ts';
import { type EngineProfile, PLAYS_EVERYTHING, variantProfileOf } from '../profile/profile.ts';
import { PACKAGE_JSON } from '../util/repo-paths.ts';
import { renderHtml } from '../report/html.ts';
import { htmlReportTarget, writeHtmlReport } from '../report/html/write.ts';
import { renderJson } from '../report/json.ts';
import { inCi } from '../run/progress.ts';
import { renderPretty } from '../report/pretty.ts';
import { variantWithSettings } from './variant.ts';

const OPTIONS = {
  engine: { type: 'string' },
  adapter: { type: 'string' },
  timeout: { type: 'string' },
  profile: { type: 'string' },
  against: { type: 'string' },
  variant: { type: 'string', default: 'pagat' },
  option: { type: 'string', short: 'o', multiple: true },
  players: { type: 'string' },
  games: { type: 'string' },
  time: { type: 'string' },
  seed: { type: 'string', default: '1' },
  'illegal-rate': { type: 'string', default: '0.05' },
  out: { type: 'string', default: 'fuzz-findings' },
  force: { type: 'boolean' },
  reporter: { type: 'string', default: 'pretty' },
  html: { type: 'string' },
  jobs: { type: 'string', short: 'j', default: '1' },
  ...VARIANTS_OPTION,
} as const;

/** `60s`, `2m`, `90`: seconds, as milliseconds; at least one second, in which a game can be played. */
function durationOf(text: string): number {
  const match = /^(\d{1,7})(s|m)?$/.exec(text);
  if (match === null || Number(match[1]) === 0) throw new UsageError(`--time takes seconds (60 or 60s) or minutes (2m), at least 1 s, got "${text}"`);
  return Number(match[1]) * (match[2] === 'm' ? 60_000 : 1000);
}

function rateOf(text: string): number {
  const rate = Number(text);
  if (!/^(0|1|0?\.\d+)$/.test(text) || !(rate >= 0 && rate <= 1)) throw new UsageError(`--illegal-rate takes a number from 0 to 1, got "${text}"`);
  return rate;
}

/**
 * The options each game draws a value of: those the profile declares values for and --option does not set, over the
 * values declared, or over a range within the variant's bounds. A single declared value is not drawn: the plan
 * plays every game with it.
 */
function optionDrawsOf(profile: EngineProfile | undefined, variant: ResolvedVariant, fixed: Record<string, OptionValue>): Record<string, OptionDraw> {
  const declared = profile === undefined ? undefined : variantProfileOf(profile, variant.id)?.options;
  const draws: Record<string, OptionDraw> = {};
  for (const [name, support] of Object.entries(declared ?? {})) {
    const option = variant.options.find((candidate) => candidate.name === name);
    if (name in fixed || option === undefined) continue;
    if (Array.isArray(support)) {
      if (support.length > 1) draws[name] = support;
      continue;
    }
    const min = Math.max(support.min ?? -Infinity, option.min ?? -Infinity);
    const max = Math.min(support.max ?? Infinity, option.max ?? Infinity);
    if (option.type === 'integer' && Number.isFinite(min) && Number.isFinite(max) && max > min) draws[name] = { min, max };
  }
  return draws;
}

/** One job: the engine (and the judge of --against) started here, the games played in this thread. */
async function fuzzInProcess(spec: EngineSpec, against: EngineSpec | undefined, settings: FuzzSettings): Promise<FuzzOutcome> {
  let engine: Engine | undefined;
  let judge: Engine | undefined;
  try {
    // The user's stop ends the engines at once, even in the middle of a request (or of their hello).
    engine = await startEngine(spec, settings.signal);
    if (against !== undefined) judge = await startEngine(against, settings.signal);
    return await fuzz(engine, { ...settings, ...(judge === undefined ? {} : { judge: engineJudge(judge) }) });
  } finally {
    await engine?.close();
    await judge?.close();
  }
}

export const fuzzCommand: Command = {
  name: 'fuzz',
  summary: 'play seeded random games on an engine, shrink each rule it breaks to a fixture',
  help: `Usage: scopa-conformance fuzz (--engine <command> [--timeout <s>] | --adapter <module>)
                            [--profile <file> | --against <command>]
                            [--variant <id|file>] [--variants <dir>] [--option name=value ...] [--players <n>]
                            [--games <n> | --time <60s>] [--seed <n>] [--illegal-rate <r>]
                            [--jobs <n>] [--out <dir>] [--force]
                            [--reporter pretty|json|html [--html <file>]]

Plays seeded random games of the variant to their end (random deck orders; each decision
drawn over every legal one), runs each on the engine, and compares it with the reference
engine under the rules the engine declares (its hello's profile, or --profile), through
the same comparison and report card as run. Each rule broken for the first time is shrunk
to the smallest game found that still shows it (the rounds before and after it dropped, as
few plays as will do) and written to <dir> (default fuzz-findings/) as a fixture with
provenance "fuzz", which run reproduces. The same seed gives the same games.

Illegal decisions probe the games without cutting them short: at each decision, with
probability <r> (default 0.05), an illegal decision of some shape an engine might let
through is drawn, and the first one drawn in a game is played as a game of its own (the
game's decisions up to it, then it, expecting the refusal), while the game itself goes on
legally to its end.

The variant is pagat unless --variant names another, by id or by the path of its file
(./house.yaml); --variants <dir> (repeatable) reads the variant files of <dir> too, which
may extend the package's.

With --against <command>, a second engine judges instead of the reference: each game's
expectations are what that engine answers (for someone porting an engine: the old one
judges the new); the rules are the fixture's, no profile applies, and a game the judge
does not play is passed over.

Without --players, the games take turns at every player count --profile declares for the
variant (two players where it declares none), and each game draws a value of every option
--profile declares values of (a list, or a range within the variant's) and --option does not
set. One game in 20 is dealt, in its first round,
opening tables that call for one of the variant's redeals, deal after deal (up to 12), so
that redeal rules and their limits are tried.

With --jobs <n>, the games are shared between n worker threads, each with its own engine
(game i on thread i mod n); each rule keeps the smallest example any thread found.

--reporter html writes the report card of the shrunk games as one self-contained page,
with a game viewer for each (see run --reporter html), to --html <file> (default
scopa-report.html in the current folder; --out is the findings' folder).

A finding's file that exists and says something else is not replaced, nor a page at --html
that is not a report, unless --force; a FIFO or a device never.

Without --games or --time, 1000 games. Ctrl-C stops the current game and keeps what was
found. An adapter runs in a process of its own; --timeout bounds each of its requests as it
does an engine's.

Exit status: 0 no rule broken; 1 a rule broken (each one written); 2 a usage mistake or an
invalid variant or profile, or no game judged (each skipped or not applicable); 3 the engine
could not run or errored; 130, 143, 129 interrupted by Ctrl-C, SIGTERM, SIGHUP.`,

  async run(args, io) {
    const { values } = parseCommandArgs(args, OPTIONS);
    const spec = engineSpecOf(values, io.cwd);
    if (spec.kind === 'reference') throw new NothingToWorkOnError('fuzz needs an engine to test: --engine <command> or --adapter <module>');
    if (!['pretty', 'json', 'html'].includes(values.reporter)) throw new UsageError(`--reporter takes pretty, json or html, got "${values.reporter}"`);
    if (values.html !== undefined && values.reporter !== 'html') throw new UsageError('--html names the file of --reporter html');
    const html = values.reporter === 'html' ? await htmlReportTarget(values.html, '--html', io, values.force === true) : undefined;
    const chosenPlayers = values.players === undefined ? undefined : integerOption('players', values.players, 2, MAX_PLAYERS);
    const seed = integerOption('seed', values.seed, 0);
    const games = values.games === undefined ? (values.time === undefined ? 1000 : undefined) : integerOption('games', values.games, 1);
    const timeMs = values.time === undefined ? undefined : durationOf(values.time);
    const illegalRate = rateOf(values['illegal-rate']);
    const jobs = integerOption('jobs', values.jobs, 1, MAX_JOBS);

    const registry = await userVariantsOrStop(values, [values.variant], io);
    const { variant, options, rules } = variantWithSettings(registry, variantIdOf(values.variant), values.option ?? []);
    let profile: EngineProfile | undefined;
    if (values.profile !== undefined) {
      const loaded = await loadProfileFile(resolve(io.cwd, values.profile), registry);
      if (!loaded.ok) {
        reportLoadErrors(loaded.errors, io);
        return EXIT.invalid;
      }
      profile = loaded.value;
    }

    const engine = judgedByProfile(spec, profile);
    if (values.against !== undefined && values.profile !== undefined) throw new UsageError('give --profile or --against, not both: the judging engine plays the rules as written');
    if (values.against?.trim() === '') throw new UsageError('--against needs a command');
    // Without --players, every player count the engine declares for the variant, in turn; else two.
    const declared = profile?.variants === '*' ? undefined : profile?.variants.find((entry) => entry.id === variant.id)?.players;
    const players = chosenPlayers === undefined ? (declared ?? [2]) : [chosenPlayers];
    const against: EngineSpec | undefined =
      values.against === undefined ? undefined : { kind: 'stdio', command: values.against, timeoutMs: DEFAULT_TIMEOUT_MS, validateProtocol: false, cwd: io.cwd };
    const { version } = JSON.parse(await readFile(PACKAGE_JSON, 'utf8')) as { version: string };
    const label = against === undefined ? engineName(spec) : `${engineName(spec)} against ${values.against}`;
    const out = await findingsFolder(values.out, '--out', io);
    const settings = {
      variant,
      options,
      rules,
      optionDraws: optionDrawsOf(profile, variant, options),
      players,
      seed,
      ...(games === undefined ? {} : { games }),
      ...(timeMs === undefined ? {} : { timeMs }),
      illegalRate,
      ...(profile === undefined ? {} : { profile }),
      // The judging engine plays the rules as written.
      ...(against === undefined ? {} : { profile: PLAYS_EVERYTHING }),
      engineLabel: label,
      engineVersion: version,
      group: out.group,
      shownDir: showPath(out.path, io),
      reproFlags: [...engineFlags(spec), ...(values.profile === undefined ? [] : ['--profile', values.profile]), ...userVariantsFlags(values, [values.variant])],
    };
    const progress = io.isTTY && !inCi(io.env) ? (io.progress ?? io.stderr) : undefined;
    const showProgress = (played: number, broken: number): void => {
      progress?.write(`\r\x1b[2Kfuzz: ${played} games, ${broken} rule${broken === 1 ? '' : 's'} broken`);
    };
    let outcome;
    try {
      outcome =
        jobs === 1
          ? await fuzzInProcess(engine, against, { ...settings, ...(io.signal === undefined ? {} : { signal: io.signal }), onGame: (played, broken) => showProgress(played, broken.size) })
          : await fuzzOnWorkers(
              { engine, ...(against === undefined ? {} : { against }), settings },
              { jobs, ...(io.signal === undefined ? {} : { signal: io.signal }), onProgress: showProgress },
            );
    } catch (error) {
      // Stopped before the engine answered hello: interrupted, not the engine's failure.
      if (error instanceof EngineStartError && io.signal?.aborted === true) {
        io.stderr.write('interrupted before the engine answered hello: no game was played\n');
        return EXIT.interrupted;
      }
      // An adapter that is no adapter is invalid input: the CLI reports it, exit 2.
      if (error instanceof EngineStartError && !(error instanceof AdapterError)) {
        io.stderr.write(`error: the engine could not be started: ${error.message}\n`);
        return EXIT.engineError;
      }
      if (error instanceof FuzzJobFailure) {
        io.stderr.write(`error: ${error.message}\n`);
        return EXIT.engineError;
      }
      throw error;
    } finally {
      progress?.write('\r\x1b[2K');
    }

    const written = (await writeFindings(outcome.findings.map((finding) => finding.fixture), out, { force: values.force === true }, io)).filter((path) => path !== undefined);

    // The report card of the shrunk games: each rule once, with its smallest example.
    const results = outcome.findings.map((finding) => finding.result);
    const errored = outcome.results.filter((result) => result.outcome === 'errored').slice(0, 1);
    const shown = [...results, ...errored];
    const summary: RunSummary = { engine: label, results: shown, counts: countResults(shown), bailed: false, interrupted: false, durationMs: outcome.durationMs };
    const rate = Math.round((outcome.games * 1000) / Math.max(1, outcome.durationMs));
    const unjudged = outcome.games - outcome.judged;
    const notJudged = unjudged === 0 ? '' : `; ${unjudged} game${unjudged === 1 ? '' : 's'} not judged (skipped or not applicable: ${outcome.notJudgedBecause ?? 'no reason given'})`;
    const depth = `${outcome.reachedGameEnd} to the game's end, ${outcome.probes} illegal decision${outcome.probes === 1 ? '' : 's'} probed`;
    const line = `fuzz: ${outcome.games} games from seed ${seed} in ${(outcome.durationMs / 1000).toFixed(2)} s (${rate} games/s; ${depth}), ${outcome.findings.length} rule${outcome.findings.length === 1 ? '' : 's'} broken${notJudged}${written.length === 0 ? '' : `; written: ${written.join(', ')}`}${outcome.interrupted ? '; interrupted (Ctrl-C or a signal): the findings so far are kept' : ''}`;
    if (values.reporter === 'json') {
      const report = JSON.parse(renderJson(summary)) as Record<string, unknown>;
      const { games, judged, reachedRoundEnd, reachedGameEnd, probes } = outcome;
      const fuzzed = { games, judged, reachedRoundEnd, reachedGameEnd, probes, seed, durationMs: outcome.durationMs, gamesPerSec: rate, written };
      io.stdout.write(`${JSON.stringify({ ...report, fuzz: fuzzed }, null, 2)}\n`);
    } else if (html !== undefined) {
      io.stdout.write(`${line}\n`);
      if (!(await writeHtmlReport(html, renderHtml(summary, { context: [line] }), 'fuzz', io))) return EXIT.invalid;
    } else {
      io.stdout.write(outcome.findings.length > 0 || errored.length > 0 ? renderPretty(summary) : '');
      io.stdout.write(`${line}\n`);
    }
    if (outcome.interrupted) return EXIT.interrupted;
    if (written.length < outcome.findings.length) return EXIT.invalid;
    // A fuzz run that judged nothing tested nothing: it is not a pass.
    if (outcome.judged === 0) {
      const why = outcome.games === 0 ? `no game was played within --time ${values.time ?? ''}`.trimEnd() : 'every game was skipped or not applicable';
      io.stderr.write(`error: nothing was judged: ${why} (exit 2)\n`);
      return EXIT.invalid;
    }
    return shown.length === 0 ? EXIT.ok : exitCodeOf(summary);
  },
};
