import { describe, expect, test } from 'vitest';
import { applyDecision } from './engine.ts';
import { eventsOf, lastDeal, scoreScenario, suit, variantRules } from './test-helpers.ts';

// Piles that give each of two sides exactly one point in pagat and playpalace: seat 0 takes most cards
// (21 v 19), seat 1 most coins (6 v 4) and, in pagat, the 7D; primiera goes to seat 0 (7 of every suit
// but coins... see each test).
const split = [
  [...suit('H'), ...suit('S'), '1C'],
  [...suit('D'), ...suit('C', 2, 10)],
];

describe('END-TARGET and END-EXACT-TIE', () => {
  test('END-EXACT-TIE pagat: equal totals at or over the target play another round', () => {
    // Seat 0: cards 21-19 (1); primiera: seat 0 lacks coins, seat 1 lacks hearts and spades: both
    // incomplete, sums 21+21+16=58 v 21+21=42, seat 0 (1). Seat 1: coins (1), settebello (1). 2 each.
    const { events, state } = scoreScenario(variantRules('pagat'), { players: 2, piles: split, totals: [9, 9] });
    expect(eventsOf(events, 'round-end')).toEqual([{ type: 'round-end', round: 1, points: [2, 2], totals: [11, 11] }]);
    expect(eventsOf(events, 'game-end')).toEqual([]);
    expect(state.status).toBe('awaiting-deck');
    expect(state.round).toBe(2);
  });

  test('END-EXACT-TIE playpalace: an exact tie at the top goes to the lowest seat', () => {
    // playpalace: seat 0 most cards (1), seat 1 diamonds, 7 of diamonds, sevens 2-2? Seat 0 holds 7H 7S,
    // seat 1 7D 7C: sevens tied, nobody. So 1 v 2; from 10 v 9: 11 v 11.
    const { events } = scoreScenario(variantRules('playpalace'), { players: 2, piles: split, totals: [10, 9] });
    expect(eventsOf(events, 'game-end')).toEqual([
      { type: 'game-end', reason: 'target', winner: 0, ranking: [0, 1], totals: [11, 11] },
    ]);
  });

  test("END-TARGET escoba-paigro: round 1's winner's points raise the target, so nobody wins in round 1", () => {
    // Escoba: seat 0 most cards (1); seat 1 most coins, all the coins, the 7 of coins (4); sevens 2-2 (1 each).
    const paigro = scoreScenario(variantRules('escoba-paigro'), { players: 2, piles: split, totals: [0, 20] });
    expect(paigro.state.target).toBe(21 + 5);
    expect(eventsOf(paigro.events, 'round-end')).toEqual([{ type: 'round-end', round: 1, points: [2, 5], totals: [2, 25] }]);
    expect(eventsOf(paigro.events, 'game-end')).toEqual([]);
    const escoba = scoreScenario(variantRules('escoba'), { players: 2, piles: split, totals: [0, 20] });
    expect(eventsOf(escoba.events, 'game-end').map((e) => e.winner)).toEqual([1]);
  });

  test('END-TARGET a side under the target ends nothing', () => {
    const { state } = scoreScenario(variantRules('pagat'), { players: 2, piles: split, totals: [0, 8] });
    expect(state.status).toBe('awaiting-deck');
  });
});

describe('END-TIE-BREAKS', () => {
  test('END-TIE-BREAKS escoba: equal totals over the target go to the side with more escobas over the game', () => {
    // Escoba: cards 21-19 to seat 0 (1); coins 10-0 and all coins, 7 of coins to seat 1 (1 + 2 + 1); sevens
    // 2-2, each (1 each). Seat 0: 2; seat 1: 5. From 22 and 19: 24 and 24. Seat 1 made the only escoba.
    const { events } = scoreScenario(variantRules('escoba'), { players: 2, piles: split, totals: [22, 18], sweeps: [1] });
    expect(eventsOf(events, 'round-end')).toEqual([{ type: 'round-end', round: 1, points: [2, 6], totals: [24, 24] }]);
    expect(eventsOf(events, 'game-end')).toEqual([
      { type: 'game-end', reason: 'target', winner: 1, ranking: [1, 0], totals: [24, 24] },
    ]);
  });

  test('END-TIE-BREAKS escoba: a higher total needs no tie-break; with escobas equal, the coins decide', () => {
    const { events } = scoreScenario(variantRules('escoba'), { players: 2, piles: split, totals: [23, 19] });
    expect(eventsOf(events, 'game-end').map((e) => [e.winner, e.totals])).toEqual([[0, [25, 24]]]);
    const even = scoreScenario(variantRules('escoba'), { players: 2, piles: split, totals: [22, 19] });
    expect(eventsOf(even.events, 'game-end').map((e) => [e.winner, e.totals])).toEqual([[1, [24, 24]]]);
  });
});

describe('END-INVERSE', () => {
  test('END-INVERSE playpalace: everyone out in one round, the lowest total of all sides wins, ties to the lower seat', () => {
    // After PP-code. Seat 0 is out already (11). Seat 1 takes diamonds and the 7D (10 + 2);
    // seat 2 takes cards (12 v 10) and sevens (3 v 1) (9 + 2). Both are out now; the lowest total of all
    // sides is 11, held by seats 0 and 2: seat 0 wins.
    const rules = variantRules('playpalace', { inverse: true });
    const { events } = scoreScenario(rules, {
      players: 3,
      piles: [[], suit('D'), ['7H', '7S', '7C', ...suit('H', 1, 6), ...suit('H', 8, 10)]],
      totals: [11, 10, 9],
      eliminated: [0],
    });
    expect(events.slice(-2)).toEqual([
      { type: 'round-end', round: 1, points: [0, 2, 2], totals: [11, 12, 11], eliminated: [1, 2] },
      { type: 'game-end', reason: 'inverse', winner: 0, ranking: [0, 2, 1], totals: [11, 12, 11] },
    ]);
  });

  test('END-INVERSE playpalace: an eliminated side\'s cards are left out of the categories', () => {
    const rules = variantRules('playpalace', { inverse: true });
    const { events } = scoreScenario(rules, {
      players: 3,
      piles: [suit('D'), ['1H', '2H'], ['3H']],
      totals: [11, 0, 0],
      eliminated: [0],
    });
    expect(eventsOf(events, 'award').map((a) => [a.category, a.counts, a.points])).toEqual([
      ['cards', [0, 2, 1], [0, 1, 0]],
      ['diamonds', [0, 0, 0], [0, 0, 0]],
      ['seven-of-diamonds', [0, 0, 0], [0, 0, 0]],
      ['sevens', [0, 0, 0], [0, 0, 0]],
    ]);
  });

  test('END-INVERSE playpalace: when one side is left standing it wins, whatever its score', () => {
    const rules = variantRules('playpalace', { inverse: true });
    const { events } = scoreScenario(rules, { players: 2, piles: [[...suit('D'), ...suit('H')], []], totals: [7, 0] });
    expect(eventsOf(events, 'game-end')).toEqual([
      { type: 'game-end', reason: 'inverse', winner: 1, ranking: [1, 0], totals: [11, 0] },
    ]);
  });
});

describe('END-INSTANT-WIN', () => {
  test('END-INSTANT-WIN playpalace: the sweep that reaches the target ends the game at once, mid-round', () => {
    const rules = variantRules('playpalace', { instantWin: true });
    const state = lastDeal(rules, 2, [['7D', '1C'], ['2C', '3C']], ['3H', '4H']);
    state.totals[0] = 10;
    const step = applyDecision(state, { card: '7D' });
    expect(step.ok && step.value.events).toEqual([
      { type: 'capture', seat: 0, card: '7D', captured: ['3H', '4H'] },
      { type: 'sweep', seat: 0, points: 1 },
      { type: 'game-end', reason: 'instant-win', winner: 0, ranking: [0, 1], totals: [11, 0] },
    ]);
  });

  test('END-INSTANT-WIN after every sweep: a sweep worth 0 wins for a side already over the target; not after scoring sweeps only', () => {
    const zeroSweep = (id: string) => {
      const state = lastDeal(variantRules(id, { instantWin: true, scopaMechanic: 'no-scopas' }), 2, [['7D', '1C'], ['2C', '3C']], ['3H', '4H']);
      state.totals[0] = 11;
      const step = applyDecision(state, { card: '7D' });
      return step.ok ? eventsOf(step.value.events, 'game-end') : [];
    };
    expect(zeroSweep('playpalace-every-sweep')).toEqual([{ type: 'game-end', reason: 'instant-win', winner: 0, ranking: [0, 1], totals: [11, 0] }]);
    expect(zeroSweep('playpalace')).toEqual([]);
  });

  test('END-INSTANT-WIN is off by default: the same sweep only adds its point', () => {
    const state = lastDeal(variantRules('playpalace'), 2, [['7D', '1C'], ['2C', '3C']], ['3H', '4H']);
    state.totals[0] = 10;
    const step = applyDecision(state, { card: '7D' });
    expect(step.ok && eventsOf(step.value.events, 'game-end')).toEqual([]);
    expect(step.ok && step.value.state.totals[0]).toBe(11);
  });
});

describe('END-SINGLE-ROUND', () => {
  test('END-SINGLE-ROUND anycard: equal points after the one hand is a draw', () => {
    // Seat 0: cards 21-19 and primiera 81 (6D 7H 7S 7C) v 75 (7D 6H 6S 6C). Seat 1: coins 6-4 and the 7D.
    const { events } = scoreScenario(variantRules('anycard'), {
      players: 2,
      piles: [
        ['1D', '2D', '3D', '6D', '7H', '7S', '7C', ...suit('H', 1, 5), ...suit('H', 8, 10), ...suit('S', 1, 5), '8S'],
        ['4D', '5D', ...suit('D', 7, 10), '6H', '6S', '6C', '9S', '10S', ...suit('C', 1, 5), ...suit('C', 8, 10)],
      ],
    });
    expect(eventsOf(events, 'award').map((a) => [a.category, a.counts, a.points])).toEqual([
      ['cards', [21, 19], [1, 0]],
      ['coins', [4, 6], [0, 1]],
      ['settebello', [0, 1], [0, 1]],
      ['primiera', [81, 75], [1, 0]],
      ['sweeps', [0, 0], [0, 0]],
    ]);
    expect(eventsOf(events, 'game-end')).toEqual([
      { type: 'game-end', reason: 'single-round', winner: null, ranking: [0, 1], totals: [2, 2] },
    ]);
  });
});
