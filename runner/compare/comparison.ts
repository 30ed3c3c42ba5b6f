/**
 * What `compare` holds of each engine once it has run (or once its reports are read back): the run as `run` would
 * report it, the readings its profile declares, and for every fixture and game the rules it checks and what it was
 * judged against. Every part of the compare report (the matrix, the census, the disagreements, the changes since a
 * baseline) is made from these alone, so a comparison read from JSON reports the same as the one that ran.
 * @module
 */
import { createHash } from 'node:crypto';
import { ERROR_CODES, RULE_IDS, type RuleId, type Rules } from '../../reference/index.ts';
import { ruleOfErrorCode } from '../divergences/rule-of.ts';
import type { Fixture } from '../fixture/fixture.ts';
import { countResults, type FixtureResult, type RunSummary } from '../run/outcome.ts';
import { type GamesWanted, isGame, isProbe, PROBES_GROUP, rulesExercised, settingOf } from '../run/generated-games.ts';
import type { DeclaredReading } from './readings.ts';

/** A fixture or game an engine ran: the rules it checks, and, where the engine was judged on it, against what. */
export interface RunFixture {
  /** The rules the fixture cites, and those its expected events exercise, in the order of spec/rules.md. */
  rules: RuleId[];
  /**
   * Set where the engine passed or failed it: a key of the game's rules, the declarations its expectations were
   * derived under and what of the engine's events was compared. Two engines with the same key were asked the
   * same game and held to the same answer.
   */
  judgedUnder?: string;
}

export interface EngineOutcome {
  /** The engine's name in the engines file. */
  name: string;
  /** Its profile and known-bugs files, as the engines file writes them (the bugs are in the run's `knownBugs`). */
  profile?: string;
  /** What the profile file declared when the engine ran (engines-file.ts, profileDigest). */
  profileDigest?: string;
  knownBugs?: string;
  readings: DeclaredReading[];
  /** The run, as `run` reports it (`summary.engine` is its command, its adapter, or `reference`). */
  summary: RunSummary;
  /** By fixture id. */
  fixtures: Map<string, RunFixture>;
}

/**
 * The rules a fixture checks: those it cites, those its expected events exercise under its rules, and the rule of the
 * refusal it expects (a probe cites none).
 */
export function rulesChecked(fixture: Fixture, rules: Rules): RuleId[] {
  const refused = fixture.expect.reject === undefined ? undefined : ruleOfErrorCode(fixture.expect.reject.code, rules);
  const checked = new Set<RuleId>([...fixture.rules, ...rulesExercised(fixture.expect.events?.list ?? [], rules), ...(refused === undefined ? [] : [refused])]);
  return RULE_IDS.filter((rule) => checked.has(rule));
}

/** The key of what a result was judged against (`RunFixture.judgedUnder`); undefined where it was not judged. */
export function judgedUnderOf(result: FixtureResult, rules: Rules): string | undefined {
  if (result.outcome !== 'passed' && result.outcome !== 'failed') return undefined;
  return createHash('sha256')
    .update(JSON.stringify([rules, result.derived ?? null, result.reporting ?? null]))
    .digest('hex')
    .slice(0, 16);
}

/** What a run generated beside the corpus: its games and probes as asked, and the refusals its probes expect. */
export interface Generated {
  games?: GamesWanted;
  probes?: GamesWanted;
  refusals: Iterable<string>;
}

/**
 * A run's results counted as `run` counts them where it played games or probes: the corpus apart, the games (how
 * they were made, how the engine did, the rules they exercise) and the probes (the same, and the refusals they
 * expect, in the protocol's order). The refusals are given: a probe's expectation is in its fixture, which a report
 * read back does not hold.
 */
export function generatedSummariesOf(results: readonly FixtureResult[], fixtures: ReadonlyMap<string, RunFixture>, generated: Generated): Pick<RunSummary, 'corpus' | 'games' | 'probes'> {
  const { games: gamesWanted, probes: probesWanted } = generated;
  if (gamesWanted === undefined && probesWanted === undefined) return {};
  const made = (wanted: GamesWanted, of: readonly FixtureResult[]) => ({
    perSetting: wanted.count,
    seed: wanted.seed,
    settings: new Set(of.map((result) => settingOf(result.id))).size,
    counts: countResults(of),
  });
  const games = results.filter((result) => isGame(result.id));
  const probes = results.filter((result) => isProbe(result.id));
  const exercised = new Set(games.flatMap((result) => fixtures.get(result.id)?.rules ?? []));
  const refusals = new Set(generated.refusals);
  return {
    corpus: countResults(results.filter((result) => !isGame(result.id) && !isProbe(result.id))),
    ...(gamesWanted === undefined ? {} : { games: { ...made(gamesWanted, games), exercised: RULE_IDS.filter((rule) => exercised.has(rule)) } }),
    ...(probesWanted === undefined ? {} : { probes: { ...made(probesWanted, probes), refusals: ERROR_CODES.filter((code) => refusals.has(code)) } }),
  };
}

/** What a run's summary says it generated: its games and probes as asked, and the refusals its probes expect. */
export const generatedOf = (summary: Pick<RunSummary, 'games' | 'probes'>): Generated => ({
  ...(summary.games === undefined ? {} : { games: { count: summary.games.perSetting, seed: summary.games.seed } }),
  ...(summary.probes === undefined ? {} : { probes: { count: summary.probes.perSetting, seed: summary.probes.seed, group: PROBES_GROUP } }),
  refusals: summary.probes?.refusals ?? [],
});
