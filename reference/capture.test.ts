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

describe('CAP-ACE-TAKES-ALL', () => {
  const assi: CaptureRules = { ...scopa, aceTakesAll: true };
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
});

describe('CAP-AUTO', () => {
  // playpalace.md §3 [verified]: ranks by id 0:2 1:3 2:1 3:4 5:3 6:2; a 6 has 7 options, [0,1,2] is chosen.
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

/** Every subset of the table that totals the target, as position lists: the brute-force reference. */
function bruteForce(rules: CaptureRules, cards: Uint8Array, value: number): number[][] {
  const target = rules.mode === 'fifteen' ? 15 - value : value;
  const all: number[][] = [];
  for (let mask = 1; mask < 1 << cards.length; mask++) {
    const positions = [...cards.keys()].filter((p) => (mask >> p) & 1);
    if (positions.reduce((sum, p) => sum + cardValue(cards[p]), 0) === target) all.push(positions);
  }
  const singles = all.filter((set) => set.length === 1);
  return rules.mode === 'match-or-sum' && rules.rankPriority && singles.length > 0 ? singles : all;
}

const tables = fc.uint8Array({ min: 0, max: 39, minLength: 0, maxLength: 11 });
const values = fc.integer({ min: 1, max: 10 });
const modes = fc.constantFrom(scopa, fifteen);

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

  test('CAP-AUTO exclude-earliest: the largest set that leaves out the earliest positions it can', () => {
    fc.assert(
      fc.property(tables, values, modes, (cards, value, rules) => {
        const all = bruteForce(rules, cards, value);
        const most = Math.max(0, ...all.map((set) => set.length));
        const indicator = (set: number[]) => [...cards.keys()].map((p) => (set.includes(p) ? 1 : 0)).join('');
        const largest = all.filter((set) => set.length === most).sort((a, b) => indicator(a).localeCompare(indicator(b)));
        // A rank match is the first equal card in table order under either tie-break.
        const expected = most === 1 && rules.rankPriority ? all[0] : largest[0];
        expect(automatic({ ...rules, chooser: 'auto', autoTieBreak: 'exclude-earliest' }, cards, value)).toEqual(expected ?? []);
      }),
    );
  });

  test('countCaptures and captureAt enumerate exactly the legal sets', () => {
    fc.assert(
      fc.property(tables, values, modes, (cards, value, rules) => {
        const all = bruteForce(rules, cards, value);
        const count = countCaptures(rules, cards, cards.length, value);
        expect(count).toBe(all.length);
        const out = new Int16Array(cards.length);
        const drawn = Array.from({ length: count }, (_, i) => Array.from(out.subarray(0, captureAt(rules, cards, cards.length, value, i, out))));
        expect(drawn.map(String).sort()).toEqual(all.map(String).sort());
      }),
    );
  });

  test('listCaptures lists every legal set once per distinct set of cards', () => {
    fc.assert(
      fc.property(tables, values, modes, (cards, value, rules) => {
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
