import { describe, expect, it } from 'vitest';
import { playRandomGames, Rng } from '../../reference/index.ts';
import { variantRules } from '../test-helpers.ts';
import { playHardCodedPagat } from './hard-coded-pagat.ts';

/** Each game's totals and rounds, as "11-7 in 4". */
type Games = string[];

describe('the hard-coded pagat loop (the bench yardstick)', () => {
  it('plays the very games the reference plays from the same seed, game by game', () => {
    const rules = variantRules('pagat');
    for (const seed of [1, 7, 2024]) {
      const engine: Games = [];
      const played = playRandomGames(rules, { players: 2 }, new Rng(seed), 3000, (state) => {
        engine.push(`${state.totals[0]}-${state.totals[1]} in ${state.round}`);
      });
      expect(played.ok).toBe(true);
      const hardCoded: Games = [];
      playHardCodedPagat(new Rng(seed), 3000, (totals, rounds) => hardCoded.push(`${totals[0]}-${totals[1]} in ${rounds}`));
      expect(hardCoded).toEqual(engine);
    }
  });

  it('is a real game: scores differ from game to game and every game ends at the target with one winner', () => {
    const seen = new Set<string>();
    playHardCodedPagat(new Rng(3), 500, (totals, rounds) => {
      expect(Math.max(totals[0], totals[1])).toBeGreaterThanOrEqual(11);
      expect(totals[0]).not.toBe(totals[1]);
      expect(rounds).toBeGreaterThan(0);
      seen.add(`${totals[0]}-${totals[1]}`);
    });
    expect(seen.size).toBeGreaterThan(20);
  });
});
