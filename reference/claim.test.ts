import { describe, expect, test } from 'vitest';
import { GameSession, legalDecisions, tableOf } from './engine.ts';
import { Rng } from './rng.ts';
import { eventsOf, lastDeal, play, refusal, resolvedVariant, variantRules } from './test-helpers.ts';
import type { Decision, ErrorCode } from './types.ts';
import { applyOptions, checkRules, mergePatch } from './variant.ts';


const anyFifteen = variantRules('escoba-playjoy');
const afterDiscard = variantRules('escoba-vipgames');

describe('CAP-TABLE-CLAIM the knob and the option', () => {
  test('escoba has no claims unless its option says so; the reading variants set the knob', () => {
    expect(variantRules('escoba').capture.tableClaim).toBe('none');
    expect(variantRules('escoba', { tableClaim: 'after-discard' }).capture.tableClaim).toBe('after-discard');
    expect(anyFifteen.capture.tableClaim).toBe('any-fifteen');
    expect(afterDiscard.capture.tableClaim).toBe('after-discard');
    // The reading variant's knob is its inherited option's default, so the option can still turn it off.
    expect(resolvedVariant('escoba-vipgames').options.find((option) => option.name === 'tableClaim')?.default).toBe('after-discard');
    const off = applyOptions(resolvedVariant('escoba-vipgames'), { tableClaim: 'none' });
    expect(off.ok && off.value.capture.tableClaim).toBe('none');
  });

  test('claims make 15, so only the fifteen capture mode has them', () => {
    expect(checkRules(mergePatch(variantRules('pagat'), { capture: { tableClaim: 'any-fifteen' } }))).toBe(
      'capture.tableClaim "any-fifteen" claims table cards making 15, which only capture.mode "fifteen" plays',
    );
  });
});

describe('CAP-TABLE-CLAIM refusals, in the registry order', () => {
  // Seat 0 holds 9S 3D; the table is 7H 8S 2C 5S: 7H + 8S and 8S + 2C + 5S make 15.
  const hands = [['9S', '3D'], ['10H', '1C']];
  const table = ['7H', '8S', '2C', '5S'];

  test.each<[string, Decision, ErrorCode | 'ok']>([
    ['NOT_YOUR_TURN first', { claim: ['7H', '8S'], seat: 1 }, 'NOT_YOUR_TURN'],
    ['CARD_UNKNOWN: a claim of "KD"', { claim: ['KD', '5S'] }, 'CARD_UNKNOWN'],
    ['CARD_UNKNOWN: a claim that is no list', { claim: '7H 8S' as unknown as string[] }, 'CARD_UNKNOWN'],
    ['CLAIM_NOT_ON_TABLE: 7D is not there', { claim: ['7D', '8S'] }, 'CLAIM_NOT_ON_TABLE'],
    ['CLAIM_NOT_ON_TABLE: 8S is there once', { claim: ['8S', '8S'] }, 'CLAIM_NOT_ON_TABLE'],
    ['CLAIM_NOT_FIFTEEN: 7 + 2 + 5 is 14', { claim: ['7H', '2C', '5S'] }, 'CLAIM_NOT_FIFTEEN'],
    ['CLAIM_NOT_FIFTEEN: nothing named', { claim: [] }, 'CLAIM_NOT_FIFTEEN'],
    ['a claim of 7H 8S', { claim: ['8S', '7H'], seat: 0 }, 'ok'],
  ])('any-fifteen: %s', (_, decision, expected) => {
    expect(refusal(lastDeal(anyFifteen, 2, hands, table), decision)).toBe(expected);
  });

  test('CLAIM_OFF where the rules have no claims, before the cards are looked at', () => {
    const state = lastDeal(variantRules('escoba'), 2, hands, table);
    expect(refusal(state, { claim: ['7H', '8S'] })).toBe('CLAIM_OFF');
    expect(refusal(state, { claim: ['KD'] })).toBe('CLAIM_OFF');
  });

  test('CLAIM_TWICE: one claim a turn, before the cards are looked at; the play is still due', () => {
    const state = lastDeal(anyFifteen, 2, hands, ['7H', '8S', '2C', '5S', '6D', '9D']);
    play(state, { claim: ['7H', '8S'] });
    expect(state.turn).toBe(0);
    expect(refusal(state, { claim: ['6D', '9D'] })).toBe('CLAIM_TWICE');
    expect(refusal(state, { claim: ['KD'] })).toBe('CLAIM_TWICE');
    play(state, { card: '3D' });
    expect(state.turn).toBe(1);
    expect(refusal(state, { claim: ['6D', '9D'] })).toBe('ok');
  });

  test('CLAIM_NOT_LEFT: under after-discard, no claim before any trail, nor after a trail that could not capture', () => {
    const state = lastDeal(afterDiscard, 2, hands, table);
    expect(refusal(state, { claim: ['7H', '8S'] })).toBe('CLAIM_NOT_LEFT');
    play(state, { card: '9S' });
    expect(refusal(state, { claim: ['7H', '8S'] })).toBe('CLAIM_NOT_LEFT');
  });

  test('CLAIM_NOT_LEFT: the claim must take the card trailed, and only the next player may claim it', () => {
    // 10H could take 5S, and is trailed: 10H + 5S is left, and so is 7H + 8S, which 10H has no part in.
    const state = lastDeal(afterDiscard, 2, [['10H', '3D'], ['9S', '1C']], table);
    play(state, { card: '10H' });
    expect(refusal(state, { claim: ['7H', '8S'] })).toBe('CLAIM_NOT_LEFT');
    expect(refusal(state, { claim: ['5S', '10H'] })).toBe('ok');
    // Seat 1 plays on without claiming: the 10H is no longer left for anyone.
    play(state, { card: '1C' });
    expect(refusal(state, { claim: ['5S', '10H'] })).toBe('CLAIM_NOT_LEFT');
  });
});

describe('CAP-TABLE-CLAIM taking the cards', () => {
  test('a claim takes the cards for the claimer, who is then the last capturer, and plays after it', () => {
    const state = lastDeal(anyFifteen, 2, [['9S'], ['1C']], ['7H', '8S', '2C', '4D']);
    expect(play(state, { claim: ['8S', '7H'] })).toEqual([{ type: 'claim', seat: 0, captured: ['7H', '8S'] }]);
    expect(tableOf(state)).toEqual(['2C', '4D']);
    expect(play(state, { card: '9S' })).toEqual([{ type: 'trail', seat: 0, card: '9S' }]);
    const events = play(state, { card: '1C' });
    // Nobody captured but the claim: the remainder goes to the claimer, and its pile counts the cards claimed.
    expect(eventsOf(events, 'remainder')).toEqual([{ type: 'remainder', seat: 0, cards: ['2C', '4D', '9S', '1C'] }]);
    expect(events.find((event) => event.type === 'award' && event.category === 'cards')).toMatchObject({ counts: [6, 0] });
  });

  test('a claim that empties the table is an escoba; the play after it trails onto the empty table', () => {
    const state = lastDeal(anyFifteen, 2, [['10S', '3D'], ['1C', '4C']], ['7H', '8S']);
    expect(play(state, { claim: ['7H', '8S'] })).toEqual([
      { type: 'claim', seat: 0, captured: ['7H', '8S'] },
      { type: 'sweep', seat: 0, points: 1 },
    ]);
    expect(legalDecisions(state)).toEqual([{ card: '10S' }, { card: '3D' }]);
    expect(play(state, { card: '10S' })).toEqual([{ type: 'trail', seat: 0, card: '10S' }]);
  });

  test('after-discard: the claim of the card trailed and what it could have taken', () => {
    const state = lastDeal(afterDiscard, 2, [['10H', '3D'], ['9S', '1C']], ['7H', '8S', '2C', '5S']);
    play(state, { card: '10H' });
    expect(play(state, { claim: ['10H', '5S'] })).toEqual([{ type: 'claim', seat: 1, captured: ['5S', '10H'] }]);
    expect(tableOf(state)).toEqual(['7H', '8S', '2C']);
  });
});

describe('CAP-TABLE-CLAIM legal decisions', () => {
  test('any-fifteen lists every claim of the table after the plays; none once the seat has claimed', () => {
    const state = lastDeal(anyFifteen, 2, [['9C'], ['1C']], ['7H', '8S', '2C', '5S']);
    expect(legalDecisions(state)).toEqual([{ card: '9C' }, { claim: ['7H', '8S'] }, { claim: ['8S', '2C', '5S'] }]);
    play(state, { claim: ['7H', '8S'] });
    expect(legalDecisions(state)).toEqual([{ card: '9C' }]);
  });

  test('after-discard lists the claims that take the card trailed, where it could have captured', () => {
    const state = lastDeal(afterDiscard, 2, [['6H', '1S'], ['4D']], ['7H', '8S', '2C', '1D']);
    expect(legalDecisions(state).filter((decision) => 'claim' in decision)).toEqual([]);
    // 6H could take 7H + 2C or 8S + 1D (6 + 7 + 2 = 6 + 8 + 1 = 15): trailed, it is left with either.
    play(state, { card: '6H' });
    expect(legalDecisions(state).filter((decision) => 'claim' in decision)).toEqual([
      { claim: ['7H', '2C', '6H'] },
      { claim: ['8S', '1D', '6H'] },
    ]);
  });
});

describe('CAP-TABLE-CLAIM in self-play', () => {
  test('random play draws claims where the rules have them, and never where they do not', () => {
    const claimsIn = (id: string): number => {
      const rules = variantRules(id);
      const session = GameSession.start(rules, { players: 2, firstDealer: 1 });
      if (!session.ok) throw new Error(session.error.message);
      const rng = new Rng(7);
      let claims = 0;
      while (session.value.current.status !== 'over') {
        if (session.value.current.status === 'awaiting-deck') session.value.supplyShuffledDeck(rng);
        else claims += eventsOf(session.value.playRandomDecision(rng).events, 'claim').length;
      }
      return claims;
    };
    expect(claimsIn('escoba-playjoy')).toBeGreaterThan(0);
    expect(claimsIn('escoba-vipgames')).toBeGreaterThan(0);
    expect(claimsIn('escoba')).toBe(0);
  });
});
