import { describe, expect, test } from 'vitest';
import { MUTANTS } from './catalog.ts';
import { corpusItems } from '../corpus-items.ts';
import { scoreMutant } from './score.ts';

describe('the fixture corpus catches every mutant of the reference engine, through the engine protocol', async () => {
  const items = await corpusItems();
  test.each(MUTANTS.map((mutant) => [mutant.name, mutant] as const))('%s', async (_, mutant) => {
    const score = await scoreMutant(mutant, items);
    expect(score.caught, `${mutant.name} survived ${score.fixturesRun} fixtures`).toBe(true);
    const report = score.caughtBy?.report ?? '';
    // A clear first-divergence report: where, what was expected, what came, and how to rerun it.
    expect(report).toMatch(/where: +round \d+, (play \d+|before the first play)/);
    expect(report).toMatch(/expected:/);
    expect(report).toMatch(/actual:/);
  }, 120_000);
});
