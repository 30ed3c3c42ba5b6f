/**
 * The suite's power: each mutant is played by the reference engine with the mutant's change made, in process, and
 * run on the fixture corpus until the first fixture that fails. A mutant is caught when a fixture fails with a
 * first-divergence report; an engine that only errors does not count as caught. The engine protocol is not what
 * a mutant changes, and it is tested on its own; in process, a mutant costs a tenth of what a process of its own did.
 * @module
 */
import { referenceWith } from '../causes/patched-reference.ts';
import { referenceEngine } from '../engines/engine.ts';
import type { FixtureResult } from '../run/outcome.ts';
import { runFixture, type RunItem } from '../run/replay.ts';
import type { Mutant } from './catalog.ts';

export interface MutantScore {
  mutant: Mutant;
  caught: boolean;
  /** The fixture that caught it, with its first-divergence report. */
  caughtBy?: FixtureResult;
  /** Fixtures run before the verdict. */
  fixturesRun: number;
  errored: number;
}

export async function scoreMutant(mutant: Mutant, items: readonly RunItem[]): Promise<MutantScore> {
  const engine = referenceEngine(undefined, await referenceWith([mutant]));
  let fixturesRun = 0;
  let errored = 0;
  for (const item of items) {
    const result = await runFixture(engine, item);
    fixturesRun++;
    if (result.outcome === 'failed') return { mutant, caught: true, caughtBy: result, fixturesRun, errored };
    if (result.outcome === 'errored') errored++;
  }
  return { mutant, caught: false, fixturesRun, errored };
}
