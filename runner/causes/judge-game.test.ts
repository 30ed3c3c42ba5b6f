import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { PlacedDivergence, UnjudgedParts } from '../divergences/compare.ts';
import { changeOf, divergenceKey, type GameJudgement } from './judge-game.ts';

const NOTHING_UNJUDGED: UnjudgedParts = { playsAfter: {}, awards: [], sweepAwards: [], points: [], end: false };

const placed = (rule: string, round: number, play: number): PlacedDivergence =>
  ({ divergence: { kind: 'not-rejected', round, play, eventIndex: 0, rule }, phase: 'play' }) as PlacedDivergence;

/** A game's judgement with these divergences, over `rounds` rounds (what changeOf reads of it). */
const judged = (divergences: PlacedDivergence[], rounds = 3): GameJudgement => ({ divergences, hidden: [], unjudged: NOTHING_UNJUDGED, rounds }) as unknown as GameJudgement;

describe('how a hypothesis changes a game', () => {
  test('a divergence it removes where the game is still judged is removed; one it brings is added', () => {
    expect(changeOf(judged([placed('CAP-COMPULSION', 1, 1)]), judged([]), false)).toEqual({ removed: 1, added: 0 });
    expect(changeOf(judged([]), judged([placed('SWEEP-POINT', 2, 4)]), false)).toEqual({ removed: 0, added: 1 });
    expect(changeOf(judged([placed('CAP-COMPULSION', 1, 1)]), judged([placed('CAP-COMPULSION', 1, 3)]), false)).toEqual({ removed: 0, added: 0 });
  });

  test('a round the game no longer reaches explains nothing', () => {
    expect(changeOf(judged([placed('SCORE-CARD', 3, 0)]), judged([], 2), false)).toEqual({ removed: 0, added: 0 });
  });

  test('a failing game it leaves unjudged adds its divergences; a passing one it leaves unjudged is neither', () => {
    expect(changeOf(judged([placed('CAP-COMPULSION', 1, 1), placed('SCORE-CARD', 2, 0)]), undefined, false)).toEqual({ removed: 0, added: 2 });
    expect(changeOf(judged([]), undefined, false)).toEqual({ removed: 0, added: 0 });
    expect(changeOf(undefined, judged([placed('SWEEP-POINT', 1, 2)]), false)).toEqual({ removed: 0, added: 1 });
  });

  test('for a reading, a divergence removed where the seating already differs is not explained', () => {
    const after = judged([placed('DEAL-DEALER', 1, 0)]);
    expect(changeOf(judged([placed('SWEEP-POINT', 1, 3)]), after, true)).toEqual({ removed: 0, added: 1 });
    expect(changeOf(judged([placed('SWEEP-POINT', 1, 3)]), after, false)).toEqual({ removed: 1, added: 1 });
  });
});

describe('how a hypothesis changes a game: the parts judged', () => {
  const cutAfterPlay2 = { ...NOTHING_UNJUDGED, playsAfter: { 1: { play: 2, eventIndex: 0 } } };

  test('a divergence in a part the new judgement leaves unjudged is not removed; one in a part the old left unjudged is not added', () => {
    const unjudgedAfter = { ...judged([]), unjudged: cutAfterPlay2 } as GameJudgement;
    expect(changeOf(judged([placed('CAP-SUM', 1, 5)]), unjudgedAfter, false)).toEqual({ removed: 0, added: 0 });
    const unjudgedBefore = { ...judged([]), unjudged: cutAfterPlay2 } as GameJudgement;
    expect(changeOf(unjudgedBefore, judged([placed('CAP-SUM', 1, 5)]), false)).toEqual({ removed: 0, added: 0 });
  });

  test('property: only what the new judgement still judges is removed, what is new is added, and an unchanged game changes nothing', () => {
    const divergence = fc.record({ rule: fc.constantFrom('SCORE-CARD', 'CAP-SUM', 'SWEEP-LAST-PLAY', 'DEAL-DEALER'), round: fc.integer({ min: 1, max: 4 }), play: fc.integer({ min: 0, max: 12 }) });
    const judgement = fc.record({ rounds: fc.integer({ min: 1, max: 4 }), list: fc.uniqueArray(divergence, { selector: ({ rule, round }) => `${rule}@${round}`, maxLength: 6 }) });
    fc.assert(
      fc.property(judgement, judgement, fc.boolean(), (old, now, seated) => {
        const before = judged(old.list.map(({ rule, round, play }) => placed(rule, round, play)), old.rounds);
        const after = judged(now.list.map(({ rule, round, play }) => placed(rule, round, play)), now.rounds);
        const [was, is] = [new Set(before.divergences.map(divergenceKey)), new Set(after.divergences.map(divergenceKey))];
        const removable = before.divergences.filter((one) => !is.has(divergenceKey(one)) && one.divergence.round <= now.rounds).length;
        const { removed, added } = changeOf(before, after, seated);
        expect(seated ? removed <= removable : removed === removable).toBe(true);
        expect(added).toBe(after.divergences.filter((one) => !was.has(divergenceKey(one))).length);
        expect(changeOf(before, before, seated)).toEqual({ removed: 0, added: 0 });
      }),
    );
  });
});
