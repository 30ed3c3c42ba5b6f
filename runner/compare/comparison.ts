/**
 * What `compare` holds of each engine once it has run (or once its reports are read back): the run as `run` would
 * report it, the readings its profile declares, and for every fixture and game the rules it checks and what it was
 * judged against. Every part of the compare report (the matrix, the census, the disagreements, the changes since a
 * baseline) is made from these alone, so a comparison read from JSON reports the same as the one that ran.
 * @module
 */
import { createHash } from 'node:crypto';
import { RULE_IDS, type RuleId, type Rules } from '../../reference/index.ts';
import type { Fixture } from '../fixture/fixture.ts';
import { countResults, type FixtureResult, type GamesSummary, type RunSummary } from '../run/outcome.ts';
import { type GamesWanted, isGame, rulesExercised, settingOf } from '../run/generated-games.ts';
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
  knownBugs?: string;
  readings: DeclaredReading[];
  /** The run, as `run` reports it (`summary.engine` is its command, its adapter, or `reference`). */
  summary: RunSummary;
  /** By fixture id. */
  fixtures: Map<string, RunFixture>;
}

/** The rules a fixture checks: those it cites, and those its expected events exercise under its rules. */
export function rulesChecked(fixture: Fixture, rules: Rules): RuleId[] {
  const checked = new Set<RuleId>([...fixture.rules, ...rulesExercised(fixture.expect.events?.list ?? [], rules)]);
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

/** The games of a run (`--games`): how they were made, how the engine did on them, the rules they exercise. */
export function gamesSummaryOf(results: readonly FixtureResult[], fixtures: ReadonlyMap<string, RunFixture>, wanted: GamesWanted): GamesSummary {
  const games = results.filter((result) => isGame(result.id));
  const exercised = new Set(games.flatMap((result) => fixtures.get(result.id)?.rules ?? []));
  return {
    perSetting: wanted.count,
    seed: wanted.seed,
    settings: new Set(games.map((result) => settingOf(result.id))).size,
    counts: countResults(games),
    exercised: RULE_IDS.filter((rule) => exercised.has(rule)),
  };
}
