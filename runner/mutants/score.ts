/**
 * The suite's power: each mutant is built, served over the engine protocol, and run on the fixture corpus
 * until the first fixture that fails. A mutant is caught when a fixture fails with a first-divergence report;
 * an engine that only errors (crashes, garbage) does not count as caught.
 * @module
 */
import { StdioEngine } from '../engines/stdio.ts';
import type { FixtureResult } from '../run/outcome.ts';
import { runFixture, type RunItem } from '../run/replay.ts';
import { buildMutant } from './apply.ts';
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
  const built = await buildMutant(mutant);
  const engine = new StdioEngine({ command: built.engineCommand, timeoutMs: 30_000, validateProtocol: false, cwd: built.dir });
  let fixturesRun = 0;
  let errored = 0;
  try {
    await engine.start();
    for (const item of items) {
      const result = await runFixture(engine, item);
      fixturesRun++;
      if (result.outcome === 'failed') return { mutant, caught: true, caughtBy: result, fixturesRun, errored };
      if (result.outcome === 'errored') errored++;
    }
    return { mutant, caught: false, fixturesRun, errored };
  } finally {
    await engine.close();
    await built.remove();
  }
}
