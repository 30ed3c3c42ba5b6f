/**
 * The tests' setup file (vitest.config.ts): every fast-check property runs from one fixed seed, so that it passes or
 * fails alike on every run, on CI too, and never on a case drawn for the first time there. FAST_CHECK_SEED=<n> runs
 * them from another seed, FAST_CHECK_SEED=random from a new one each time (fast-check names it in a failure, with
 * the path to the failing case, to rerun just that).
 * @module
 */
import fc from 'fast-check';

/** The seed of every run that does not name one. */
export const SEED = 20_261_129;

const wanted = process.env.FAST_CHECK_SEED;
if (wanted !== undefined && wanted !== 'random' && !/^-?\d+$/.test(wanted)) {
  throw new Error(`FAST_CHECK_SEED takes a whole number or "random", got "${wanted}"`);
}
if (wanted !== 'random') fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: wanted === undefined ? SEED : Number(wanted) });
