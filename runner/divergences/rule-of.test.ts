/**
 * Which rule a divergence names: every error code, every way an end, an award and a pair of events can differ,
 * and the knobs that change the answer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { type Category, type GameEvent, RULE_IDS, type Rules } from '../../reference/index.ts';
import { awardRule, CATEGORY_RULES, END_RULES, endRule, eventRule, roundEndRule, ruleOfErrorCode } from './rule-of.ts';
import { variantRules } from '../test-helpers.ts';
import { SPEC_DIR } from '../util/repo-paths.ts';

const pagat = variantRules('pagat');
const withEnd = (end: Partial<Rules['end']>): Rules => ({ ...pagat, end: { ...pagat.end, ...end } });
const withCategories = (categories: Category[], copies = 1): Rules => ({ ...pagat, deck: { ...pagat.deck, copies }, scoring: { ...pagat.scoring, categories } });

describe('the rule of an error code', () => {
  test.each([
    ['VARIANT_UNKNOWN', undefined],
    ['VARIANT_CYCLE', undefined],
    ['VARIANT_INCONSISTENT', undefined],
    ['OPTION_UNKNOWN', undefined],
    ['OPTION_VALUE', undefined],
    ['SETUP_PLAYERS', 'TEAM-SEATS'],
    ['SETUP_TEAM_MODE', 'TEAM-PARTNERS'],
    ['SETUP_DEALER', 'DEAL-DEALER'],
    ['SETUP_DEAL_SIZE', 'DEAL-TABLE-SIZE'],
    ['DECK_NOT_EXPECTED', 'DEAL-PROCEDURE'],
    ['DECK_NOT_PERMUTATION', 'DECK-COPIES'],
    ['GAME_OVER', 'PLAY-TURN'],
    ['DECK_NEEDED', 'DEAL-PROCEDURE'],
    ['NOT_YOUR_TURN', 'PLAY-TURN'],
    ['CLAIM_OFF', 'CAP-TABLE-CLAIM'],
    ['CLAIM_TWICE', 'CAP-TABLE-CLAIM'],
    ['CARD_UNKNOWN', 'DECK-CARDS'],
    ['CARD_NOT_IN_HAND', 'PLAY-TURN'],
    ['CAPTURE_NOT_ON_TABLE', 'CAP-CHOICE'],
    ['CAPTURE_NOT_WHOLE_TABLE', 'CAP-ACE-TAKES-ALL'],
    ['CAPTURE_WRONG_SUM', 'CAP-SUM'],
    ['CAPTURE_RANK_PRIORITY', 'CAP-RANK-PRIORITY'],
    ['CAPTURE_NOT_AUTOMATIC', 'CAP-AUTO'],
    ['MUST_CAPTURE', 'CAP-COMPULSION'],
    ['MUST_PLAY_CAPTURING_CARD', 'CAP-COMPULSION'],
    ['CLAIM_NOT_ON_TABLE', 'CAP-TABLE-CLAIM'],
    ['CLAIM_NOT_FIFTEEN', 'CAP-TABLE-CLAIM'],
    ['CLAIM_NOT_LEFT', 'CAP-TABLE-CLAIM'],
    ['NO_SUCH_CODE', undefined],
    ['toString', undefined],
  ])('%s: %s', (code, rule) => {
    expect(ruleOfErrorCode(code, pagat)).toBe(rule);
  });

  test('CAPTURE_WRONG_SUM in fifteen mode: CAP-FIFTEEN', () => {
    expect(ruleOfErrorCode('CAPTURE_WRONG_SUM', variantRules('escoba'))).toBe('CAP-FIFTEEN');
  });
});

test('the rule of each category kind and each way a game ends: SCORE- or END- and its name, a rule of the spec', () => {
  const enumOf = (file: string, name: string): string[] =>
    (JSON.parse(readFileSync(join(SPEC_DIR, file), 'utf8')) as { $defs: Record<string, { enum: string[] }> }).$defs[name]?.enum ?? [];
  const kinds = enumOf('variant.schema.json', 'categoryKind');
  const reasons = enumOf('fixture.schema.json', 'gameEndReason');
  expect(CATEGORY_RULES).toEqual(Object.fromEntries(kinds.map((kind) => [kind, `SCORE-${kind.toUpperCase()}`])));
  expect(END_RULES).toEqual(Object.fromEntries(reasons.map((reason) => [reason, `END-${reason.toUpperCase()}`])));
  for (const rule of [...Object.values(CATEGORY_RULES), ...Object.values(END_RULES)]) expect(RULE_IDS).toContain(rule);
  expect(kinds).toHaveLength(10);
  expect(reasons).toHaveLength(6);
});

describe('the rule of an end that differs', () => {
  const end = (winner: number | null, totals: number[], extra: object = {}) => ({ reason: 'target' as const, winner, ranking: [0, 1], totals, ...extra });
  test.each([
    ['a reason other than the target, expected', { ...end(0, [11, 3]), reason: 'counting-out' as const }, end(0, [11, 3]), pagat, 'END-COUNTING-OUT'],
    ['a reason other than the target, actual', end(0, [11, 3]), { ...end(0, [11, 3]), reason: 'instant-win' as const }, pagat, 'END-INSTANT-WIN'],
    ['the expected reason first', { ...end(0, [11, 3]), reason: 'inverse' as const }, { ...end(0, [11, 3]), reason: 'single-round' as const }, pagat, 'END-INVERSE'],
    ['a game won by holding every coin, not played on', { ...end(0, [12, 0]), reason: 'holding-all' as const }, undefined, pagat, 'END-HOLDING-ALL'],
    ['a reason nobody knows is no reason', { ...end(0, [11, 3]), reason: 'luck' as never }, end(1, [3, 11]), pagat, 'END-TARGET'],
    ['the same winner, another ranking', end(0, [11, 3], { ranking: [0, 1] }), end(0, [11, 3], { ranking: [1, 0] }), pagat, 'END-RANKING'],
    ['the same winner and ranking', end(0, [11, 3]), end(0, [12, 3]), pagat, 'END-TARGET'],
    ['the same winner, no ranking expected', { winner: 0 }, end(0, [11, 3], { ranking: [1, 0] }), pagat, 'END-TARGET'],
    ['another winner on a tie at the top past the target, with tie-breaks', end(0, [11, 11]), end(null, [11, 11]), withEnd({ tieBreaks: ['cards'] }), 'END-TIE-BREAKS'],
    ['another winner on a tie at the top past the target, without', end(0, [11, 11]), end(null, [11, 11]), pagat, 'END-EXACT-TIE'],
    ['a tie at the top below the target', end(0, [10, 10]), end(null, [10, 10]), pagat, 'END-TARGET'],
    ['a tie below the top', end(0, [12, 11, 11]), end(1, [12, 11, 11]), pagat, 'END-TARGET'],
    ['the actual totals where none are expected', { winner: 0 }, end(null, [11, 11]), pagat, 'END-EXACT-TIE'],
    ['no totals at all', { winner: 0 }, { winner: 1 }, pagat, 'END-TARGET'],
    ['empty totals', end(0, []), end(1, []), pagat, 'END-TARGET'],
    ['totals that are not numbers', end(0, ['11', '11'] as never), end(1, ['11', '11'] as never), pagat, 'END-TARGET'],
    ['no end expected', undefined, end(null, [11, 11]), pagat, 'END-EXACT-TIE'],
    ['no end came', end(0, [11, 11]), undefined, pagat, 'END-EXACT-TIE'],
    ['neither', undefined, undefined, pagat, 'END-TARGET'],
  ])('%s: %s', (_, expected, actual, rules, rule) => {
    expect(endRule(expected, actual, rules)).toBe(rule);
  });
});

describe('the rule of a category scored differently', () => {
  const categories: Category[] = [
    { id: 'cards', kind: 'most-cards', points: 1, ties: 'nobody' },
    { id: 'coins', kind: 'most-coins', points: 1, ties: 'nobody' },
    { id: 'sevens', kind: 'most-sevens', points: 1, ties: 'nobody' },
    { id: 'all-coins', kind: 'all-coins', points: 1, combine: 'instead-of-most' },
    { id: 'all-sevens', kind: 'all-sevens', points: 1, combine: 'instead-of-most' },
    { id: 'sweeps', kind: 'sweeps' },
  ];
  const rules = withCategories(categories);
  const figures = (counts: number[], points: number[] = counts.map(() => 0)) => ({ counts, points });
  test.each([
    ['a category the rules do not have', 'bonus', figures([1, 0]), figures([0, 1]), rules, undefined],
    ['counts per player against counts per side', 'cards', figures([20, 20]), figures([10, 10, 10, 10]), rules, 'TEAM-POOLING'],
    ['points differing on counts tied at the top', 'cards', figures([20, 20]), figures([20, 20], [1, 0]), rules, 'SCORE-TIES'],
    ['a tie at zero is no tie', 'cards', figures([0, 0]), figures([0, 0], [1, 0]), rules, 'SCORE-MOST-CARDS'],
    ['a tie below the top is no tie', 'cards', figures([20, 10, 10]), figures([20, 10, 10], [0, 1, 0]), rules, 'SCORE-MOST-CARDS'],
    ['counts that differ', 'cards', figures([21, 19]), figures([20, 20]), rules, 'SCORE-MOST-CARDS'],
    ['only the expected counts', 'cards', { counts: [20, 20] }, undefined, rules, 'SCORE-TIES'],
    ['only the actual counts, tied', 'cards', { points: [1, 0] }, figures([20, 20]), rules, 'SCORE-TIES'],
    ['no counts', 'cards', { points: [1, 0] }, undefined, rules, 'SCORE-MOST-CARDS'],
    ['sweeps tied are not SCORE-TIES', 'sweeps', figures([1, 1]), figures([1, 1], [1, 0]), rules, 'SCORE-SWEEPS'],
    ['most coins where one side has them all, replaced by the bonus', 'coins', figures([10, 0], [1, 0]), figures([10, 0]), rules, 'SCORE-ALL-COINS'],
    ['most sevens where one side has all four, replaced by the bonus', 'sevens', figures([4, 0], [1, 0]), figures([4, 0]), rules, 'SCORE-ALL-SEVENS'],
    ['most coins short of all of them', 'coins', figures([9, 1], [1, 0]), figures([9, 1]), rules, 'SCORE-MOST-COINS'],
    ['most sevens short of all of them', 'sevens', figures([3, 1], [1, 0]), figures([3, 1]), rules, 'SCORE-MOST-SEVENS'],
    [
      'a bonus that adds to the most, not instead (another bonus replacing its own most is not this one)',
      'coins',
      figures([10, 0], [1, 0]),
      figures([10, 0]),
      withCategories([categories[1] as Category, { id: 'all-coins', kind: 'all-coins', points: 1, combine: 'in-addition' }, categories[4] as Category]),
      'SCORE-MOST-COINS',
    ],
    ['most cards, four of them: no bonus replaces it', 'cards', figures([4, 1], [1, 0]), figures([4, 1], [0, 1]), rules, 'SCORE-MOST-CARDS'],
    ['an award the fixture does not expect: the engine\'s counts, tied', 'cards', undefined, figures([20, 20], [1, 0]), rules, 'SCORE-TIES'],
    ['all of two decks\' coins', 'coins', figures([20, 0], [1, 0]), figures([20, 0]), withCategories(categories, 2), 'SCORE-ALL-COINS'],
    ['ten coins of two decks is not all', 'coins', figures([10, 10], [1, 0]), figures([10, 9]), withCategories(categories, 2), 'SCORE-MOST-COINS'],
    ['all of two decks\' sevens', 'sevens', figures([8, 0], [1, 0]), figures([8, 0]), withCategories(categories, 2), 'SCORE-ALL-SEVENS'],
    ['a bonus category itself', 'all-coins', figures([10, 0], [1, 0]), figures([10, 0]), rules, 'SCORE-ALL-COINS'],
    [
      'equal sevens that other values decide',
      'sevens',
      figures([2, 2], [1, 0]),
      figures([2, 2], [1, 1]),
      withCategories([{ id: 'sevens', kind: 'most-sevens', points: 1, ties: 'each', tieRanks: [6, 1, 5] }, categories[5] as Category]),
      'SCORE-MOST-SEVENS',
    ],
  ])('%s', (_, category, expected, actual, given, rule) => {
    expect(awardRule(category, expected, actual, given)).toBe(rule);
  });
});

describe('the rule of two events that differ', () => {
  const capture: GameEvent = { type: 'capture', seat: 0, card: '7C', captured: ['7H'] };
  const trail: GameEvent = { type: 'trail', seat: 0, card: '7C' };
  const cirullaAuto = variantRules('cirulla', { autoCapture: true });
  const sweep: GameEvent = { type: 'sweep', seat: 0, points: 1 };
  const bonus: GameEvent = { type: 'table-bonus', round: 1, seat: 1, cards: ['5D', '10C'], sweeps: 1 };
  const remainder: GameEvent = { type: 'remainder', seat: 0, cards: [] };
  const claim: GameEvent = { type: 'claim', seat: 1, captured: ['7H', '8S'] };
  const deal: GameEvent = { type: 'deal', round: 1, deal: 1, dealer: 1, hands: [['1D'], ['2D']], table: ['3D', '4D'] };
  const end: GameEvent = { type: 'game-end', reason: 'target', winner: 0, ranking: [0, 1], totals: [11, 3] };
  const roundEndTied: GameEvent = { type: 'round-end', round: 3, points: [4, 5], totals: [11, 11] };
  const coins: GameEvent = { type: 'award', round: 1, category: 'coins', counts: [6, 4], points: [1, 0] };
  const at = (expectedStream: GameEvent[], expectedAt: number, actualStream: GameEvent[] = [], actualAt = 0) => ({ expectedStream, expectedAt, actualStream, actualAt });
  const none = at([], 0);

  test.each<[string, GameEvent | undefined, GameEvent | undefined, ReturnType<typeof at>, Rules, string | undefined]>([
    ['a sweep after a table bonus, in the expected stream', sweep, undefined, at([bonus, sweep], 1), pagat, 'TABLE-BONUS-FIFTEEN'],
    ['a sweep after a table bonus and its sweeps, in the engine\'s', undefined, sweep, at([], 0, [bonus, sweep, sweep], 2), pagat, 'TABLE-BONUS-FIFTEEN'],
    ['a sweep after another event is not the bonus\'s', sweep, undefined, at([bonus, deal, sweep], 2), pagat, 'SWEEP-POINT'],
    ['a sweep after a claim, in the expected stream', sweep, undefined, at([trail, claim, sweep], 2), pagat, 'CAP-TABLE-CLAIM'],
    ['a sweep after a claim, in the engine\'s', undefined, sweep, at([], 0, [claim, sweep], 1), pagat, 'CAP-TABLE-CLAIM'],
    ['another claim', claim, { ...claim, captured: ['7H', '2C', '6S'] }, none, pagat, 'CAP-TABLE-CLAIM'],
    ['a claim against a capture: the claim decides', claim, capture, none, pagat, 'CAP-TABLE-CLAIM'],
    ['two sweeps that differ: what it is worth', sweep, { ...sweep, points: 2 }, none, pagat, 'SWEEP-POINT'],
    ['a sweep on the last play (expected stream goes on to the remainder)', sweep, undefined, at([capture, sweep, remainder], 1), pagat, 'SWEEP-LAST-PLAY'],
    ['a sweep on the last play (engine\'s stream, past other sweeps)', undefined, sweep, at([], 0, [capture, sweep, sweep, remainder], 1), pagat, 'SWEEP-LAST-PLAY'],
    ['a sweep before another play', sweep, undefined, at([capture, sweep, trail], 1), pagat, 'SWEEP-POINT'],
    [
      'the engine\'s sweep on a last play, where the expected stream is at the next deal\'s declaration: read in the engine\'s stream',
      undefined,
      sweep,
      at([capture, remainder, deal, { type: 'declaration', round: 2, seat: 0, kind: 'low', cards: ['1D', '2D', '3D'], sweeps: 3 }, trail], 4, [capture, sweep, remainder], 1),
      variantRules('cirulla'),
      'SWEEP-LAST-PLAY',
    ],
    ['a sweep at the end of the stream', undefined, sweep, at([], 0, [capture, sweep], 1), pagat, 'SWEEP-POINT'],
    ['a sweep against a capture: the sweep decides', sweep, capture, none, pagat, 'SWEEP-POINT'],
    ['a game-end and a capture: the end decides', { type: 'game-end', reason: 'instant-win', winner: 0, ranking: [0, 1], totals: [1, 0] }, capture, none, pagat, 'END-INSTANT-WIN'],
    ['a missing game-end', { type: 'game-end', reason: 'target', winner: 0, ranking: [0, 1], totals: [11, 11] }, undefined, none, pagat, 'END-EXACT-TIE'],
    ['a redeal: the rule it carries', undefined, { type: 'redeal', round: 1, rule: 'TABLE-REDEAL-KINGS', table: [] }, none, pagat, 'TABLE-REDEAL-KINGS'],
    ['a redeal against a deal: the redeal decides', { type: 'redeal', round: 1, rule: 'TABLE-REDEAL-TENS' as never, table: [] }, deal, none, pagat, 'TABLE-REDEAL-TENS'],
    ['a table bonus', bonus, undefined, none, pagat, 'TABLE-BONUS-FIFTEEN'],
    ['another seat plays', capture, { ...capture, seat: 1 }, none, pagat, 'PLAY-TURN'],
    ['another card played', capture, { ...trail, card: '5S' }, none, pagat, 'PLAY-TURN'],
    ['two trails that differ otherwise', trail, { ...trail, extra: 1 } as GameEvent, none, pagat, 'PLAY-TRAIL'],
    ['a capture for a trail', trail, capture, none, pagat, 'PLAY-TRAIL'],
    ['a trail for a capture', capture, trail, none, pagat, 'CAP-CHOICE'],
    ['another capture', capture, { ...capture, captured: ['7S'] }, none, pagat, 'CAP-CHOICE'],
    ['a missing capture', capture, undefined, none, pagat, 'CAP-CHOICE'],
    ['a missing trail', trail, undefined, none, pagat, 'PLAY-TRAIL'],
    ['a capture where capture is automatic', capture, { ...capture, captured: ['7S'] }, none, variantRules('playpalace'), 'CAP-AUTO'],
    ['a trail for a capture where capture is automatic: the rule of the capture missed', capture, trail, none, variantRules('playpalace'), 'CAP-RANK'],
    ['an automatic Cirulla engine missing a 15 of more cards, taking a sum', { ...capture, card: '5C', captured: ['2D', '5D', '3S'] }, { ...capture, card: '5C', captured: ['2D', '3S'] }, none, cirullaAuto, 'CAP-FIFTEEN'],
    ['an automatic Cirulla engine taking more cards, which make neither 7 nor 15: the 15 of the mode', { ...capture, card: '7C', captured: ['2D', '5D'] }, { ...capture, card: '7C', captured: ['2D', '5D', '4S'] }, none, cirullaAuto, 'CAP-FIFTEEN'],
    ['an automatic Escoba engine taking an 8 alone where 3 and 5, more cards, make the 15: the 15 it missed', { ...capture, captured: ['3S', '5S'] }, { ...capture, captured: ['8S'] }, none, variantRules('playpalace', { escoba: true }), 'CAP-FIFTEEN'],
    ['an automatic Cirulla engine taking the 15 of as many cards as the sum it should take', { ...capture, card: '7C', captured: ['2D', '5D'] }, { ...capture, card: '7C', captured: ['5D', '3S'] }, none, cirullaAuto, 'CAP-AUTO'],
    ['an automatic engine taking a sum over the match rank priority keeps', capture, { ...capture, captured: ['3S', '4S'] }, none, variantRules('playpalace'), 'CAP-RANK-PRIORITY'],
    ['two trails where capture is automatic', trail, { ...trail, extra: 1 } as GameEvent, none, variantRules('playpalace'), 'PLAY-TRAIL'],
    ['another dealer', deal, { ...deal, dealer: 0 }, none, pagat, 'DEAL-DEALER'],
    ['the table in another order', deal, { ...deal, table: ['4D', '3D'] }, none, pagat, 'DEAL-TABLE-ORDER'],
    ['the table in another order, other hands too', deal, { ...deal, table: ['4D', '3D'], hands: [['2D'], ['1D']] }, none, pagat, 'DEAL-PROCEDURE'],
    ['the table in another order on another deal: the expected deal decides', { ...deal, deal: 2 }, { ...deal, table: ['4D', '3D'] }, none, pagat, 'DEAL-REFILL'],
    ['the table in another order on another deal: a first deal', deal, { ...deal, deal: 2, table: ['4D', '3D'] }, none, pagat, 'DEAL-PROCEDURE'],
    ['another table', deal, { ...deal, table: ['4D', '5D'] }, none, pagat, 'DEAL-PROCEDURE'],
    ['a table that is not a list', deal, { ...deal, table: '3D 4D' as never }, none, pagat, 'DEAL-PROCEDURE'],
    ['a later deal', { ...deal, deal: 2 }, undefined, none, pagat, 'DEAL-REFILL'],
    ['a first deal missing', undefined, deal, none, pagat, 'DEAL-PROCEDURE'],
    ['a remainder', remainder, { ...remainder, seat: 1 }, none, pagat, 'SWEEP-REMAINDER'],
    ['a missing award under counting out', { type: 'award', round: 1, category: 'cards', counts: [20, 20], points: [0, 0] }, undefined, none, withEnd({ countingOut: true }), 'END-COUNTING-OUT'],
    ['an extra award under counting out', undefined, { type: 'award', round: 1, category: 'cards', counts: [20, 20], points: [0, 0] }, none, withEnd({ countingOut: true }), 'END-COUNTING-OUT'],
    ['a missing award', { type: 'award', round: 1, category: 'cards', counts: [20, 20], points: [0, 0] }, undefined, none, pagat, 'SCORE-TIES'],
    ['awards of two categories: the expected one\'s', { type: 'award', round: 1, category: 'coins', counts: [5, 5], points: [0, 0] }, { type: 'award', round: 1, category: 'cards', counts: [5, 5], points: [0, 0] }, none, pagat, 'SCORE-MOST-COINS'],
    ['an award that differs', { type: 'award', round: 1, category: 'coins', counts: [6, 4], points: [1, 0] }, { type: 'award', round: 1, category: 'coins', counts: [6, 4], points: [0, 1] }, none, pagat, 'SCORE-MOST-COINS'],
    ['eliminations that differ', { type: 'round-end', round: 1, points: [1, 0], totals: [1, 0], eliminated: [1] }, { type: 'round-end', round: 1, points: [1, 0], totals: [1, 0] }, none, pagat, 'END-INVERSE'],
    ['no eliminations against none', { type: 'round-end', round: 1, points: [1, 0], totals: [1, 0], eliminated: [] }, { type: 'round-end', round: 1, points: [2, 0], totals: [2, 0] }, none, pagat, undefined],
    ['a round-end with immediate sweeps', { type: 'round-end', round: 1, points: [1, 0], totals: [1, 0] }, undefined, none, { ...pagat, sweep: { ...pagat.sweep, timing: 'immediate' } }, 'SWEEP-TIMING'],
    ['two sweeps that differ on the last play: still what it is worth', sweep, { ...sweep, points: 2 }, at([capture, sweep, remainder], 1, [capture, { ...sweep, points: 2 }, remainder], 1), pagat, 'SWEEP-POINT'],
    ['a game-end where a round-end is expected: the game-end\'s totals, not the round-end\'s tie', roundEndTied, { ...end, totals: [12, 11] }, none, pagat, 'END-TARGET'],
    ['an expected game-end against a capture: a capture\'s field named reason is not read', end, { ...capture, reason: 'instant-win' } as GameEvent, none, pagat, 'END-TARGET'],
    ['a capture where the round should end: as a capture not expected', remainder, capture, none, pagat, 'CAP-CHOICE'],
    ['the round ended where a capture is expected: as a capture missing', capture, remainder, none, pagat, 'CAP-CHOICE'],
    ['a capture for a trail where capture is automatic: the rule of the capture made', trail, capture, none, variantRules('playpalace'), 'CAP-RANK'],
    ['a new deal where the round should end: the deal\'s own rule', remainder, { ...deal, deal: 2 }, none, pagat, 'DEAL-REFILL'],
    ['the round ended where a new deal is expected: the deal\'s own rule', { ...deal, deal: 2 }, remainder, none, pagat, 'DEAL-REFILL'],
    ['an award where the round-end is expected: the award\'s category', roundEndTied, coins, none, pagat, 'SCORE-MOST-COINS'],
    ['a round-end where an award is expected: as the award missing, its tied counts read', { ...coins, counts: [5, 5] }, roundEndTied, none, pagat, 'SCORE-TIES'],
    ['two awards that differ under counting out: the category\'s rule', coins, { ...coins, points: [0, 1] }, none, withEnd({ countingOut: true }), 'SCORE-MOST-COINS'],
    ['an event of no known type against a round-end with eliminations: as no event', { type: 'mystery' } as unknown as GameEvent, { ...roundEndTied, eliminated: [1] }, none, pagat, undefined],
    ['a round-end with eliminations against an event of no known type: as no event', { ...roundEndTied, eliminated: [1] }, { type: 'mystery' } as unknown as GameEvent, none, pagat, undefined],
    ['events of no known type', { type: 'mystery' } as unknown as GameEvent, { type: 'riddle' } as unknown as GameEvent, none, pagat, undefined],
    ['nothing at all', undefined, undefined, none, pagat, undefined],
  ])('%s', (_, expected, actual, surroundings, rules, rule) => {
    expect(eventRule(expected, actual, rules, surroundings)).toBe(rule);
  });
});

test('the rule of a round\'s points: sweeps scored as made, then the table bonus, else none', () => {
  const immediate: Rules = { ...pagat, sweep: { ...pagat.sweep, timing: 'immediate' } };
  const bonus: Rules = { ...pagat, openingTable: { ...pagat.openingTable, bonus: { ...pagat.openingTable.bonus, enabled: true } } };
  expect(roundEndRule(immediate)).toBe('SWEEP-TIMING');
  expect(roundEndRule({ ...bonus, sweep: immediate.sweep })).toBe('SWEEP-TIMING');
  expect(roundEndRule(bonus)).toBe('TABLE-BONUS-FIFTEEN');
  expect(roundEndRule(pagat)).toBeUndefined();
});
