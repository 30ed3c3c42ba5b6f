import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { captureAt, countCaptures } from './capture-sampler.ts';
import { autoCapture, listCaptures, resolveCapture } from './capture.ts';
import { cardValue, formatCard, parseCard } from './cards.ts';
import type { CaptureRules } from './types.ts';
import { DEFAULT_RULES } from './variant.ts';

const scopa: CaptureRules = DEFAULT_RULES.capture;
const playpalace: CaptureRules = { ...scopa, chooser: 'auto', autoTieBreak: 'include-earliest' };
const anycard: CaptureRules = { ...scopa, chooser: 'auto', autoTieBreak: 'exclude-earliest' };
const fifteen: CaptureRules = { ...scopa, mode: 'fifteen', rankPriority: false, compulsion: 'none' };
const cassino: CaptureRules = { ...scopa, rankMatch: 'all' };
const fifteenOrMatch: CaptureRules = { ...scopa, mode: 'fifteen-or-match', rankPriority: false };
const assi: CaptureRules = { ...scopa, aceTakesAll: true };
const cirulla: CaptureRules = { ...scopa, mode: 'match-sum-or-fifteen', rankPriority: false, aceTakesAll: true };

const table = (...cards: string[]) => Uint8Array.from(cards.map(parseCard));

function listed(rules: CaptureRules, cards: Uint8Array, value: number): string[][] {
  return listCaptures(rules, cards, cards.length, value).map((set) => set.map((p) => formatCard(cards[p])));
}

function automatic(rules: CaptureRules, cards: Uint8Array, value: number): number[] {
  const out = new Int16Array(cards.length);
  return Array.from(out.subarray(0, autoCapture(rules, cards, cards.length, value, out)));
}

describe('CAP-RANK and CAP-RANK-PRIORITY', () => {
  test('CAP-RANK-PRIORITY an 8 on a table of 8, 5, 3 may take only the 8 (pagat Scopone, rules.md §1.3)', () => {
    expect(listed(scopa, table('8D', '5C', '3H'), 8)).toEqual([['8D']]);
  });

  test('CAP-RANK with two 5s on the table a 5 takes one of them, either; a king may take both as a sum', () => {
    expect(listed(scopa, table('5D', '5C', '2H'), 5)).toEqual([['5D'], ['5C']]);
    expect(listed(scopa, table('5D', '5C', '2H'), 10)).toEqual([['5D', '5C']]);
  });

  test('CAP-SUM with no equal card, every set of two or more that totals the value (table 2 5 7 4, a 9)', () => {
    expect(listed(scopa, table('2D', '5C', '7H', '4S'), 9)).toEqual([
      ['2D', '7H'],
      ['5C', '4S'],
    ]);
  });

  test('CAP-SUM duplicates (two decks): sets that differ only in the copy taken are listed once', () => {
    expect(listed(scopa, table('3D', '3D', '4C'), 7)).toEqual([['3D', '4C']]);
    expect(listed(scopa, table('3D', '3D', '4C', '1H'), 7)).toEqual([
      ['3D', '3D', '1H'],
      ['3D', '4C'],
    ]);
  });

  test('CAP-FIFTEEN a 7 takes a lone 8, or 5+3; an ace needs two or more cards (14 is no card)', () => {
    expect(listed(fifteen, table('8D', '5C', '3H'), 7)).toEqual([['8D'], ['5C', '3H']]);
    expect(listed(fifteen, table('10D', '4C'), 1)).toEqual([['10D', '4C']]);
    expect(listed(fifteen, table('10D', '5C'), 1)).toEqual([]);
  });
});

describe('CAP-RANK under rankMatch all, and fifteen-or-match', () => {
  const out = new Int16Array(8);
  const resolved = (rules: CaptureRules, cards: Uint8Array, value: number, capture: string[]) =>
    resolveCapture(rules, cards, cards.length, value, capture.map(parseCard), out);

  test('a 5 onto two 5s takes both, chosen or automatic; naming one of them is no rank match', () => {
    const cards = table('5D', '2H', '5C', '3S');
    expect(listed(cassino, cards, 5)).toEqual([['5D', '5C']]);
    expect(automatic({ ...cassino, chooser: 'auto' }, cards, 5)).toEqual([0, 2]);
    expect(resolved(cassino, cards, 5, ['5C', '5D'])).toBe(2);
    expect(resolved(cassino, cards, 5, ['5C'])).toBe('CAPTURE_WRONG_SUM');
    expect(resolved(cassino, cards, 5, ['2H', '3S'])).toBe('CAPTURE_RANK_PRIORITY');
  });

  test('without rank priority the sums stay beside the match of every 5', () => {
    expect(listed({ ...cassino, rankPriority: false }, table('5D', '2H', '5C', '3S'), 5)).toEqual([['5D', '5C'], ['2H', '3S']]);
  });

  test('fifteen-or-match: a 7 takes a 7 by value, or cards that make 15 with it; with rank priority the 7 alone', () => {
    const cards = table('8D', '7C', '5H', '3S');
    expect(listed(fifteenOrMatch, cards, 7)).toEqual([['7C'], ['8D'], ['5H', '3S']]);
    expect(listed({ ...fifteenOrMatch, rankPriority: true }, cards, 7)).toEqual([['7C']]);
    expect(resolved({ ...fifteenOrMatch, rankPriority: true }, cards, 7, ['8D'])).toBe('CAPTURE_RANK_PRIORITY');
    expect(resolved(fifteenOrMatch, cards, 7, ['7C', '8D'])).toBe('CAPTURE_WRONG_SUM');
    expect(automatic({ ...fifteenOrMatch, rankPriority: true, chooser: 'auto' }, cards, 7)).toEqual([1]);
  });

  test('fifteen-or-match: a 5 with no 5 on the table needs cards that make 10; an equal value is no sum', () => {
    expect(listed(fifteenOrMatch, table('10D', '4C', '6H'), 5)).toEqual([['10D'], ['4C', '6H']]);
    expect(listed(fifteenOrMatch, table('5D'), 10)).toEqual([['5D']]);
    expect(listed(fifteenOrMatch, table('10D'), 10)).toEqual([['10D']]);
  });
});

describe('match-sum-or-fifteen (Cirulla)', () => {
  const out = new Int16Array(8);
  const resolved = (rules: CaptureRules, cards: Uint8Array, value: number, capture: string[]) =>
    resolveCapture(rules, cards, cards.length, value, capture.map(parseCard), out);
  // regoledelgioco's example: a 7 onto 3, 5, 6, 7.
  const cards = table('3D', '5C', '6H', '7S');

  test('a 7 takes the 7 by value, 3+5 by 15; no two cards make 7', () => {
    expect(listed(cirulla, cards, 7)).toEqual([['7S'], ['3D', '5C']]);
    expect(resolved(cirulla, cards, 7, ['3D', '5C'])).toBe(2);
    expect(resolved(cirulla, cards, 7, ['6H'])).toBe('CAPTURE_WRONG_SUM');
  });

  test('a 9 takes 3+6 by sum or 6 by 15, as the player likes; cards making neither are refused', () => {
    expect(listed(cirulla, cards, 9)).toEqual([['3D', '6H'], ['6H']]);
    expect(resolved(cirulla, cards, 9, ['6H'])).toBe(1);
    expect(resolved(cirulla, cards, 9, ['3D', '6H'])).toBe(2);
    expect(resolved(cirulla, cards, 9, ['3D', '5C'])).toBe('CAPTURE_WRONG_SUM');
  });

  test('rank priority shuts out the sums of the value only: 3+5 still makes 15 beside the 7 (regoledelgioco)', () => {
    const priority: CaptureRules = { ...cirulla, rankPriority: true };
    const withSum = table('3D', '4C', '8H', '7S');
    expect(listed(cirulla, withSum, 7)).toEqual([['7S'], ['3D', '4C'], ['8H']]);
    expect(listed(priority, withSum, 7)).toEqual([['7S'], ['8H']]);
    expect(resolved(priority, withSum, 7, ['3D', '4C'])).toBe('CAPTURE_RANK_PRIORITY');
    expect(resolved(priority, withSum, 7, ['8H'])).toBe(1);
  });

  test('fewest cards: among the sums of the value and among the 15s, each apart', () => {
    const fewest: CaptureRules = { ...cirulla, sums: 'fewest-cards' };
    // A 9: 2+3+4 or 3+6 make 9; 2+4 or the 6 make 15 with it.
    expect(listed(cirulla, table('2C', '3H', '6S', '4D'), 9)).toEqual([['2C', '3H', '4D'], ['3H', '6S'], ['2C', '4D'], ['6S']]);
    expect(listed(fewest, table('2C', '3H', '6S', '4D'), 9)).toEqual([['3H', '6S'], ['6S']]);
  });

  test('the ace takes the whole table without an ace on it; with one, that ace or a 14', () => {
    expect(listed(cirulla, cards, 1)).toEqual([['3D', '5C', '6H', '7S']]);
    expect(listed(cirulla, table('1D', '10C', '4H'), 1)).toEqual([['1D'], ['10C', '4H']]);
  });
});

describe('CAP-ACE-TAKES-ALL', () => {
  const cards = table('4C', '7S', '9D', '2H');

  test('an ace onto a table without an ace takes all of it, chosen, automatic, counted or refused in part', () => {
    expect(listed(assi, cards, 1)).toEqual([['4C', '7S', '9D', '2H']]);
    expect(automatic({ ...assi, chooser: 'auto' }, cards, 1)).toEqual([0, 1, 2, 3]);
    expect(countCaptures(assi, cards, cards.length, 1)).toBe(1);
    const out = new Int16Array(4);
    expect(Array.from(out.subarray(0, captureAt(assi, cards, cards.length, 1, 0, out)))).toEqual([0, 1, 2, 3]);
    expect(resolveCapture(assi, cards, cards.length, 1, [parseCard('4C'), parseCard('7S')], out)).toBe('CAPTURE_NOT_WHOLE_TABLE');
  });

  test('with an ace on the table the ace takes that ace alone; on an empty table it takes nothing', () => {
    expect(listed(assi, table('4C', '1S', '9D'), 1)).toEqual([['1S']]);
    expect(automatic({ ...assi, chooser: 'auto' }, table('4C', '1S', '9D'), 1)).toEqual([1]);
    expect(listed(assi, table(), 1)).toEqual([]);
  });

  test('other cards capture as in Scopa', () => {
    expect(listed(assi, cards, 6)).toEqual([['4C', '2H']]);
  });

  test('aceOnAce takes-all: the ace takes the whole table even with an ace on it', () => {
    const onAce: CaptureRules = { ...assi, aceOnAce: 'takes-all' };
    expect(listed(onAce, table('4C', '1S', '9D'), 1)).toEqual([['4C', '1S', '9D']]);
    expect(automatic({ ...onAce, chooser: 'auto' }, table('4C', '1S', '9D'), 1)).toEqual([0, 1, 2]);
  });

  test('aceCapture any-part: any part of the table, every one listed, counted and accepted', () => {
    const part: CaptureRules = { ...assi, aceCapture: 'any-part' };
    expect(listed(part, table('4C', '7S', '9D'), 1)).toEqual([['4C'], ['4C', '7S'], ['4C', '7S', '9D'], ['4C', '9D'], ['7S'], ['7S', '9D'], ['9D']]);
    expect(countCaptures(part, cards, cards.length, 1)).toBe(15);
    const out = new Int16Array(4);
    expect(resolveCapture(part, cards, cards.length, 1, [parseCard('7S')], out)).toBe(1);
    expect(out[0]).toBe(1);
    expect(automatic({ ...part, chooser: 'auto' }, cards, 1)).toEqual([0, 1, 2, 3]);
  });
});

describe('CAP-AUTO', () => {
  // PP-code: ranks by id 0:2 1:3 2:1 3:4 5:3 6:2; a 6 has 7 options, [0,1,2] is chosen.
  const verified = table('2D', '3D', '1D', '4D', '3C', '2C');

  test('CAP-AUTO playpalace: the most cards, ties to the earliest table positions (table 2 3 1 4 3 2, a 6 takes 2 3 1)', () => {
    expect(automatic(playpalace, verified, 6)).toEqual([0, 1, 2]);
  });

  test('CAP-AUTO playpalace escoba mode: a 9 (needing 6) gives the same choice', () => {
    expect(automatic({ ...playpalace, mode: 'fifteen', rankPriority: false }, verified, 9)).toEqual([0, 1, 2]);
  });

  test('CAP-AUTO playpalace: with three 7s on the table a 7 takes the oldest', () => {
    expect(automatic(playpalace, table('7H', '7D', '7S'), 7)).toEqual([0]);
  });

  test('CAP-AUTO anycard: ties go to the set that leaves the earlier card out (table 2 3 1 4 3 2, a 6 takes 1 3 2)', () => {
    // Three-card sets totalling 6: {0,1,2} {0,2,4} {1,2,5} {2,4,5}. Leaving position 0 out, then 1: {2,4,5}.
    expect(automatic(anycard, verified, 6)).toEqual([2, 4, 5]);
  });

  test('CAP-AUTO anycard: a rank match is still the first equal card in table order', () => {
    expect(automatic(anycard, table('7H', '7D', '3S', '4S'), 7)).toEqual([0]);
  });

  test('CAP-AUTO a card that cannot capture takes nothing', () => {
    expect(automatic(playpalace, table('9H', '8D'), 5)).toEqual([]);
  });

  test('CAP-AUTO in Cirulla: the most cards of a match, a sum and a 15 (table 2D 5C 8H 3S, a 7 takes 2 5, or 5 3 leaving the 2 out)', () => {
    // 2 + 5 is 7, a sum; 8 alone and 5 + 3 make 15 with the 7. Two sets of two cards: {0,1} and {1,3}.
    const cards = table('2D', '5C', '8H', '3S');
    expect(automatic({ ...cirulla, chooser: 'auto' }, cards, 7)).toEqual([0, 1]);
    expect(automatic({ ...cirulla, chooser: 'auto', autoTieBreak: 'exclude-earliest' }, cards, 7)).toEqual([1, 3]);
    // A 5: its match 5C, 2 + 3 as a sum, and 2 + 8 or 2 + 5 + 3 as 10 for 15: the three cards, under rank priority
    // too, where the match shuts out the sum only.
    expect(automatic({ ...cirulla, chooser: 'auto' }, cards, 5)).toEqual([0, 1, 3]);
    expect(automatic({ ...cirulla, chooser: 'auto', rankPriority: true }, table('2D', '5C', '8H', '3S', '4H'), 5)).toEqual([0, 1, 3]);
  });

  test('CAP-AUTO without rank priority: a sum of more cards is taken before the card of the played value', () => {
    expect(automatic({ ...playpalace, rankPriority: false }, table('7H', '3S', '4S'), 7)).toEqual([1, 2]);
    expect(automatic({ ...fifteenOrMatch, chooser: 'auto' }, table('7H', '3S', '5S'), 7)).toEqual([1, 2]);
  });

  test('CAP-AUTO scales: on a 110-card table of 1D..9D repeated, a 10 takes the ten oldest aces', () => {
    const big = Uint8Array.from({ length: 110 }, (_, i) => i % 9);
    expect(automatic(playpalace, big, 10)).toEqual([0, 9, 18, 27, 36, 45, 54, 63, 72, 81]);
  });
});

describe('checking a named capture', () => {
  const out = new Int16Array(8);
  test.each([
    [['3H', '5C'], 8, 'CAPTURE_RANK_PRIORITY'],
    [['8D'], 8, 1],
    [['3H'], 8, 'CAPTURE_WRONG_SUM'],
    [['9S'], 9, 'CAPTURE_NOT_ON_TABLE'],
    [['8D', '8D'], 16, 'CAPTURE_NOT_ON_TABLE'],
  ] as const)('capture %j with a %i on 8D 5C 3H: %s', (capture, value, expected) => {
    expect(resolveCapture(scopa, table('8D', '5C', '3H'), 3, value, capture.map(parseCard), out)).toBe(expected);
  });
});

/**
 * Every legal capture, as position lists, found by trying every subset of the table: the brute-force reference for
 * the readings of CAP-RANK, CAP-RANK-PRIORITY and CAP-ACE-TAKES-ALL.
 */
function bruteForce(rules: CaptureRules, cards: Uint8Array, value: number): number[][] {
  const subsets = Array.from({ length: (1 << cards.length) - 1 }, (_, i) => [...cards.keys()].filter((p) => ((i + 1) >> p) & 1));
  const total = (set: number[]) => set.reduce((sum, p) => sum + cardValue(cards[p]), 0);
  const aces = subsets.filter((set) => set.length === 1 && cardValue(cards[set[0]]) === 1);
  if (value === 1 && rules.aceTakesAll && cards.length > 0 && (rules.aceOnAce === 'takes-all' || aces.length === 0)) {
    return rules.aceCapture === 'any-part' ? subsets : [[...cards.keys()]];
  }
  const equal = rules.mode === 'fifteen' ? [] : [...cards.keys()].filter((p) => cardValue(cards[p]) === value);
  const matches = equal.length === 0 ? [] : rules.rankMatch === 'all' ? [equal] : equal.map((p) => [p]);
  const priority = rules.rankPriority && matches.length > 0;
  const sums = subsets.filter((set) => total(set) === value && set.length >= 2);
  const fifteens = subsets.filter((set) => total(set) === 15 - value);
  switch (rules.mode) {
    case 'match-or-sum':
      return priority ? matches : [...matches, ...sums];
    case 'fifteen':
      return fifteens;
    case 'fifteen-or-match':
      return priority ? matches : [...matches, ...fifteens];
    case 'match-sum-or-fifteen':
      return [...matches, ...(priority ? [] : sums), ...fifteens];
  }
}

const tables = fc.uint8Array({ min: 0, max: 39, minLength: 0, maxLength: 11 });
const oneDeckTables = fc.uniqueArray(fc.integer({ min: 0, max: 39 }), { maxLength: 11 }).map((codes) => Uint8Array.from(codes));
const values = fc.integer({ min: 1, max: 10 });
/** Readings the automatic capture plays (CAP-AUTO needs rank priority wherever a rank match exists). */
const modes = fc.constantFrom(scopa, fifteen, cassino, { ...fifteenOrMatch, rankPriority: true }, { ...assi, aceOnAce: 'takes-all' as const });
/** Readings where the automatic capture chooses between a match, a sum and a 15 (one deck: copies are listed once). */
const betweenKinds = fc.constantFrom(cirulla, { ...cirulla, rankPriority: true }, { ...scopa, rankPriority: false }, fifteenOrMatch, { ...cassino, rankPriority: false });
/** Readings whose captures the sampler counts by position, without listing them. */
const counted = [scopa, fifteen, { ...scopa, rankPriority: false }, assi, { ...assi, aceCapture: 'any-part' as const }, { ...assi, aceOnAce: 'takes-all' as const }];
const readings = fc.constantFrom(
  ...counted,
  cassino,
  fifteenOrMatch,
  { ...cassino, rankPriority: false },
  { ...fifteenOrMatch, rankPriority: true },
  cirulla,
  { ...cirulla, rankPriority: true },
);

describe('capture search properties', () => {
  test('CAP-AUTO include-earliest is the largest set, lexicographically first by positions', () => {
    fc.assert(
      fc.property(tables, values, modes, (cards, value, rules) => {
        const all = bruteForce(rules, cards, value);
        const most = Math.max(0, ...all.map((set) => set.length));
        const largest = all.filter((set) => set.length === most).sort(compare);
        expect(automatic({ ...rules, chooser: 'auto', autoTieBreak: 'include-earliest' }, cards, value)).toEqual(largest[0] ?? []);
      }),
    );
  });

  test('CAP-AUTO between kinds of capture (Cirulla, no rank priority): the largest legal set, ties by autoTieBreak', () => {
    const indicator = (cards: Uint8Array, set: number[]) => [...cards.keys()].map((p) => (set.includes(p) ? 1 : 0)).join('');
    fc.assert(
      fc.property(oneDeckTables, values, betweenKinds, fc.constantFrom('include-earliest' as const, 'exclude-earliest' as const), (cards, value, rules, autoTieBreak) => {
        const all = bruteForce(rules, cards, value);
        const most = Math.max(0, ...all.map((set) => set.length));
        const order = autoTieBreak === 'include-earliest' ? compare : (a: number[], b: number[]) => indicator(cards, a).localeCompare(indicator(cards, b));
        const largest = all.filter((set) => set.length === most).sort(order);
        expect(automatic({ ...rules, chooser: 'auto', autoTieBreak }, cards, value)).toEqual(largest[0] ?? []);
      }),
    );
  });

  test('CAP-AUTO exclude-earliest: the largest set that leaves out the earliest positions it can', () => {
    fc.assert(
      fc.property(tables, values, modes, (cards, value, rules) => {
        const all = bruteForce(rules, cards, value);
        const most = Math.max(0, ...all.map((set) => set.length));
        const indicator = (set: number[]) => [...cards.keys()].map((p) => (set.includes(p) ? 1 : 0)).join('');
        const largest = all.filter((set) => set.length === most).sort((a, b) => indicator(a).localeCompare(indicator(b)));
        // A rank match is the first equal card in table order under either tie-break; a one-card sum is not a match.
        const rankMatch = rules.mode !== 'fifteen' && rules.rankPriority && [...cards].some((card) => cardValue(card) === value);
        const expected = rankMatch ? all[0] : largest[0];
        expect(automatic({ ...rules, chooser: 'auto', autoTieBreak: 'exclude-earliest' }, cards, value)).toEqual(expected ?? []);
      }),
    );
  });

  function enumeratesExactly(cards: Uint8Array, value: number, rules: CaptureRules): void {
    const all = bruteForce(rules, cards, value);
    const count = countCaptures(rules, cards, cards.length, value);
    expect(count).toBe(all.length);
    const out = new Int16Array(cards.length);
    const drawn = Array.from({ length: count }, (_, i) => Array.from(out.subarray(0, captureAt(rules, cards, cards.length, value, i, out))));
    expect(drawn.map(String).sort()).toEqual(all.map(String).sort());
  }

  test('countCaptures and captureAt enumerate exactly the legal sets, copies at different positions apart', () => {
    fc.assert(fc.property(tables, values, fc.constantFrom(...counted), enumeratesExactly));
  });

  test('countCaptures and captureAt enumerate exactly the legal sets of every reading (the listed ones merge copies, so one deck)', () => {
    fc.assert(fc.property(oneDeckTables, values, readings, enumeratesExactly));
  });

  test('listCaptures lists every legal set once per distinct set of cards', () => {
    fc.assert(
      fc.property(tables, values, readings, (cards, value, rules) => {
        const distinct = new Set(bruteForce(rules, cards, value).map((set) => set.map((p) => cards[p]).sort((a, b) => a - b).join()));
        const got = listed(rules, cards, value).map((set) => set.map(parseCard).sort((a, b) => a - b).join());
        expect(got.length).toBe(distinct.size);
        expect(new Set(got)).toEqual(distinct);
      }),
    );
  });
});

/** Position lists of equal length, compared position by position. */
function compare(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}
