/**
 * A replay answer checked against the protocol's schema as far as the engine reports: what it omits or does not
 * report need not be there or be valid; everything else is checked as for an engine that reports every event.
 */
import { describe, expect, test } from 'vitest';
import { FULL_REPORTING, reportingOf } from '../profile/profile.ts';
import { replayAnswerProblem } from './protocol-schema.ts';

const DEAL = { type: 'deal', round: 1, deal: 1, dealer: 1, hands: [['10C', '7C', '5S'], ['7H', '9D', '6S']], table: ['2D', '3C', '4H', '1S'] };
const { dealer: _, ...DEAL_WITHOUT_DEALER } = DEAL;
const CAPTURE = { type: 'capture', seat: 0, card: '10C', captured: ['2D', '3C', '4H', '1S'] };
const answer = (...events: unknown[]): Record<string, unknown> => ({ id: 2, events });

const WITHOUT_DEALER = reportingOf({ events: ['deal', 'capture', 'trail', 'sweep', 'round-end', 'game-end'], omit: ['deal.dealer'] });

describe('a replay answer under --validate-protocol', () => {
  test('every event reported: an event without a required field is a violation, named by its place alone', () => {
    expect(replayAnswerProblem(answer(DEAL, CAPTURE), FULL_REPORTING)).toBeUndefined();
    expect(replayAnswerProblem(answer(DEAL_WITHOUT_DEALER, CAPTURE), FULL_REPORTING)).toBe('/events/0: missing key "dealer"');
  });

  test('an omitted field: not required, and not checked when sent', () => {
    expect(replayAnswerProblem(answer(DEAL_WITHOUT_DEALER, CAPTURE), WITHOUT_DEALER)).toBeUndefined();
    expect(replayAnswerProblem(answer({ ...DEAL, dealer: 'north' }, CAPTURE), WITHOUT_DEALER)).toBeUndefined();
  });

  test('the fields it does not omit, of the same event, are checked as ever', () => {
    const { hands: __, ...withoutHands } = DEAL_WITHOUT_DEALER;
    expect(replayAnswerProblem(answer(withoutHands), WITHOUT_DEALER)).toBe('/events/0: missing key "hands"');
    expect(replayAnswerProblem(answer({ ...DEAL_WITHOUT_DEALER, round: 0 }), WITHOUT_DEALER)).toBe('/events/0/round: must be >= 1, got 0');
    expect(replayAnswerProblem(answer({ ...DEAL_WITHOUT_DEALER, seat: 1 }), WITHOUT_DEALER)).toMatch(/^\/events\/0\/seat: unknown key "seat"/);
  });

  test('an event of a type it does not report: not checked; of a type the protocol does not have: a violation', () => {
    expect(replayAnswerProblem(answer({ type: 'award', category: 7 }, CAPTURE), WITHOUT_DEALER)).toBeUndefined();
    expect(replayAnswerProblem(answer({ type: 'frobnicate' }, CAPTURE), WITHOUT_DEALER)).toMatch(/^\/events\/0\/type: expected one of deal, /);
    expect(replayAnswerProblem(answer({ seat: 0 }), WITHOUT_DEALER)).toBe('/events/0: missing key "type"');
  });

  test('the answer around the events is checked whatever the engine reports', () => {
    expect(replayAnswerProblem({ id: 2, events: 'none' }, WITHOUT_DEALER)).toMatch(/^\/events: expected a list, got "none"/);
    expect(replayAnswerProblem({ ...answer(DEAL_WITHOUT_DEALER), rejection: { round: 1, play: 1 } }, WITHOUT_DEALER)).toMatch(/^\/rejection: missing key "code"/);
  });
});
