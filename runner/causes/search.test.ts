import { describe, expect, test } from 'vitest';
import type { EngineProfile, VariantProfile } from '../profile/profile.ts';
import type { Candidate } from './candidates.ts';
import type { Broken, Judgement } from './judge.ts';
import type { Judges } from './judges.ts';
import { searchReadings } from './search.ts';

/** A knob of the fake variant `v` at a value, as a candidate. */
const reading = (knob: string, value: number | boolean): Candidate => ({ variant: 'v', knob, value, rule: `RULE-${knob.toUpperCase()}`, declaration: { rules: { end: { [knob]: value } } as never } });

type Knobs = Record<string, number | boolean | undefined>;

/** Judges of a made-up engine: `broken(game, knobs)` is what game breaks with these knobs declared. */
function judgesOf(games: number, broken: (game: number, knobs: Knobs) => string[]): Judges {
  const settled: Broken[] = new Array<Broken>(games).fill(undefined);
  const knobsOf = (profile: EngineProfile): Knobs => ((profile.variants as VariantProfile[])[0]?.rules?.end ?? {}) as Knobs;
  return {
    async judge(profile, indices, settle = false): Promise<Judgement[]> {
      return indices.map((index) => {
        const now = broken(index, knobsOf(profile)).sort();
        const changed = JSON.stringify(now) !== JSON.stringify(settled[index]);
        if (settle) settled[index] = now;
        return { broken: now, changed };
      });
    },
    run: async () => [],
  };
}

const base = { variants: [{ id: 'v' }] };
const search = (games: number, broken: (game: number, knobs: Knobs) => string[], candidates: Candidate[]) =>
  searchReadings(judgesOf(games, broken), base, new Array<string>(games).fill('v'), candidates);
const found = (outcome: Awaited<ReturnType<typeof search>>): string[] => outcome.readings.map(({ candidate, explains }) => `${candidate.knob}=${String(candidate.value)}: ${explains}`);

/**
 * The engine of these tests reads `a` as 1 (games divisible by 3 show it) and `b` as true (games divisible by 5), and
 * has a bug in games 0 to 9. A knob it does not read some other way changes nothing.
 */
function engine(game: number, knobs: Knobs): string[] {
  const broken: string[] = [];
  if (game % 3 === 0 && knobs.a !== 1) broken.push('RULE-A');
  if (game % 5 === 0 && knobs.b !== true) broken.push('RULE-B');
  if (game < 10) broken.push('BUG');
  if (knobs.a === 2 && game % 2 === 0) broken.push('RULE-A');
  if (knobs.c === 1 && game % 7 === 1) broken.push('RULE-C');
  return broken;
}

describe('searchReadings', () => {
  test("finds the engine's readings, each with the failures it explains, and leaves the bug", async () => {
    const outcome = await search(60, engine, [reading('a', 1), reading('a', 2), reading('b', true), reading('c', 1), reading('d', 1)]);
    expect(found(outcome)).toEqual(['a=1: 20', 'b=true: 12']);
    const rules = new Set(outcome.after.flatMap((broken) => broken ?? []));
    expect([...rules]).toEqual(['BUG']);
    expect(outcome.before.filter((broken) => broken?.includes('RULE-A'))).toHaveLength(20);
  });

  test('a reading that turns a pass into a failure is not taken, whatever it explains', async () => {
    const breaksOne = (game: number, knobs: Knobs): string[] => [...engine(game, knobs), ...(knobs.a === 1 && game === 59 ? ['RULE-A'] : [])];
    expect(found(await search(60, breaksOne, [reading('a', 1), reading('b', true)]))).toEqual(['b=true: 12']);
  });

  test('a reading that breaks a rule no game broke before is not taken', async () => {
    const unheardOf = (game: number, knobs: Knobs): string[] => [...engine(game, knobs).filter((rule) => !(knobs.b === true && rule === 'RULE-B')), ...(knobs.b === true && game === 3 ? ['RULE-Z'] : [])];
    expect(found(await search(60, unheardOf, [reading('a', 1), reading('b', true)]))).toEqual(['a=1: 20']);
  });

  test('a reading may show a bug its divergence hid in a game it explains', async () => {
    // Where `a` is not declared, its divergence hides the bug in game 12 (a play before the scores diverged).
    const hiding = (game: number, knobs: Knobs): string[] => [...engine(game, knobs), ...(game === 12 && knobs.a === 1 ? ['BUG'] : [])];
    expect(found(await search(60, hiding, [reading('a', 1)]))).toEqual(['a=1: 20']);
  });

  test('a reading that changes many games and explains a failure in few of them is not taken', async () => {
    const luckyOnce = (game: number, knobs: Knobs): string[] =>
      knobs.d === 1 ? (game === 0 ? [] : [...engine(game, {}), ...(game >= 10 ? ['BUG'] : [])]) : engine(game, knobs);
    expect(found(await search(60, luckyOnce, [reading('d', 1)]))).toEqual([]);
  });

  test('readings found together: the second judged beside the first, one value per knob', async () => {
    // Games divisible by 15 show b only once a is declared (a's divergence hid it).
    const masked = (game: number, knobs: Knobs): string[] =>
      engine(game, knobs).filter((rule) => !(rule === 'RULE-B' && game % 15 === 0 && knobs.a !== 1));
    const outcome = await search(60, masked, [reading('a', 1), reading('a', 3), reading('b', true)]);
    expect(found(outcome)).toEqual(['a=1: 20', 'b=true: 12']);
  });
});
