import { describe, expect, test } from 'vitest';
import type { PlacedDivergence, UnjudgedParts } from '../divergences/compare.ts';
import { changeOf, type GameJudgement } from './judge-game.ts';

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
