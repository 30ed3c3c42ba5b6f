import { describe, expect, test } from 'vitest';
import { fullDeck } from './cards.ts';
import { eventsOf, scoreScenario, suit, variantRules } from './test-helpers.ts';
import type { OptionValue } from './types.ts';
import { mergePatch } from './variant.ts';

const awards = (events: ReturnType<typeof scoreScenario>['events']) =>
  Object.fromEntries(eventsOf(events, 'award').map((a) => [a.category, { counts: a.counts, points: a.points }]));

describe('SCORE-* pagat, both primes incomplete', () => {
  // Seat 0 lacks spades, seat 1 lacks coins. Seat 0: every coin, 1H-6H, 1C-4C (20 cards; prime D 7=21,
  // H 6=18, C ace=16, no S: 55). Seat 1: every spade, 7H-10H, 5C-10C (20 cards; prime S 21, H 21, C 21: 63).
  const piles = [
    [...suit('D'), ...suit('H', 1, 6), ...suit('C', 1, 4)],
    [...suit('S'), ...suit('H', 7, 10), ...suit('C', 5, 10)],
  ];

  test('SCORE-MOST-CARDS SCORE-TIES 20-20 gives nobody the point; SCORE-MOST-COINS and SCORE-CARD go to seat 0', () => {
    const { events } = scoreScenario(variantRules('pagat'), { players: 2, piles });
    expect(awards(events)).toMatchObject({
      cards: { counts: [20, 20], points: [0, 0] },
      coins: { counts: [10, 0], points: [1, 0] },
      settebello: { counts: [1, 0], points: [1, 0] },
    });
  });

  test('SCORE-PRIMIERA pagat (loses-to-complete): two incomplete primes compare by sum, 63 beats 55', () => {
    const { events } = scoreScenario(variantRules('pagat'), { players: 2, piles });
    expect(awards(events).primiera).toEqual({ counts: [55, 63], points: [0, 1] });
    expect(eventsOf(events, 'round-end')).toEqual([{ type: 'round-end', round: 1, points: [2, 1], totals: [2, 1] }]);
  });

  test('SCORE-PRIMIERA denexa (void): without all four suits nobody has a prime', () => {
    const { events } = scoreScenario(variantRules('denexa'), { players: 2, piles });
    expect(awards(events).primiera).toEqual({ counts: [0, 0], points: [0, 0] });
  });

  test('SCORE-PRIMIERA anycard (counts-zero): a missing suit adds 0, 63 beats 55', () => {
    const { events } = scoreScenario(variantRules('anycard'), { players: 2, piles });
    expect(awards(events).primiera).toEqual({ counts: [55, 63], points: [0, 1] });
  });

  test('SCORE-PRIMIERA a complete prime beats an incomplete one under loses-to-complete, whatever the sums', () => {
    // Seat 0: 10D 10H 10S and every club (complete: 10 + 10 + 10 + 7C 21 = 51). Seat 1: 1-9 of coins,
    // hearts and spades (no clubs: 21 + 21 + 21 = 63).
    const { events } = scoreScenario(variantRules('pagat'), {
      players: 2,
      piles: [['10D', '10H', '10S', '10C', ...suit('C', 1, 9)], [...suit('D', 1, 9), ...suit('H', 1, 9), ...suit('S', 1, 9)]],
    });
    expect(awards(events).primiera).toEqual({ counts: [51, 63], points: [1, 0] });
  });
});

describe('SCORE-* escoba', () => {
  // Seat 0: every coin, 7H, 1S-9S (20 cards, sevens 7D 7H 7S). Seat 1: the other hearts, 10S, every club
  // (20 cards, seven 7C).
  const piles = [
    [...suit('D'), '7H', ...suit('S', 1, 9)],
    [...suit('H', 1, 6), ...suit('H', 8, 10), '10S', ...suit('C')],
  ];

  test('SCORE-ALL-COINS 2 in addition to SCORE-MOST-COINS 1; SCORE-TIES each: 20-20 cards gives both a point', () => {
    const { events } = scoreScenario(variantRules('escoba'), { players: 2, piles, sweeps: [1] });
    expect(awards(events)).toEqual({
      escobas: { counts: [0, 1], points: [0, 1] },
      'all-coins': { counts: [1, 0], points: [2, 0] },
      coins: { counts: [10, 0], points: [1, 0] },
      'siete-de-oros': { counts: [1, 0], points: [1, 0] },
      'all-sevens': { counts: [0, 0], points: [0, 0] },
      sevens: { counts: [3, 1], points: [1, 0] },
      cards: { counts: [20, 20], points: [1, 1] },
    });
  });

  test('SCORE-ALL-SEVENS 2 and SCORE-MOST-SEVENS; SCORE-TIES each: 5-5 coins gives both a point', () => {
    const { events } = scoreScenario(variantRules('escoba'), {
      players: 2,
      piles: [['7D', '7H', '7S', '7C', ...suit('D', 1, 5), ...suit('H', 1, 5)], [...suit('D', 8, 10), '6D', ...suit('H', 8, 10)]],
    });
    expect(awards(events)).toMatchObject({
      coins: { counts: [6, 4], points: [1, 0] },
      'all-sevens': { counts: [1, 0], points: [2, 0] },
      sevens: { counts: [4, 0], points: [1, 0] },
    });
    const tied = scoreScenario(variantRules('escoba'), {
      players: 2,
      piles: [[...suit('D', 1, 5)], [...suit('D', 6, 10)]],
    });
    expect(awards(tied.events).coins).toEqual({ counts: [5, 5], points: [1, 1] });
  });
});

describe('TEAM-POOLING', () => {
  // 4 players, 2v2: seats 0 and 2 against 1 and 3. Seat 0 has 6 coins, seat 1 has 4; seats 2 and 3 one heart each.
  const piles = [suit('D', 1, 6), suit('D', 7, 10), ['1H'], ['2H']];

  test('TEAM-POOLING pagat 2v2: teammates\' cards are counted together', () => {
    const { events } = scoreScenario(variantRules('pagat'), { players: 4, piles });
    expect(awards(events)).toMatchObject({ cards: { counts: [7, 5], points: [1, 0] }, coins: { counts: [6, 4], points: [1, 0] } });
  });

  test('TEAM-POOLING playpalace with team card scoring off: players compete, the winner scores for the team', () => {
    const rules = variantRules('playpalace', { teamMode: '2v2', teamCardScoring: false });
    const { events } = scoreScenario(rules, { players: 4, piles: [suit('D', 1, 3), suit('D', 4, 8), ['9D'], ['10D']] });
    // Seat 1 holds 5 coins, the most of any player: side 1 scores (seats 0+2 would pool 4 against 6).
    expect(awards(events).diamonds).toEqual({ counts: [3, 5, 1, 1], points: [0, 1] });
  });
});

describe('END-COUNTING-OUT', () => {
  // Seat 0 (on 9) wins cards and coins; seat 1 (on 10) holds the 7D. Counting out stops at seat 0's 11th point.
  const piles = [
    [...suit('D', 1, 6), ...suit('D', 8, 10), ...suit('H'), ...suit('S', 1, 3)],
    ['7D', ...suit('S', 4, 10), ...suit('C')],
  ];

  test('END-COUNTING-OUT denexa: cards, then coins take seat 0 to 11; settebello, primiera and sweeps go unscored', () => {
    const { events } = scoreScenario(variantRules('denexa'), { players: 2, piles, totals: [9, 10], sweeps: [1] });
    expect(eventsOf(events, 'award').map((a) => [a.category, a.points])).toEqual([
      ['cards', [1, 0]],
      ['coins', [1, 0]],
    ]);
    expect(events.slice(-2)).toEqual([
      { type: 'round-end', round: 1, points: [2, 0], totals: [11, 10] },
      { type: 'game-end', reason: 'counting-out', winner: 0, ranking: [0, 1], totals: [11, 10] },
    ]);
  });

  test('END-COUNTING-OUT sweeps count one at a time in the order they were made', () => {
    // Both on 10; seat 1 swept first, then seat 0: seat 1 reaches 11 first.
    const { events } = scoreScenario(variantRules('denexa'), {
      players: 2,
      piles: [suit('H', 1, 5), suit('H', 6, 10)],
      totals: [10, 10],
      sweeps: [1, 0],
    });
    expect(eventsOf(events, 'game-end')).toEqual([
      { type: 'game-end', reason: 'counting-out', winner: 1, ranking: [1, 0], totals: [10, 11] },
    ]);
  });

  describe('one award takes both sides to the target (Escoba counted out, target 21)', () => {
    // Each holds 20 cards and 5 coins; seat 1 the 7D and three sevens to seat 0's one. Coins and cards tie and
    // score for each: the coins award, the first to score, takes both sides from 20 to 21.
    const tied = [
      [...suit('D', 1, 5), ...suit('H'), ...suit('C', 1, 5)],
      [...suit('D', 6, 10), ...suit('S'), ...suit('C', 6, 10)],
    ];
    const ends = (id: string, totals: number[]) => {
      const { events } = scoreScenario(variantRules(id), { players: 2, piles: tied, totals });
      return { awards: eventsOf(events, 'award').map((a) => a.category), end: eventsOf(events, 'game-end')[0] };
    };

    test('higher-total: the higher total wins, and scoring stops', () => {
      expect(ends('escoba-counted-out', [21, 20])).toEqual({
        awards: ['escobas', 'all-coins', 'coins'],
        end: { type: 'game-end', reason: 'counting-out', winner: 0, ranking: [0, 1], totals: [22, 21] },
      });
    });

    test('higher-total: equal totals go to the tie-breaks (seat 1 holds the 7D)', () => {
      expect(ends('escoba-counted-out', [20, 20]).end).toEqual({ type: 'game-end', reason: 'counting-out', winner: 1, ranking: [1, 0], totals: [21, 21] });
    });

    test("next-award: the award decides nothing; the 7D's point, the next counted, wins", () => {
      expect(ends('escoba-counted-out-next-award', [20, 20])).toEqual({
        awards: ['escobas', 'all-coins', 'coins', 'siete-de-oros'],
        end: { type: 'game-end', reason: 'counting-out', winner: 1, ranking: [1, 0], totals: [21, 22] },
      });
    });
  });

  test('END-TARGET pagat (no counting out): both sides pass 11, the higher total wins', () => {
    const { events } = scoreScenario(variantRules('pagat'), { players: 2, piles, totals: [9, 10], sweeps: [1] });
    // Seat 0: cards, coins (2); seat 1: settebello, primiera (seat 0 lacks clubs), a sweep (3).
    expect(eventsOf(events, 'game-end')).toEqual([
      { type: 'game-end', reason: 'target', winner: 1, ranking: [1, 0], totals: [11, 13] },
    ]);
  });
});

describe('SCORE-NAPOLA', () => {
  test('a run of coins from the ace scores its length from three up; a run of two, or none, scores nothing', () => {
    const { events } = scoreScenario(variantRules('napola'), {
      players: 2,
      piles: [['1D', '2D', '4D', ...suit('H')], ['3D', '5D', ...suit('S')]],
    });
    expect(awards(events).napola).toEqual({ counts: [2, 0], points: [0, 0] });
  });

  test('all ten coins make a run of 10, worth 10', () => {
    const { events } = scoreScenario(variantRules('napola'), { players: 2, piles: [[...suit('D')], [...suit('S')]] });
    expect(awards(events).napola).toEqual({ counts: [10, 0], points: [10, 0] });
  });

  test('upTo caps the run (AMB-65): under upTo 6 all ten coins count 6, a run of 5 still 5', () => {
    const base = variantRules('napola');
    const capped = { ...base, scoring: { ...base.scoring, categories: base.scoring.categories.map((c) => (c.kind === 'napola' ? { ...c, upTo: 6 } : c)) } };
    const { events } = scoreScenario(capped, { players: 2, piles: [[...suit('D')], [...suit('S')]] });
    expect(awards(events).napola).toEqual({ counts: [6, 0], points: [6, 0] });
    const five = scoreScenario(capped, { players: 2, piles: [['1D', '2D', '3D', '4D', '5D', '7D', ...suit('H')], ['6D', ...suit('S')]] });
    expect(awards(five.events).napola).toEqual({ counts: [5, 0], points: [5, 0] });
  });

  test('partners pool their cards: one holds the ace and two, the other the three', () => {
    const { events } = scoreScenario(variantRules('napola'), {
      players: 4,
      piles: [['1D', '2D'], ['5D'], ['3D'], ['4D']],
    });
    expect(awards(events).napola).toEqual({ counts: [3, 0], points: [3, 0] });
  });
});

describe('SCORE-GRANDE', () => {
  const withGrande = (downTo?: number) => {
    const base = variantRules('napola');
    const grande = { id: 'grande', kind: 'grande' as const, points: 5, ...(downTo === undefined ? {} : { downTo }) };
    return { ...base, scoring: { ...base.scoring, categories: [...base.scoring.categories, grande] } };
  };

  test('the king, cavallo and fante of coins score 5; lower coins add nothing; a gap below the king scores nothing', () => {
    const { events } = scoreScenario(withGrande(), { players: 2, piles: [['10D', '9D', '8D', '7D', '6D', ...suit('H')], ['10S', '9S', '8S']] });
    expect(awards(events).grande).toEqual({ counts: [3, 0], points: [5, 0] });
    const gap = scoreScenario(withGrande(), { players: 2, piles: [['10D', '8D', '7D', ...suit('H')], ['9D', ...suit('S')]] });
    expect(awards(gap.events).grande).toEqual({ counts: [1, 0], points: [0, 0] });
  });

  test('downTo extends the run one point a card: to the six 7, to the seven 6, stopped by a missing seven at 5', () => {
    const run = ['10D', '9D', '8D', '7D', '6D', '5D', ...suit('H')];
    expect(awards(scoreScenario(withGrande(6), { players: 2, piles: [run, [...suit('S')]] }).events).grande).toEqual({ counts: [5, 0], points: [7, 0] });
    expect(awards(scoreScenario(withGrande(7), { players: 2, piles: [run, [...suit('S')]] }).events).grande).toEqual({ counts: [4, 0], points: [6, 0] });
    const noSeven = ['10D', '9D', '8D', '6D', ...suit('H')];
    expect(awards(scoreScenario(withGrande(6), { players: 2, piles: [noSeven, ['7D', ...suit('S')]] }).events).grande).toEqual({ counts: [3, 0], points: [5, 0] });
  });
});

describe('SCORE-MOST-* threshold', () => {
  // Three players (scopa-dimensionecasino: cards at least 21, coins at least 6).
  test('14, 13 and 13 cards score nobody; 6 coins score, 5 do not', () => {
    const rules = variantRules('scopa-dimensionecasino');
    const six = scoreScenario(rules, {
      players: 3,
      piles: [[...suit('D', 1, 6), ...suit('H', 1, 8)], [...suit('D', 7, 8), ...suit('S', 1, 10), '9H'], [...suit('D', 9, 10), ...suit('C', 1, 10), '10H']],
    });
    expect(awards(six.events)).toMatchObject({ cards: { counts: [14, 13, 13], points: [0, 0, 0] }, coins: { counts: [6, 2, 2], points: [1, 0, 0] } });
    const five = scoreScenario(rules, { players: 3, piles: [suit('D', 1, 5), suit('D', 6, 8), suit('D', 9, 10)] });
    expect(awards(five.events).coins).toEqual({ counts: [5, 3, 2], points: [0, 0, 0] });
  });

  test('where two reach it (two decks), the most of them scores', () => {
    const rules = mergePatch(variantRules('playpalace', { decks: 2 }), {
      scoring: { categories: [{ id: 'cards', kind: 'most-cards', points: 1, ties: 'nobody', threshold: 21 }] },
    });
    const { events } = scoreScenario(rules, { players: 2, piles: [[...fullDeck(1), '1S', '2S', '3S'], [...suit('D'), ...suit('H'), ...suit('S', 4, 10), ...suit('C')]] });
    expect(awards(events).cards).toEqual({ counts: [43, 37], points: [1, 0] });
  });
});

describe('SCORE-MOST-SEVENS tieRanks', () => {
  // escoba-entretodos: equal sevens by sixes, then aces, then fives; escoba's ties: each after that.
  const rules = variantRules('escoba-entretodos');
  const sevens = (piles: string[][]) => awards(scoreScenario(rules, { players: 2, piles }).events).sevens;

  test('equal sevens, sixes and aces: the fives decide, and the count is the sevens', () => {
    expect(sevens([['7D', '7H', '6D', '6H', '1D', '1H', '5D', '5H', '5S'], ['7S', '7C', '6S', '6C', '1S', '1C', '5C']])).toEqual({ counts: [2, 2], points: [1, 0] });
  });

  test('an earlier value decides before a later one: more sixes beat more aces and fives', () => {
    expect(sevens([['7D', '6D', '6H'], ['7S', '6S', '1D', '1H', '1S', '5D', '5H']])).toEqual({ counts: [1, 1], points: [1, 0] });
  });

  test('equal in every value listed: the tie policy applies', () => {
    expect(sevens([['7D', '6D', '1D', '5D'], ['7S', '6S', '1S', '5S']])).toEqual({ counts: [1, 1], points: [1, 1] });
  });

  test('no sevens at all: nobody scores, whatever the sixes', () => {
    expect(sevens([['6D', '6H'], ['1D']])).toEqual({ counts: [0, 0], points: [0, 0] });
  });
});

describe('SCORE-CARD copies: each', () => {
  const perCopy = (options: Record<string, OptionValue>, players: number, piles: string[][]) =>
    awards(scoreScenario(variantRules('house-settebello-per-copy', options), { players, piles }).events)['seven-of-diamonds'];

  test('two decks: a 1-1 split scores both sides a point, 2-0 scores 2', () => {
    expect(perCopy({ decks: 2 }, 2, [['7D'], ['7D']])).toEqual({ counts: [1, 1], points: [1, 1] });
    expect(perCopy({ decks: 2 }, 2, [['7D', '7D'], ['7H']])).toEqual({ counts: [2, 0], points: [2, 0] });
  });

  test('partners who do not pool their cards: the side scores every copy its players hold', () => {
    expect(perCopy({ decks: 3, teamMode: '2v2', teamCardScoring: false }, 4, [['7D'], ['7D'], ['7D'], []])).toEqual({ counts: [1, 1, 1, 0], points: [2, 1] });
  });
});

describe('END-HOLDING-ALL', () => {
  test('all ten coins: the round is scored in full, round-end, then the holder wins whatever the totals', () => {
    // Seat 1 is at the target of 21 already: the holding wins first.
    const { events } = scoreScenario(variantRules('napola-napoleone'), { players: 2, piles: [suit('D'), suit('S')], totals: [0, 25] });
    expect(awards(events)).toMatchObject({ napola: { counts: [10, 0], points: [10, 0] }, napoleone: { counts: [1, 0], points: [0, 0] } });
    expect(events.slice(-2)).toEqual([
      { type: 'round-end', round: 1, points: [12, 0], totals: [12, 25] },
      { type: 'game-end', reason: 'holding-all', winner: 0, ranking: [0, 1], totals: [12, 25] },
    ]);
  });

  test('no side holds them all: the target decides as usual', () => {
    const { events } = scoreScenario(variantRules('napola-napoleone'), { players: 2, piles: [suit('D', 1, 9), ['10D', ...suit('S')]] });
    expect(eventsOf(events, 'game-end')).toEqual([]);
  });

  test('inverse mode: the holder wins and nobody is eliminated that round', () => {
    const rules = mergePatch(variantRules('napola-napoleone'), { end: { inverse: true } });
    const { events } = scoreScenario(rules, { players: 3, piles: [suit('H'), suit('D'), suit('S')], totals: [30, 0, 0] });
    expect(events.slice(-2)).toEqual([
      { type: 'round-end', round: 1, points: [0, 12, 0], totals: [30, 12, 0], eliminated: [] },
      { type: 'game-end', reason: 'holding-all', winner: 1, ranking: [1, 2, 0], totals: [30, 12, 0] },
    ]);
  });
});
