import { describe, expect, test } from 'vitest';
import { compareReply } from '../check/compare.ts';
import type { Divergence } from '../check/divergence.ts';
import { formatDivergence, reproCommand, rulePointer, stateBefore } from './divergence.ts';
import { headingAnchor } from '../util/spec-text.ts';
import { replayOnReference } from '../engines/reference.ts';
import type { Fixture, ReplayReply } from '../fixture/fixture.ts';
import { copyOf, playedFixture, requestFor, variantRules } from '../test-helpers.ts';

const pagat = variantRules('pagat');

/**
 * pagat, round 1, dealer seat 1. Seat 0 holds 10C 7C 5S, seat 1 7H 9D 6S; the table is 2D 3C 4H 1S. Seat 0's
 * 10C sweeps the four cards, seat 1 trails 7H, seat 0's 7C takes it and sweeps again, seat 1 trails 9D.
 */
const SWEEPS: Fixture = {
  id: 'pagat/sweep-point-01',
  title: 'Two sweeps in mid-round',
  variant: 'pagat',
  options: {},
  players: 2,
  tags: ['sweep'],
  rules: ['SWEEP-POINT'],
  provenance: { kind: 'hand-verified', reasoning: 'see the comment above\nin divergence.test.ts' },
  rounds: [
    {
      decks: [
        '10C 7C 5S 7H 9D 6S 2D 3C 4H 1S 1D 3D 4D 5D 6D 7D 8D 10D 1H 2H 3H 5H 6H 8H 9H 10H 2S 3S 4S 7S 8S 9S 10S 1C 2C 4C 5C 6C 8C 9C'.split(' '),
      ],
      plays: [{ card: '10C', capture: ['2D', '3C', '4H', '1S'] }, { card: '7H' }, { card: '7C', capture: ['7H'] }, { card: '9D' }],
    },
  ],
  expect: {
    events: {
      match: 'types',
      types: ['capture', 'trail', 'sweep'],
      list: [
        { type: 'capture', seat: 0, card: '10C', captured: ['2D', '3C', '4H', '1S'] },
        { type: 'sweep', seat: 0, points: 1 },
        { type: 'trail', seat: 1, card: '7H' },
        { type: 'capture', seat: 0, card: '7C', captured: ['7H'] },
        { type: 'sweep', seat: 0, points: 1 },
        { type: 'trail', seat: 1, card: '9D' },
      ],
    },
  },
};

const FILE = 'fixtures/pagat/sweep-point-01.yaml';

function report(fixture: Fixture, rules = pagat): { divergence: Divergence; text: string } {
  const reply = replayOnReference(requestFor(fixture, rules));
  const divergence = compareReply(fixture, reply, rules);
  if (divergence === null) throw new Error('expected a divergence');
  const text = formatDivergence(divergence, { fixture, file: FILE, rules, reply, repro: reproCommand(FILE) });
  return { divergence, text };
}

/** The text after a report line's label. */
const line = (text: string, label: string): string | undefined =>
  text
    .split('\n')
    .find((row) => row.startsWith(`${label}:`))
    ?.slice(label.length + 1)
    .trim();

test('the fixture as written passes on the reference engine', () => {
  expect(compareReply(SWEEPS, replayOnReference(requestFor(SWEEPS, pagat)), pagat)).toBeNull();
});

describe('a deliberately wrong expectation: no second sweep at play 3', () => {
  const wrong = copyOf(SWEEPS);
  wrong.expect.events?.list.splice(4, 1);
  const { divergence, text } = report(wrong);

  test('the divergence', () => {
    expect(divergence).toMatchObject({ kind: 'event-mismatch', round: 1, play: 3, rule: 'SWEEP-POINT' });
  });

  test.each([
    ['fixture', 'pagat/sweep-point-01 (fixtures/pagat/sweep-point-01.yaml)'],
    ['title', 'Two sweeps in mid-round'],
    ['where', 'round 1, play 3'],
    ['decision', 'seat 0 plays 7C and takes [7H]'],
    ['table', '[7H] before the play'],
    ['hand', 'seat 0 holds [7C 5S]'],
    ['expected', 'trail {seat: 1, card: 9D} (expected event #4)'],
    ['actual', 'sweep {seat: 0, points: 1} (engine event #5)'],
    ['rule', 'SWEEP-POINT (emptying the table scores): spec/rules.md#sweep-point-emptying-the-table-scores'],
    ['reproduce', 'npx scopa-conformance run fixtures/pagat/sweep-point-01.yaml'],
  ])('%s: %s', (label, expected) => {
    expect(line(text, label)).toBe(expected);
  });

  test('it says what went wrong in words, and the reference\'s legal decisions', () => {
    expect(line(text, 'what')).toBe('the engine\'s event #5 is not the one the fixture expects [event-mismatch]');
    expect(line(text, 'legal')).toBe('7C takes [7H] | 5S trails (reference engine)');
  });
});

test('a refusal the fixture does not expect: the refused decision, the table and hand before it, the code', () => {
  const wrong = copyOf(SWEEPS);
  (wrong.rounds[0]?.plays[2] as { capture?: string[] }).capture = ['7S'];
  wrong.expect = {};
  const { text } = report(wrong);
  expect(line(text, 'what')).toBe('the engine refused an input the fixture treats as legal [unexpected-rejection]');
  expect(line(text, 'decision')).toBe('seat 0 plays 7C and takes [7S]');
  expect(line(text, 'table')).toBe('[7H] before the play');
  expect(line(text, 'expected')).toBe('no refusal: the fixture treats every input as legal');
  expect(line(text, 'actual')).toMatch(/^refusal of round 1, play 3 with CAPTURE_NOT_ON_TABLE: ".*"$/);
  expect(line(text, 'rule')).toMatch(/^CAP-CHOICE \(the player names the capture\): spec\/rules\.md#cap-choice-/);
});

test('a divergence in the deal shows the dealer and the deck order', () => {
  const wrong = copyOf(SWEEPS);
  wrong.expect = { events: { match: 'types', types: ['deal'], list: [{ type: 'deal', round: 1, deal: 1, dealer: 0, hands: [['10C', '7C', '5S'], ['7H', '9D', '6S']], table: ['2D', '3C', '4H', '1S'] }] } };
  const { text } = report(wrong);
  expect(line(text, 'where')).toBe('round 1, before the first play (the deal)');
  expect(line(text, 'dealer')).toBe('seat 1');
  expect(line(text, 'deck order')).toMatch(/^\[10C 7C 5S 7H .* 9C\] \(top first\)$/);
  expect(line(text, 'differs in')).toBe('dealer');
  expect(line(text, 'rule')).toMatch(/^DEAL-DEALER /);
});

test('a category scored differently: the figures, and the cards behind each side\'s count', () => {
  const { fixture, rules } = playedFixture('pagat', { rounds: 1, seed: 3 });
  const wrong = copyOf(fixture);
  delete wrong.expect.events;
  const primiera = wrong.expect.rounds?.[0]?.awards?.primiera;
  if (primiera === undefined) throw new Error('no primiera award');
  primiera.points = [...(primiera.points ?? [])].reverse().map((points) => points + 1);
  const { divergence, text } = report(wrong, rules);
  expect(divergence).toMatchObject({ kind: 'award-mismatch', round: 1, category: 'primiera', field: 'points', rule: 'SCORE-PRIMIERA' });
  expect(line(text, 'where')).toMatch(/^round 1, after its last play \(play 36\): the round's scoring$/);
  expect(line(text, 'what')).toMatch(/^category "primiera" \(primiera\) was scored differently in round 1: its points differ/);
  expect(line(text, 'behind it')).toMatch(/^side 0: best of each suit \S+=\d+ \S+ \S+ \S+, sum \d+ \(from the engine's events\)$/);
  expect(text).toMatch(/^ +side 1: best of each suit /m);
  expect(line(text, 'decision')).toBeUndefined();
});

test('the state before a play is rebuilt from the fixture\'s inputs', () => {
  const before = stateBefore(SWEEPS, pagat, 1, 2);
  expect(before.state?.turn).toBe(1);
  expect(stateBefore(SWEEPS, pagat, 1, 9).problem).toBe('the fixture makes no play 5 in round 1');
});

test('rule pointers follow GitHub\'s heading anchors', () => {
  expect(headingAnchor("TABLE-BONUS-FIFTEEN: Escoba's opening table worth 15 or 30")).toBe('table-bonus-fifteen-escobas-opening-table-worth-15-or-30');
  expect(rulePointer('END-TIE-BREAKS')).toBe('spec/rules.md#end-tie-breaks-comparing-whole-game-counts');
  expect(rulePointer(undefined)).toBe('spec/rules.md#15-event-vocabulary');
});

test('the reproduction command quotes what the shell would split', () => {
  expect(reproCommand('fixtures/pagat/x.yaml')).toBe('npx scopa-conformance run fixtures/pagat/x.yaml');
  expect(reproCommand("my dir/it's.yaml", ['--engine', 'python adapter.py'])).toBe(
    "npx scopa-conformance run 'my dir/it'\\''s.yaml' --engine 'python adapter.py'",
  );
});

describe('reports in full: each line, where a swapped or reworded one would go unseen', () => {
  const full = replayOnReference(requestFor(SWEEPS, pagat));
  const twoPlays: Fixture = { ...SWEEPS, rounds: [{ ...(SWEEPS.rounds[0] as Fixture['rounds'][number]), plays: SWEEPS.rounds[0]?.plays.slice(0, 2) ?? [] }] };
  const text = (fixture: Fixture, reply: ReplayReply): string => {
    const divergence = compareReply(fixture, reply, pagat);
    if (divergence === null) throw new Error('expected a divergence');
    return formatDivergence(divergence, { fixture, file: 'f.yaml', rules: pagat, reply, repro: reproCommand('f.yaml') });
  };
  const end = (winner: number | null, totals: number[]): ReplayReply => ({
    events: [...full.events.slice(0, 4), { type: 'game-end', reason: 'target', winner, ranking: [0, 1], totals }],
  });
  const rule = 'spec/rules.md#end-target-the-first-side-to-reach-the-target';

  test('an engine that stops after play 2 of 4: expected 4 plays, actual 2, the decision it did not play', () => {
    expect(text({ ...SWEEPS, expect: {} }, { events: full.events.slice(0, 4) })).toBe(
      [
        'fixture:   pagat/sweep-point-01 (f.yaml)',
        'title:     Two sweeps in mid-round',
        'what:      the engine stopped after play 2 of round 1 without refusing anything; the fixture makes 4 plays in that round [stopped-early]',
        'where:     round 1, play 3',
        'decision:  seat 0 plays 7C and takes [7H]',
        'table:     [7H] before the play',
        'hand:      seat 0 holds [7C 5S]',
        'expected:  4 plays in round 1',
        'actual:    2 plays in round 1',
        "then:      the engine's events end",
        'rule:      PLAY-TURN (one card per turn, in turn order): spec/rules.md#play-turn-one-card-per-turn-in-turn-order',
        'reproduce: npx scopa-conformance run f.yaml',
      ].join('\n'),
    );
  });

  test('a draw expected, a side won', () => {
    expect(text({ ...twoPlays, expect: { result: { winner: null } } }, end(0, [2, 0]))).toBe(
      [
        'fixture:   pagat/sweep-point-01 (f.yaml)',
        'title:     Two sweeps in mid-round',
        "what:      the game's winner differs [result-mismatch]",
        'where:     the end of the game (round 1, after play 2)',
        'expected:  a draw',
        'actual:    side 0 wins, reason target, totals [2 0], ranking [0 1]',
        `rule:      END-TARGET (the first side to reach the target): ${rule}`,
        'reproduce: npx scopa-conformance run f.yaml',
      ].join('\n'),
    );
  });

  test('a side expected to win, a draw came', () => {
    expect(text({ ...twoPlays, expect: { result: { winner: 1, ranking: [1, 0] } } }, end(null, [2, 2]))).toBe(
      [
        'fixture:   pagat/sweep-point-01 (f.yaml)',
        'title:     Two sweeps in mid-round',
        "what:      the game's winner differs [result-mismatch]",
        'where:     the end of the game (round 1, after play 2)',
        'expected:  side 1 wins, ranking [1 0]',
        'actual:    a draw, reason target, totals [2 2], ranking [0 1]',
        `rule:      END-TARGET (the first side to reach the target): ${rule}`,
        'reproduce: npx scopa-conformance run f.yaml',
      ].join('\n'),
    );
  });
});
