/**
 * The findings of a run's generated games and probes, shrunk: for each rule a failing game or probe breaks, the first
 * (by id) is cut down, as fuzz cuts its findings (runner/fuzz/fuzz.ts, `shrink`), to the smallest game that still
 * shows the rule on the engine: a fixture that `run` reproduces.
 * @module
 */
import { knownBugsNamed } from '../causes/known-bugs.ts';
import { type EngineSpec, startEngine } from '../engines/engine.ts';
import { expectationsOnReference } from '../fixture/expectations.ts';
import { type Fixture, replayRequestOf } from '../fixture/fixture.ts';
import { type Judge, referenceJudge, ruleKey, shrink } from '../fuzz/fuzz.ts';
import type { EngineProfile } from '../profile/profile.ts';
import { type FixtureFinding, type FixtureResult, isUnexpected, type ShrunkFinding } from './outcome.ts';
import { runFixture, type RunItem } from './replay.ts';

/** The folder a shrunk game's id names: written as `run-findings/<its id's name>.yaml`, `run` reproduces it. */
export const FINDINGS_GROUP = 'run-findings';

export interface ShrinkOptions {
  engine: EngineSpec;
  /** The first segment of the shrunk games' ids, where they are written (`run --write-findings`); else run-findings. */
  group?: string;
  profile?: EngineProfile;
  /** The names of the engine's known bugs: the games were played, and are judged, by the reference playing them. */
  knownBugs?: readonly string[];
  signal?: AbortSignal;
}

/**
 * For each rule the failing results break (those --expect-fail does not list), the first result's game shrunk, on
 * a fresh engine. `itemOf` gives a result's game. Empty where nothing failed; where the engine cannot be started
 * again, or the run is stopped, the findings shrunk so far.
 */
export async function shrinkFailures(results: readonly FixtureResult[], itemOf: (id: string) => RunItem | undefined, options: ShrinkOptions): Promise<ShrunkFinding[]> {
  const firstByRule = new Map<string, { result: FixtureResult; rule: FixtureFinding['rule'] }>();
  for (const result of results) {
    if (result.outcome !== 'failed' || !isUnexpected(result)) continue;
    for (const found of result.findings ?? []) if (!firstByRule.has(ruleKey(found.rule))) firstByRule.set(ruleKey(found.rule), { result, rule: found.rule });
  }
  if (firstByRule.size === 0) return [];
  const known = await knownBugsNamed(options.knownBugs ?? []);
  const judge: Judge = known === undefined ? referenceJudge : async (fixture, rules) => {
    const derived = expectationsOnReference(replayRequestOf(fixture, rules), undefined, known.reference);
    return derived === undefined ? undefined : { ...fixture, expect: derived.expect };
  };
  let engine;
  try {
    engine = await startEngine(options.engine, options.signal);
  } catch {
    return [];
  }
  const shrunk: ShrunkFinding[] = [];
  try {
    for (const { result, rule } of firstByRule.values()) {
      const item = itemOf(result.id);
      if (item === undefined || options.signal?.aborted === true) continue;
      const run = async (candidate: Fixture): Promise<FixtureResult> => runFixture(engine, { ...item, fixture: candidate }, options.profile, undefined, known);
      const best = await shrink({ fixture: item.fixture, result }, rule, item.rules, run, judge);
      const title = `${ruleKey(rule)} broken by ${engine.name}: found by run in ${result.id}, shrunk`;
      const id = `${options.group ?? FINDINGS_GROUP}/${ruleKey(rule).toLowerCase().replaceAll(' ', '-')}-${result.id.replaceAll('/', '-')}`;
      shrunk.push({ rule, id: result.id, repro: item.repro, fixture: { ...best.fixture, id, title, rules: rule === null ? [] : [rule] } });
    }
  } finally {
    await engine.close();
  }
  return shrunk;
}
