/**
 * What a run produces: one result per fixture, with a closed set of outcomes, and the summary every reporter
 * renders. Also the run's exit code, decided from the results alone.
 * @module
 */
import { EXIT, type ExitCode } from '../cli/command.ts';
import type { RuleId } from '../../reference/index.ts';
import type { Divergence } from '../divergences/divergence.ts';
import type { Expectations, Fixture, ReplayReply, ReplayRequest } from '../fixture/fixture.ts';

/**
 * `passed`: the reply met every expectation. `failed`: it diverged (see `findings`). `not-applicable`: by the
 * engine's declared profile it does not play this fixture (its variant, player count or settings), or the
 * fixture's decisions are illegal under the rules it declares. `skipped`: the engine said it does not play the
 * game, or the fixture was not run because `--bail` stopped the run. `errored`: the engine gave no usable reply
 * (crash, timeout, garbage, an exception).
 */
export const OUTCOMES = ['passed', 'failed', 'not-applicable', 'skipped', 'errored'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** One rule a fixture shows the engine breaking: where, and the first divergence of it, in words. */
export interface FixtureFinding {
  /** The rule, or null where no single rule decides the point. */
  rule: RuleId | null;
  /** The rounds where the fixture shows it, from 1. */
  rounds: number[];
  /** The first divergence of this rule in the fixture. */
  divergence: Divergence;
  /** Its report: position, expected against actual, the rule's text link, the command that reruns it. */
  report: string;
}

/** A rule a fixture's divergence of another rule, earlier in the same rounds, kept from being judged there. */
export interface NotJudged {
  rule: RuleId | null;
  /** The rule of the divergence that came first. */
  after: RuleId | null;
  rounds: number[];
}

/** A game as it was judged: what reports that replay it need (the HTML report's game viewer). */
export interface JudgedGame {
  /** What the engine was asked to replay: the rules as judged, the players, the inputs. */
  request: ReplayRequest;
  /** The expectations compared: the fixture's, or those derived from the engine's declared rules. */
  expect: Expectations;
  reply: ReplayReply;
}

export interface FixtureResult {
  id: string;
  /** The fixture's file, as shown to the user. */
  file: string;
  title: string;
  variant: string;
  outcome: Outcome;
  /** `failed`: the first divergence. */
  divergence?: Divergence;
  /** `failed`: the first-divergence report, in words. */
  report?: string;
  /** `failed`: every independent divergence, one per rule, in the order the engine showed them. */
  findings?: FixtureFinding[];
  /** `failed`: the rules an earlier divergence kept from being judged. */
  notJudged?: NotJudged[];
  /** `failed` (and `passed` with `keepGame: 'always'`), when the run item asks for it: the game as judged, with the engine's reply. */
  game?: JudgedGame;
  /**
   * Set when the fixture was judged under rules or settings the engine declares, other than its own: those
   * declarations, as the profile writes them (`options.target: 11, rules.sweep.lastPlay: true`). The expectations
   * compared were derived on the reference engine under them; or, `not-applicable`, its inputs are not legal there.
   */
  derived?: string;
  /**
   * Set when the engine was judged on less than every event (its profile, from --profile or its own hello, says it
   * reports less): what was compared. A pass then says only that much.
   */
  reporting?: string;
  /**
   * Set when the fixture records what another system did (provenance `recorded`): that system, so that a
   * disagreement is read as a finding about it, not about the engine under test.
   */
  recorded?: string;
  /** `errored`: what went wrong; `skipped` and `not-applicable`: why it was not run. */
  message?: string;
  /** `not-applicable`: its cause, shared by every fixture not applicable the same way (`the engine plays 2 players`). */
  cause?: string;
  /** `errored`: what the engine left behind (its stderr, a stack). */
  detail?: string;
  /** Set when `--expect-fail` lists the fixture: the reason given there. */
  expectedFailure?: string;
  durationMs: number;
}

/** Why a fixture was not run: the user stopped the run (Ctrl-C, SIGTERM, SIGHUP) before it or while it ran. */
export const NOT_RUN_INTERRUPTED = 'not run: the run was interrupted';

/** Whether a result is a fixture the user's stop kept from running. */
export const cutShort = (result: FixtureResult | undefined): boolean =>
  result === undefined || (result.outcome === 'skipped' && result.message === NOT_RUN_INTERRUPTED);

/** A listed fixture that failed or errored: as expected, it does not fail the run. */
export const isExpectedFailure = (result: FixtureResult): boolean =>
  result.expectedFailure !== undefined && (result.outcome === 'failed' || result.outcome === 'errored');

/** A listed fixture that passed: the list is stale, and the run fails (toml-test's -skip-must-err). */
export const isUnexpectedPass = (result: FixtureResult): boolean =>
  result.expectedFailure !== undefined && result.outcome === 'passed';

/** Whether a result makes the run fail: a failure or an error not listed as expected, or an unexpected pass. */
export const isUnexpected = (result: FixtureResult): boolean =>
  ((result.outcome === 'failed' || result.outcome === 'errored') && result.expectedFailure === undefined) ||
  isUnexpectedPass(result);

export interface Counts {
  total: number;
  passed: number;
  failed: number;
  /** Fixtures the engine's profile says it cannot play, each with the reason. */
  'not-applicable': number;
  skipped: number;
  errored: number;
  /** Of the failed and errored, those listed in --expect-fail. */
  expectedFailures: number;
  /** Of the passed, those listed in --expect-fail. */
  unexpectedPasses: number;
}

export interface RunSummary {
  /** The engine under test, by name. */
  engine: string;
  /** One per selected fixture, sorted by id. */
  results: FixtureResult[];
  counts: Counts;
  /** Whether --bail stopped the run early. */
  bailed: boolean;
  /** Whether the user stopped the run (Ctrl-C) before every fixture ran: no verdict on the suite. */
  interrupted?: boolean;
  /** With --shard i/n: the shard, and how many fixtures the whole selection holds (every shard together). */
  shard?: { index: number; count: number; selected: number };
  /** With games or probes: the corpus alone, counted apart from them. */
  corpus?: Counts;
  /** With --games: the generated games, counted apart from the corpus. */
  games?: GamesSummary;
  /** With --probes: the illegal-decision probes, counted apart from the corpus and the games. */
  probes?: ProbesSummary;
  /** With --known-bugs: the bugs the engine is known to have, judged as the reference playing them; the run fails while any is listed. */
  knownBugs?: { name: string; rule: string; bug: string }[];
  /**
   * The declarations of the profile given that no source documents (`pagat capture.rankPriority: false`): the
   * verdict holds only under them.
   */
  undocumented?: string[];
  durationMs: number;
}

/** The games of `run --games` or the probes of `run --probes`: how they were made, how they did, what they found. */
interface GeneratedSummary {
  perSetting: number;
  seed: number;
  settings: number;
  counts: Counts;
  /** For each rule the failures break, the first failure's game shrunk. */
  shrunk?: ShrunkFinding[];
}

/** The games of `run --games`, and the rules their play went through. */
export interface GamesSummary extends GeneratedSummary {
  /** The rule ids the games' events exercise, in the order of spec/rules.md. */
  exercised: string[];
}

/** The probes of `run --probes`, and the refusals they expect. */
export interface ProbesSummary extends GeneratedSummary {
  /** The refusal codes the probes expect, in the order of the protocol's list. */
  refusals: string[];
}

/** A rule a generated game or probe showed the engine breaking, and the smallest game found that still shows it. */
export interface ShrunkFinding {
  rule: RuleId | null;
  /** The game or probe it was found in, and the command that reruns it. */
  id: string;
  repro: string;
  /** The game shrunk, as a fixture (spec/fixture.schema.json) that `run` reproduces. */
  fixture: Fixture;
  /** With --write-findings: the file it was written to, as shown. */
  file?: string;
}

export function countResults(results: readonly FixtureResult[]): Counts {
  const counts: Counts = {
    total: results.length,
    passed: 0,
    failed: 0,
    'not-applicable': 0,
    skipped: 0,
    errored: 0,
    expectedFailures: 0,
    unexpectedPasses: 0,
  };
  for (const result of results) {
    counts[result.outcome]++;
    if (isExpectedFailure(result)) counts.expectedFailures++;
    if (isUnexpectedPass(result)) counts.unexpectedPasses++;
  }
  return counts;
}

/**
 * 130 if the user stopped the run (no verdict on the suite); 2 if no fixture was judged (each was skipped or not
 * applicable: a run that tested nothing is no pass); else 3 if the engine errored on a fixture not listed
 * as expected to fail; else 1 if a fixture failed unexpectedly, a listed one passed, or the engine has known bugs;
 * else 0.
 */
export function exitCodeOf(summary: RunSummary): ExitCode {
  if (summary.interrupted === true) return EXIT.interrupted;
  if (summary.counts.total > 0 && !judgedAny(summary.counts)) return EXIT.invalid;
  const unexpected = summary.results.filter(isUnexpected);
  if (unexpected.some((result) => result.outcome === 'errored')) return EXIT.engineError;
  return unexpected.length > 0 || (summary.knownBugs?.length ?? 0) > 0 ? EXIT.failed : EXIT.ok;
}

/** Whether the engine was judged on any fixture: one passed, failed or errored. */
export const judgedAny = (counts: Counts): boolean => counts.passed + counts.failed + counts.errored > 0;

/** One line: how many of each outcome. */
export function countsLine(counts: Counts, noun = 'fixture'): string {
  const parts = [`${counts.passed} passed`, `${counts.failed} failed`];
  if (counts.expectedFailures > 0) parts.push(`${counts.expectedFailures} expected to fail`);
  if (counts.unexpectedPasses > 0) parts.push(`${counts.unexpectedPasses} passed unexpectedly`);
  if (counts['not-applicable'] > 0) parts.push(`${counts['not-applicable']} not applicable`);
  parts.push(`${counts.skipped} skipped`, `${counts.errored} errored`);
  return `${counts.total} ${noun}${counts.total === 1 ? '' : 's'}: ${parts.join(', ')}`;
}

/**
 * How a summary line names the engine: "reference engine", or the external engine's command as a JSON string, so
 * that quotes in the command (`python3 "my eng.py"`) cannot be read as the end of its name.
 */
export const describeEngine = (engine: string): string => (engine === 'reference' ? 'reference engine' : `engine ${JSON.stringify(engine)}`);
