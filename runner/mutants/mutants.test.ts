import { describe, expect, test } from 'vitest';
import { MUTANTS } from './catalog.ts';
import { corpusItems } from '../run/corpus-items.ts';
import { scoreMutant } from './score.ts';

const items = await corpusItems();

describe('the fixture corpus catches every mutant of the reference engine, through the engine protocol', () => {
  test.each(MUTANTS.map((mutant) => [mutant.name, mutant] as const))('%s', async (_, mutant) => {
    const score = await scoreMutant(mutant, items);
    expect(score.caught, `${mutant.name} survived ${score.fixturesRun} fixtures`).toBe(true);
    const report = score.caughtBy?.report ?? '';
    // A clear first-divergence report: where, what was expected and what came (which differ), and the rule. What
    // came is the engine's event or refusal, or where its legal decisions differ, those decisions.
    const value = (label: string): string | undefined => new RegExp(`^${label}: +(.*)$`, 'm').exec(report)?.[1];
    const came = value('actual') ?? value('engine legal');
    expect(value('where')).toMatch(/round \d+|the end of the game/);
    expect(value('expected')).toBeDefined();
    expect(came).toBeDefined();
    expect(came).not.toBe(value('expected'));
    expect(value('rule')).toMatch(/^[A-Z]+(-[A-Z0-9]+)+ \(.+\): spec\/rules\.md#/);
  }, 120_000);
});
