import { describe, expect, test } from 'vitest';
import { legalDecisions, supplyDeck, tableOf } from './engine.ts';
import { eventsOf, lastDeal, play, playScript, refusal, stackedDeck, variantRules } from './test-helpers.ts';
import type { Decision, ErrorCode } from './types.ts';
import { mergePatch } from './variant.ts';


describe('decisions that are refused', () => {
  const pagat = variantRules('pagat');
  // Seat 0 holds 8D 5D 1C; seat 1 holds 2C 3C 4C; the table is 8H 5C 3H 9S.
  const state = lastDeal(pagat, 2, [['8D', '5D', '1C'], ['2C', '3C', '4C']], ['8H', '5C', '3H', '9S']);

  test.each<[string, Decision, ErrorCode | 'ok']>([
    ['NOT_YOUR_TURN: seat 1 decides on seat 0\'s turn', { card: '2C', seat: 1 }, 'NOT_YOUR_TURN'],
    ['CARD_UNKNOWN: "11D" is no card', { card: '11D' }, 'CARD_UNKNOWN'],
    ['CARD_UNKNOWN: a capture naming "KD"', { card: '8D', capture: ['KD'] }, 'CARD_UNKNOWN'],
    ['CARD_NOT_IN_HAND: 2C is seat 1\'s', { card: '2C' }, 'CARD_NOT_IN_HAND'],
    ['CAPTURE_NOT_ON_TABLE: 4S is not on the table', { card: '5D', capture: ['1S', '4S'] }, 'CAPTURE_NOT_ON_TABLE'],
    ['CAPTURE_WRONG_SUM: 3H is not worth 8', { card: '8D', capture: ['3H'] }, 'CAPTURE_WRONG_SUM'],
    ['CAPTURE_RANK_PRIORITY: 5C+3H while 8H lies there', { card: '8D', capture: ['5C', '3H'] }, 'CAPTURE_RANK_PRIORITY'],
    ['MUST_CAPTURE: the 8D can take the 8H', { card: '8D' }, 'MUST_CAPTURE'],
    ['a card that cannot capture is trailed', { card: '1C' }, 'ok'],
    ['the 8D takes the 8H', { card: '8D', capture: ['8H'] }, 'ok'],
    ['the 5D takes the 5C', { card: '5D', capture: ['5C'], seat: 0 }, 'ok'],
  ])('%s', (_, decision, expected) => {
    expect(refusal(state, decision)).toBe(expected);
  });

  test('CAP-COMPULSION any-card: a non-capturing card may not be played while another card can capture', () => {
    const strict = mergePatch(pagat, { capture: { compulsion: 'any-card' } });
    const game = lastDeal(strict, 2, [['8D', '1C'], ['2C', '3C']], ['8H', '5C']);
    expect(refusal(game, { card: '1C' })).toBe('MUST_PLAY_CAPTURING_CARD');
    expect(legalDecisions(game)).toEqual([{ card: '8D', capture: ['8H'] }]);
  });

  test('CAP-AUTO: a named capture must be the automatic one', () => {
    const game = lastDeal(variantRules('playpalace'), 2, [['6D'], ['2C']], ['2D', '3D', '1D', '4D', '3C', '2C']);
    expect(refusal(game, { card: '6D', capture: ['4D', '2C'] })).toBe('CAPTURE_NOT_AUTOMATIC');
    expect(refusal(game, { card: '6D', capture: ['1D', '2D', '3D'] })).toBe('ok');
    expect(refusal(game, { card: '6D' })).toBe('ok');
  });

  test('GAME_OVER, DECK_NEEDED, DECK_NOT_EXPECTED, DECK_NOT_PERMUTATION', () => {
    const started = playScript(pagat, { players: 2 }, [], []);
    expect(refusal(started.state, { card: '1D' })).toBe('DECK_NEEDED');
    const short = supplyDeck(started.state, stackedDeck([]).slice(1));
    expect(short.ok ? 'ok' : [short.error.code, short.error.message]).toEqual([
      'DECK_NOT_PERMUTATION',
      'not a full deck: expected 40 cards, got 39; missing 1D',
    ]);
    const twice = supplyDeck(started.state, [...stackedDeck([]).slice(1), '2D']);
    expect(twice.ok ? 'ok' : twice.error.message).toBe('not a full deck: expected 40 cards, got 40; missing 1D; too many 2D');
    const dealt = lastDeal(pagat, 2, [['1D'], ['2D']], []);
    const again = supplyDeck(dealt, stackedDeck([]));
    expect(again.ok ? 'ok' : again.error.code).toBe('DECK_NOT_EXPECTED');
    dealt.status = 'over';
    expect(refusal(dealt, { card: '1D' })).toBe('GAME_OVER');
  });
});

describe('PLAY-TRAIL and DEAL-TABLE-ORDER', () => {
  test('PLAY-TRAIL a trailed card goes to the end of the table; a capture keeps the rest in order', () => {
    const state = lastDeal(variantRules('pagat'), 2, [['9D', '1C'], ['6C', '2C']], ['3H', '4S', '2S', '5H']);
    play(state, { card: '9D', capture: ['4S', '5H'] });
    expect(tableOf(state)).toEqual(['3H', '2S']);
    play(state, { card: '2C', capture: ['2S'] });
    play(state, { card: '1C' });
    expect(tableOf(state)).toEqual(['3H', '1C']);
  });
});

describe('SWEEP-POINT, SWEEP-LAST-PLAY, SWEEP-REMAINDER', () => {
  test('SWEEP-POINT a capture that empties the table before the last play is a sweep', () => {
    const state = lastDeal(variantRules('pagat'), 2, [['7D', '1C'], ['6C', '2C']], ['1H', '2H', '3H', '1S']);
    expect(play(state, { card: '7D', capture: ['1H', '2H', '3H', '1S'] })).toEqual([
      { type: 'capture', seat: 0, card: '7D', captured: ['1H', '2H', '3H', '1S'] },
      { type: 'sweep', seat: 0, points: 1 },
    ]);
  });

  test('SWEEP-LAST-PLAY pagat: clearing the table with the last card of the round is no sweep', () => {
    const state = lastDeal(variantRules('pagat'), 2, [[], ['7D']], ['3H', '4H'], 1);
    const events = play(state, { card: '7D', capture: ['3H', '4H'] });
    expect(eventsOf(events, 'sweep')).toEqual([]);
    expect(events.find((e) => e.type === 'award' && e.category === 'sweeps')).toMatchObject({ counts: [0, 0] });
  });

  test('SWEEP-LAST-PLAY playpalace: the last card of the round sweeps, and scores at once', () => {
    const state = lastDeal(variantRules('playpalace'), 2, [[], ['7D']], ['3H', '4H'], 1);
    const events = play(state, { card: '7D' });
    expect(events.slice(0, 2)).toEqual([
      { type: 'capture', seat: 1, card: '7D', captured: ['3H', '4H'] },
      { type: 'sweep', seat: 1, points: 1 },
    ]);
  });

  test('SWEEP-REMAINDER the cards left go to the last capturer, as no sweep', () => {
    const state = lastDeal(variantRules('pagat'), 2, [['9D', '1C'], ['6C', '2C']], ['4S', '5H', '8C']);
    play(state, { card: '9D', capture: ['4S', '5H'] });
    play(state, { card: '6C' });
    play(state, { card: '1C' });
    const events = play(state, { card: '2C' });
    expect(eventsOf(events, 'remainder')).toEqual([{ type: 'remainder', seat: 0, cards: ['8C', '6C', '1C', '2C'] }]);
    expect(eventsOf(events, 'sweep')).toEqual([]);
  });

  test('SWEEP-REMAINDER when nobody captured, the cards left are discarded', () => {
    const state = lastDeal(variantRules('pagat'), 2, [['9D'], ['6C']], ['2S']);
    play(state, { card: '9D' });
    const events = play(state, { card: '6C' });
    expect(eventsOf(events, 'remainder')).toEqual([{ type: 'remainder', seat: null, cards: ['2S', '9D', '6C'] }]);
    expect(events.find((e) => e.type === 'award' && e.category === 'cards')).toMatchObject({ counts: [0, 0], points: [0, 0] });
  });
});
