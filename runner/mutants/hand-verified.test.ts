/**
 * The hand-verified fixtures alone catch every bug of the mutant catalog, none exempt: a corpus that only passes
 * because generated games happen to meet a bug pins no rule down. Each mutant is the reference's sources with the
 * bug's change made, bundled and loaded in process (runner/causes/patched-reference.ts), so the whole catalog
 * takes seconds, not a build and a child process per bug.
 */
import { describe, expect, test } from 'vitest';
import { referenceWith } from '../causes/patched-reference.ts';
import type { Engine } from '../engines/engine.ts';
import { legalAtPositions, legalOnReference, type Reference, replayOnReference } from '../engines/reference.ts';
import { schemaCheckedItems } from '../run/corpus-items.ts';
import type { FixtureResult } from '../run/outcome.ts';
import { runFixture, type RunItem } from '../run/replay.ts';
import { type Mutant, MUTANTS } from './catalog.ts';

const corpus = await schemaCheckedItems();
const handVerified = corpus.filter((item) => item.fixture.provenance.kind === 'hand-verified');

/** The reference playing the mutants' bugs (none: the plain reference), as an engine under test. */
async function engineWith(...mutants: Mutant[]): Promise<Engine> {
  const reference: Reference = await referenceWith(mutants);
  return {
    name: mutants.map((mutant) => mutant.name).join('+') || 'reference',
    claims: true,
    replay: async (request) => replayOnReference(request, reference),
    legal: async (request) => legalOnReference(request, reference),
    legalPositions: async (request, positions) => legalAtPositions(request, positions, reference),
    close: async () => {},
  };
}

/** The first fixture of `items` the engine fails, with the number of fixtures run and how many errored. */
async function firstFailure(engine: Engine, items: readonly RunItem[]): Promise<{ failed?: FixtureResult; run: number; errored: string[] }> {
  const errored: string[] = [];
  for (const [index, item] of items.entries()) {
    const result = await runFixture(engine, item);
    if (result.outcome === 'failed') return { failed: result, run: index + 1, errored };
    if (result.outcome === 'errored') errored.push(`${result.id}: ${result.message}`);
  }
  return { run: items.length, errored };
}

const mutant = (name: string): Mutant => {
  const found = MUTANTS.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no mutant ${name} in the catalog`);
  return found;
};

describe('the hand-verified fixtures alone catch every mutant of the catalog', () => {
  test('they are a part of the corpus, and the plain reference passes them', async () => {
    expect(handVerified.length).toBeGreaterThan(200);
    expect(handVerified.length).toBeLessThan(corpus.length);
    const { failed, errored } = await firstFailure(await engineWith(), handVerified);
    expect(failed?.id).toBeUndefined();
    expect(errored).toEqual([]);
  });

  test.each(MUTANTS.map((each) => [each.name, each] as const))('%s', async (_, each) => {
    const { failed, run, errored } = await firstFailure(await engineWith(each), handVerified);
    expect(failed, `${each.name} survived the ${run} hand-verified fixtures`).toBeDefined();
    expect(errored).toEqual([]);
    expect(failed?.findings?.length).toBeGreaterThan(0);
  });
});

describe('the two bugs fuzz found and the corpus missed fail a plain run of the corpus, under their rule', () => {
  test.each([
    ['rank-priority-for-figures-only', 'CAP-RANK-PRIORITY'],
    ['capture-names-a-card-twice', 'CAP-CHOICE'],
  ])('%s: %s', async (name, rule) => {
    const bug = mutant(name);
    expect(bug.rule).toBe(rule);
    const { failed, errored } = await firstFailure(await engineWith(bug), corpus);
    expect(errored).toEqual([]);
    expect(failed?.findings?.map((finding) => finding.rule)).toContain(rule);
  });
});
