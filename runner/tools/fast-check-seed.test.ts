import fc from 'fast-check';
import { expect, test } from 'vitest';
import { SEED } from './fast-check-seed.ts';

test('every property runs from the one seed the setup file sets, unless FAST_CHECK_SEED names another', () => {
  const wanted = process.env.FAST_CHECK_SEED;
  const seedOf = (): number => fc.check(fc.property(fc.integer(), () => true)).seed;
  if (wanted === 'random') expect(seedOf()).not.toBe(seedOf());
  else expect([seedOf(), seedOf()]).toEqual(wanted === undefined ? [SEED, SEED] : [Number(wanted), Number(wanted)]);
});
