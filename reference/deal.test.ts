import { describe, expect, test } from 'vitest';
import { fullDeck } from './cards.ts';
import { beginRound } from './deal.ts';
import { GameSession } from './engine.ts';
import { Rng } from './rng.ts';
import { checkSetup, createGame } from './setup.ts';
import { eventsOf, playScript, stackedDeck, variantRules } from './test-helpers.ts';
import { mergePatch } from './variant.ts';

describe('DEAL-PROCEDURE', () => {
  test('DEAL-PROCEDURE playpalace: table first, then blocks of 3 from seat 0 (PP-code, 3 players, unshuffled)', () => {
    const { events } = playScript(variantRules('playpalace'), { players: 3 }, [fullDeck(1)], []);
    expect(eventsOf(events, 'deal')).toEqual([
      {
        type: 'deal',
        round: 1,
        deal: 1,
        dealer: 2,
        table: ['1D', '2D', '3D', '4D'],
        hands: [
          ['5D', '6D', '7D'],
          ['8D', '9D', '10D'],
          ['1H', '2H', '3H'],
        ],
      },
    ]);
  });

  test('DEAL-PROCEDURE anycard: one card at a time from P1, then 4 to the table, which lies sorted C D H S', () => {
    const deck = stackedDeck(['1C', '2C', '3C', '4C', '5C', '6C', '10D', '1S', '7H', '2D']);
    const { events, state } = playScript(variantRules('anycard'), { players: 2 }, [deck], []);
    const [deal] = eventsOf(events, 'deal');
    expect(deal?.hands).toEqual([
      ['1C', '3C', '5C'],
      ['2C', '4C', '6C'],
    ]);
    expect(deal?.table).toEqual(['2D', '10D', '7H', '1S']);
    expect(state.turn).toBe(0);
  });

  test('DEAL-PROCEDURE scopone-classico-figs: packets of 3 to each player, 2 to the table, 3, 2, 3, in the order dealt', () => {
    const { events } = playScript(variantRules('scopone-classico-figs'), { players: 4 }, [fullDeck(1)], []);
    const [deal] = eventsOf(events, 'deal');
    expect(deal?.hands).toEqual([
      ['1D', '2D', '3D', '5H', '6H', '7H', '9S', '10S', '1C'],
      ['4D', '5D', '6D', '8H', '9H', '10H', '2C', '3C', '4C'],
      ['7D', '8D', '9D', '1S', '2S', '3S', '5C', '6C', '7C'],
      ['10D', '1H', '2H', '4S', '5S', '6S', '8C', '9C', '10C'],
    ]);
    expect(deal?.table).toEqual(['3H', '4H', '7S', '8S']);
  });

  test('DEAL-REFILL with packets: a later deal gives the hands packets alone, in order', () => {
    const rules = mergePatch(variantRules('pagat'), { deal: { packets: [{ hands: 1 }, { table: 4 }, { hands: 2 }] } });
    const seats = checkSetup(rules, { players: 2 });
    expect(seats.ok && seats.value.laterDeal).toEqual([{ hands: 1 }, { hands: 2 }]);
  });

  test('TABLE-REDEAL-KINGS a deck rearranged to call for a redeal has its kings where the packets lay the table', () => {
    for (const id of ['scopone-classico', 'scopone-classico-figs']) {
      const session = GameSession.start(variantRules(id), { players: 4 });
      const laid = session.ok ? session.value.supplyShuffledDeck(new Rng(7), true) : undefined;
      expect(laid?.events[0]?.type, id).toBe('redeal');
    }
  });

  test('DEAL-PROCEDURE pagat: hands first in blocks, the first player (dealer + 1) first, then the table', () => {
    const deck = stackedDeck(['1C', '2C', '3C', '4C', '5C', '6C', '7D', '8D', '9D', '1D']);
    const { events } = playScript(variantRules('pagat'), { players: 2 }, [deck], []);
    const [deal] = eventsOf(events, 'deal');
    expect(deal?.dealer).toBe(1);
    expect(deal?.hands).toEqual([
      ['1C', '2C', '3C'],
      ['4C', '5C', '6C'],
    ]);
    expect(deal?.table).toEqual(['7D', '8D', '9D', '1D']);
  });
});

describe('DEAL-TABLE-SIZE', () => {
  // PP-code: table = deck mod (cards per deal x players).
  test.each([
    [2, 1, 3, 4],
    [3, 1, 3, 4],
    [4, 1, 3, 4],
    [5, 1, 3, 10],
    [6, 1, 3, 4],
    [7, 1, 3, 19],
    [8, 1, 3, 16],
    [13, 1, 3, 1],
    [14, 2, 3, 38],
    [2, 1, 10, 0],
    [3, 1, 7, 19],
  ])('DEAL-TABLE-SIZE playpalace with %i players, %i deck(s), %i per deal: %i table cards', (players, decks, cardsPerDeal, table) => {
    const seats = checkSetup(variantRules('playpalace', { decks, cardsPerDeal }), { players });
    expect(seats.ok && seats.value.openingTableSize).toBe(table);
  });

  test("DEAL-TABLE-SIZE scopa-d-assi-giochistars: the four-player seating's own deal, ten each and no table; two players keep 3 and 4", () => {
    const sizes = [2, 4].map((players) => checkSetup(variantRules('scopa-d-assi-giochistars'), { players }));
    expect(sizes.map((seats) => seats.ok && [seats.value.handSize, seats.value.openingTableSize])).toEqual([
      [3, 4],
      [10, 0],
    ]);
  });

  test('DEAL-PROCEDURE packets that do not add up to the hand and the table are refused', () => {
    const rules = mergePatch(variantRules('pagat'), { deal: { packets: [{ hands: 3 }, { table: 2 }] } });
    const seats = checkSetup(rules, { players: 2 });
    expect(seats.ok ? 'ok' : seats.error.code).toBe('SETUP_DEAL_SIZE');
  });

  test('DEAL-TABLE-SIZE a deal that does not divide the deck is refused', () => {
    const seats = checkSetup(variantRules('pagat'), { players: 5 });
    expect(seats.ok ? 'ok' : seats.error.code).toBe('SETUP_PLAYERS');
    const big = checkSetup(variantRules('playpalace', { cardsPerDeal: 10 }), { players: 5 });
    expect(big.ok ? 'ok' : big.error.code).toBe('SETUP_DEAL_SIZE');
  });
});

describe('DEAL-DEALER and DEAL-FIRST-PLAYER', () => {
  const dealers = (id: string, players: number, rounds: number): [number, number][] => {
    const game = createGame(variantRules(id), { players });
    if (!game.ok) throw new Error(game.error.message);
    const seen: [number, number][] = [];
    for (let round = 1; round <= rounds; round++) {
      if (round > 1) beginRound(game.value);
      seen.push([game.value.dealer, (game.value.dealer + 1) % players]);
    }
    return seen;
  };

  test('DEAL-DEALER playpalace moves the dealer backwards: (dealer, first) = (2,0) (1,2) (0,1) (2,0) with 3 players', () => {
    expect(dealers('playpalace', 3, 4)).toEqual([
      [2, 0],
      [1, 2],
      [0, 1],
      [2, 0],
    ]);
  });

  test('DEAL-DEALER pagat passes the deal forward: (2,0) (0,1) (1,2) with 3 players', () => {
    expect(dealers('pagat', 3, 3)).toEqual([
      [2, 0],
      [0, 1],
      [1, 2],
    ]);
  });

  test('DEAL-DEALER escoba takes the first dealer from the setup, and needs it', () => {
    const missing = createGame(variantRules('escoba'), { players: 2 });
    expect(missing.ok ? 'ok' : missing.error.code).toBe('SETUP_DEALER');
    const given = createGame(variantRules('escoba'), { players: 2, firstDealer: 0 });
    expect(given.ok && given.value.dealer).toBe(0);
  });
});

describe('TABLE-REDEAL-KINGS and TABLE-REDRAW-TENS', () => {
  const hands = ['1C', '2C', '3C', '4C', '5C', '6C'];

  test('TABLE-REDEAL-KINGS pagat: three kings on the table void the deal; the same dealer deals the next deck', () => {
    const voided = stackedDeck([...hands, '10D', '10H', '10S', '1D']);
    const fresh = stackedDeck([...hands, '10D', '10H', '2S', '1D']);
    const { events, state } = playScript(variantRules('pagat'), { players: 2 }, [voided, fresh], []);
    expect(eventsOf(events, 'redeal')).toEqual([
      { type: 'redeal', round: 1, rule: 'TABLE-REDEAL-KINGS', table: ['10D', '10H', '10S', '1D'] },
    ]);
    expect(eventsOf(events, 'deal').map((deal) => [deal.dealer, deal.table])).toEqual([[1, ['10D', '10H', '2S', '1D']]]);
    expect(state.status).toBe('playing');
  });

  test('TABLE-REDRAW-TENS playpalace: three tens stand with one deck, all four are redrawn', () => {
    const three = playScript(variantRules('playpalace'), { players: 2 }, [stackedDeck(['10D', '10H', '10S', '1C'])], []);
    expect(eventsOf(three.events, 'redeal')).toEqual([]);
    const four = playScript(variantRules('playpalace'), { players: 2 }, [stackedDeck(['10D', '10H', '10S', '10C'])], []);
    expect(eventsOf(four.events, 'redeal').map((e) => e.rule)).toEqual(['TABLE-REDRAW-TENS']);
    expect(four.state.status).toBe('awaiting-deck');
  });

  test('TABLE-REDRAW-TENS playpalace: at most 10 draws; the 10th table stands whatever it holds', () => {
    const allTens = stackedDeck(['10D', '10H', '10S', '10C']);
    const { events, state } = playScript(variantRules('playpalace'), { players: 2 }, Array(11).fill(allTens), []);
    expect(eventsOf(events, 'redeal')).toHaveLength(9);
    expect(eventsOf(events, 'deal')[0]?.table).toEqual(['10D', '10H', '10S', '10C']);
    expect(state.status).toBe('playing');
  });

  test('TABLE-REDRAW-TENS playpalace with 2 decks: 5 tens stand, 6 are redrawn (more than 2 x 2 + 1)', () => {
    // 2 decks, 2 players, 7 cards per deal: 80 mod 14 = 10 table cards, drawn first.
    const rules = variantRules('playpalace', { decks: 2, cardsPerDeal: 7 });
    const five = stackedDeck(['10D', '10H', '10S', '10C', '10D', '1C', '2C', '3C', '4C', '5C'], 2);
    const six = stackedDeck(['10D', '10H', '10S', '10C', '10D', '10H', '2C', '3C', '4C', '5C'], 2);
    expect(eventsOf(playScript(rules, { players: 2 }, [five], []).events, 'redeal')).toEqual([]);
    expect(eventsOf(playScript(rules, { players: 2 }, [six], []).events, 'redeal')).toHaveLength(1);
  });

  test('TABLE-REDEAL-ACES: two aces void the deal before a table bonus is scored; one ace stands', () => {
    const rules = mergePatch(variantRules('escoba'), {
      openingTable: { redeal: [{ rule: 'TABLE-REDEAL-ACES', value: 1, atLeast: 2, atLeastPerCopy: 0, maxDeals: 0 }] },
    });
    // 1 + 1 + 6 + 7 = 15: a bonus, were the deal not void.
    const twoAces = stackedDeck([...hands, '1D', '1H', '6S', '7C']);
    const oneAce = stackedDeck([...hands, '1D', '2H', '6S', '7C']);
    const { events } = playScript(rules, { players: 2, firstDealer: 0 }, [twoAces, oneAce], []);
    expect(eventsOf(events, 'redeal')).toEqual([{ type: 'redeal', round: 1, rule: 'TABLE-REDEAL-ACES', table: ['1D', '1H', '6S', '7C'] }]);
    expect(eventsOf(events, 'deal').map((deal) => deal.table)).toEqual([['1D', '2H', '6S', '7C']]);
    expect(eventsOf(events, 'table-bonus')).toEqual([]);
  });

  test('TABLE-REDEAL-KINGS is not a rule of escoba', () => {
    const rules = variantRules('escoba');
    expect(rules.openingTable.redeal).toEqual([]);
  });
});

describe('TABLE-BONUS-FIFTEEN', () => {
  // Escoba, 2 players, dealer seat 0: seat 1 is dealt first (3 cards), then seat 0, then the table.
  const hands = ['1C', '2C', '3C', '4C', '5C', '6C'];
  const bonus = (table: string[], thirty: 'sum' | 'two-groups' = 'two-groups') => {
    const rules = mergePatch(variantRules('escoba'), { openingTable: { bonus: { thirty } } });
    return playScript(rules, { players: 2, firstDealer: 0 }, [stackedDeck([...hands, ...table])], []);
  };

  test('TABLE-BONUS-FIFTEEN a table of 15 is one escoba for the dealer, who takes the cards', () => {
    const { events, state } = bonus(['1D', '2H', '5S', '7C']);
    expect(eventsOf(events, 'table-bonus')).toEqual([
      { type: 'table-bonus', round: 1, seat: 0, cards: ['1D', '2H', '5S', '7C'], sweeps: 1 },
    ]);
    expect(eventsOf(events, 'sweep')).toEqual([{ type: 'sweep', seat: 0, points: 1 }]);
    expect(state.tableLength).toBe(0);
    expect(state.pileSize[0]).toBe(4);
  });

  test('TABLE-BONUS-FIFTEEN a table of 30 in two groups of 15 (10+5, 10+5) is two escobas', () => {
    const { events } = bonus(['10D', '10H', '5S', '5D']);
    expect(eventsOf(events, 'table-bonus').map((e) => e.sweeps)).toEqual([2]);
    expect(eventsOf(events, 'sweep')).toHaveLength(2);
  });

  test('TABLE-BONUS-FIFTEEN a table of 30 that does not split (10+10+9+1) is nothing under two-groups, two under sum', () => {
    expect(eventsOf(bonus(['10D', '10H', '9S', '1D']).events, 'table-bonus')).toEqual([]);
    expect(eventsOf(bonus(['10D', '10H', '9S', '1D'], 'sum').events, 'table-bonus').map((e) => e.sweeps)).toEqual([2]);
  });

  test('TABLE-BONUS-FIFTEEN a table of 16 is nothing', () => {
    expect(eventsOf(bonus(['1D', '3H', '5S', '7C']).events, 'table-bonus')).toEqual([]);
  });
});
