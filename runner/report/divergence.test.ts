import { describe, expect, test } from 'vitest';
import { type Category, type GameEvent, type RuleId, type Rules, tableOf } from '../../reference/index.ts';
import { compareReply } from '../divergences/compare.ts';
import type { Divergence } from '../divergences/divergence.ts';
import { formatDecision, formatDivergence, formatEvent, formatValue, type ReportContext, reproCommand, ruleName, rulePointer, stateBefore } from './divergence.ts';
import { headingAnchor } from '../util/spec-text.ts';
import { replayOnReference } from '../engines/reference.ts';
import type { Fixture, ReplayReply } from '../fixture/fixture.ts';
import { copyOf, playedFixture, requestFor, sweepingFixture, variantRules } from '../test-helpers.ts';

const pagat = variantRules('pagat');

/**
 * pagat, round 1, dealer seat 1. Seat 0 holds 10C 7C 5S, seat 1 7H 9D 6S; the table is 2D 3C 4H 1S. Seat 0's
 * 10C sweeps the four cards, seat 1 trails 7H, seat 0's 7C takes it and sweeps again, seat 1 trails 9D.
 */
const SWEEPS: Fixture = {
  ...sweepingFixture('pagat/sweep-point-01', 'Two sweeps in mid-round', 4),
  tags: ['sweep'],
  rules: ['SWEEP-POINT'],
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
  const wrongReport = (): { divergence: Divergence; text: string } => {
    const wrong = copyOf(SWEEPS);
    wrong.expect.events?.list.splice(4, 1);
    return report(wrong);
  };

  test('the divergence', () => {
    expect(wrongReport().divergence).toMatchObject({ kind: 'event-mismatch', round: 1, play: 3, rule: 'SWEEP-POINT' });
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
    expect(line(wrongReport().text, label)).toBe(expected);
  });

  test('it says what went wrong in words, and the reference\'s legal decisions', () => {
    const { text } = wrongReport();
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
  const full = { get events() { return replayOnReference(requestFor(SWEEPS, pagat)).events; } };
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

// ---------------------------------------------------------------------------------------------------------------
// Every section of the report, in full: each divergence kind on hand-made replies, so that a line dropped,
// swapped or reworded shows.

/** SWEEPS as the reference plays it, then a remainder, two awards and the round-end (the events need not be a legal game). */
const scoredRound = (): GameEvent[] => [
  ...replayOnReference(requestFor(SWEEPS, pagat)).events,
  { type: 'remainder', seat: 0, cards: ['9D'] },
  { type: 'award', round: 1, category: 'cards', counts: [8, 0], points: [1, 0] },
  { type: 'award', round: 1, category: 'coins', counts: [2, 0], points: [1, 0] },
  { type: 'round-end', round: 1, points: [4, 0], totals: [4, 0] },
];

const reportOf = (divergence: Divergence, context: Partial<ReportContext> = {}): string =>
  formatDivergence(divergence, { fixture: SWEEPS, file: 'f.yaml', rules: pagat, reply: { events: scoredRound() }, repro: reproCommand('f.yaml'), ...context });

const HEAD = ['fixture:   pagat/sweep-point-01 (f.yaml)', 'title:     Two sweeps in mid-round'];
const REPRODUCE = 'reproduce: npx scopa-conformance run f.yaml';
/** Lines whose labels are padded to `width` characters (the widest label and its colon, plus one). */
const padded = (width: number, lines: string[]): string =>
  lines.map((row) => (row.startsWith(' ') ? `${' '.repeat(width + 1)}${row.trimStart()}` : row.replace(/^([\w ]*?:) +/, (_, label: string) => `${label.padEnd(width)} `))).join('\n');

const PLAY_3 = ['decision:  seat 0 plays 7C and takes [7H]', 'table:     [7H] before the play', 'hand:      seat 0 holds [7C 5S]'];
const CAP_CHOICE = 'rule:      CAP-CHOICE (the player names the capture): spec/rules.md#cap-choice-the-player-names-the-capture';

describe('every section of the report, in full', () => {
  test('a round\'s points: expected, actual, the engine\'s awards and sweeps of the round', () => {
    const divergence: Divergence = { kind: 'round-mismatch', round: 1, play: 4, eventIndex: 10, field: 'points', expected: [3, 0], actual: [4, 0] };
    expect(reportOf(divergence)).toBe(
      padded(14, [
        ...HEAD,
        "what: round 1's points differ [round-mismatch]",
        "where: round 1, after its last play (play 4): the round's scoring",
        'expected: points [3 0]',
        'actual: points [4 0]',
        'engine awards: cards: counts [8 0], points [1 0]',
        '  coins: counts [2 0], points [1 0]',
        'engine sweeps: seat 0 at play 1 (1 point), seat 0 at play 3 (1 point)',
        'rule: no single rule; see spec/rules.md#12-round-scoring',
        REPRODUCE,
      ]),
    );
  });

  test('a round with no round-end, no awards and no sweeps: said so', () => {
    const divergence: Divergence = { kind: 'round-mismatch', round: 1, play: 4, eventIndex: 7, field: 'missing', expected: [3, 0], actual: null, rule: 'SWEEP-TIMING' };
    const events = replayOnReference(requestFor(SWEEPS, pagat)).events.filter((event) => event.type !== 'sweep');
    expect(reportOf(divergence, { reply: { events } })).toBe(
      padded(14, [
        ...HEAD,
        "what: the engine's events have no round-end for round 1 [round-mismatch]",
        "where: round 1, after its last play (play 4): the round's scoring",
        'expected: a round-end with [3 0]',
        'actual: no round-end event',
        'engine awards: none',
        'rule: SWEEP-TIMING (when sweep points are added): spec/rules.md#sweep-timing-when-sweep-points-are-added',
        REPRODUCE,
      ]),
    );
  });

  test('a round\'s sweeps: per side, and every sweep the engine made, at the deal or at a play', () => {
    const divergence: Divergence = { kind: 'sweeps-mismatch', round: 1, play: 4, eventIndex: 7, field: 'sweeps', expected: [1, 0], actual: [3, 0], rule: 'SWEEP-POINT' };
    const events: GameEvent[] = [{ type: 'table-bonus', round: 1, seat: 1, cards: ['1S'], sweeps: 2 }, { type: 'sweep', seat: 1, points: 2 }, ...scoredRound()];
    expect(reportOf(divergence, { reply: { events } })).toBe(
      padded(14, [
        ...HEAD,
        'what: the sweeps made in round 1, per side, differ [sweeps-mismatch]',
        "where: round 1, after its last play (play 4): the round's scoring",
        'expected: sweeps per side [1 0]',
        'actual: sweeps per side [3 0]',
        'engine sweeps: seat 1 at the deal (table bonus) (2 points), seat 0 at play 1 (1 point), seat 0 at play 3 (1 point)',
        'rule: SWEEP-POINT (emptying the table scores): spec/rules.md#sweep-point-emptying-the-table-scores',
        REPRODUCE,
      ]),
    );
  });

  test("a declaration's sweeps are said to be a declaration's, at the deal or after the play that ended the last deal, not a table bonus", () => {
    const divergence: Divergence = { kind: 'sweeps-mismatch', round: 1, play: 4, eventIndex: 7, field: 'sweeps', expected: [1, 0], actual: [3, 0], rule: 'SWEEP-POINT' };
    const declared: GameEvent = { type: 'declaration', round: 1, seat: 1, kind: 'low', cards: ['1S', '2S', '3S'], sweeps: 2 };
    const events: GameEvent[] = [declared, { type: 'sweep', seat: 1, points: 1 }, { type: 'sweep', seat: 1, points: 1 }, ...scoredRound()];
    const line = reportOf(divergence, { reply: { events } }).split('\n').find((text) => text.startsWith('engine sweeps:'));
    expect(line).toBe('engine sweeps: seat 1 by a declaration (at the deal) (1 point), seat 1 by a declaration (at the deal) (1 point), seat 0 at play 1 (1 point), seat 0 at play 3 (1 point)');
    const later = scoredRound();
    const lastPlay = later.findLastIndex((event) => event.type === 'capture' || event.type === 'trail');
    const afterPlay = [...later.slice(0, lastPlay + 1), declared, { type: 'sweep', seat: 1, points: 1 } as GameEvent, ...later.slice(lastPlay + 1)];
    expect(reportOf(divergence, { reply: { events: afterPlay } })).toMatch(/seat 1 by a declaration \(after play \d+\) \(1 point\)/);
  });

  test('a round\'s sweeps where the engine made none: "engine sweeps: none"', () => {
    const divergence: Divergence = { kind: 'sweeps-mismatch', round: 1, play: 4, eventIndex: 5, field: 'sweeps', expected: [2, 0], actual: [0, 0], rule: 'SWEEP-POINT' };
    const events = scoredRound().filter((event) => event.type !== 'sweep');
    expect(reportOf(divergence, { reply: { events } }).split('\n').slice(4, 7)).toEqual([
      'expected:      sweeps per side [2 0]',
      'actual:        sweeps per side [0 0]',
      'engine sweeps: none',
    ]);
  });

  test('a category scored differently: the figures, unchecked ones said so, and each side\'s cards behind its count', () => {
    const divergence: Divergence = {
      kind: 'award-mismatch',
      round: 1,
      play: 4,
      eventIndex: 9,
      rule: 'SCORE-MOST-COINS',
      category: 'coins',
      field: 'counts',
      expected: { counts: [1, 1] },
      actual: { counts: [2, 0], points: [1, 0] },
    };
    expect(reportOf(divergence)).toBe(
      [
        ...HEAD,
        'what:      category "coins" (most-coins) was scored differently in round 1: its counts differ [award-mismatch]',
        "where:     round 1, after its last play (play 4): the round's scoring",
        'expected:  counts [1 1], points (not checked)',
        'actual:    counts [2 0], points [1 0]',
        "behind it: side 0: 2 coins [2D 9D] (from the engine's events)",
        '           side 1: 0 coins []',
        'rule:      SCORE-MOST-COINS (most cards of the coins suit): spec/rules.md#score-most-coins-most-cards-of-the-coins-suit',
        REPRODUCE,
      ].join('\n'),
    );
  });

  test('a category the engine did not score: the breakdown by the sides of the expected counts; none without counts, or for a category the rules do not know', () => {
    const missing: Divergence = { kind: 'award-mismatch', round: 1, play: 4, eventIndex: 10, category: 'coins', field: 'missing', expected: { counts: [2, 0], points: [1, 0] }, actual: null };
    expect(reportOf(missing).split('\n').slice(2, 8)).toEqual([
      'what:      the engine made no award for category "coins" (most-coins) in round 1 [award-mismatch]',
      "where:     round 1, after its last play (play 4): the round's scoring",
      'expected:  counts [2 0], points [1 0]',
      'actual:    no award event for this category',
      "behind it: side 0: 2 coins [2D 9D] (from the engine's events)",
      '           side 1: 0 coins []',
    ]);
    expect(reportOf({ ...missing, expected: { points: [1, 0] } }).split('\n').slice(4, 7)).toEqual([
      'expected:  counts (not checked), points [1 0]',
      'actual:    no award event for this category',
      'rule:      no single rule; see spec/rules.md#12-round-scoring',
    ]);
    const unknown: Divergence = { ...missing, category: 'bonus' };
    expect(reportOf(unknown).split('\n').slice(2, 7)).toEqual([
      'what:      the engine made no award for category "bonus" in round 1 [award-mismatch]',
      "where:     round 1, after its last play (play 4): the round's scoring",
      'expected:  counts [2 0], points [1 0]',
      'actual:    no award event for this category',
      'rule:      no single rule; see spec/rules.md#12-round-scoring',
    ]);
  });

  describe('what each side holds behind a category, for every kind of category', () => {
    const categories: Category[] = [
      { id: 'cards', kind: 'most-cards', points: 1, ties: 'nobody' },
      { id: 'coins', kind: 'most-coins', points: 1, ties: 'nobody' },
      { id: 'sevens', kind: 'most-sevens', points: 1, ties: 'nobody' },
      { id: 'settebello', kind: 'card', card: '7D', points: 1, ties: 'nobody' },
      { id: 'seven-of-clubs', kind: 'card', card: '7C', points: 1, ties: 'nobody' },
      { id: 'all-coins', kind: 'all-coins', points: 1, combine: 'instead-of-most' },
      { id: 'all-sevens', kind: 'all-sevens', points: 1, combine: 'instead-of-most' },
      { id: 'sweeps', kind: 'sweeps' },
      { id: 'primiera', kind: 'primiera', points: 1, ties: 'nobody', incomplete: 'loses-to-complete' },
      { id: 'napola', kind: 'napola', points: 1 },
    ];
    // Seat 0 takes 10C 2D 3C 4H 1S and 7C 7H, sweeping twice; seat 1 gets the remainder 9D 1D.
    test.each([
      ['cards', 'side 0: 7 cards', 'side 1: 2 cards'],
      ['coins', 'side 0: 1 coins [2D]', 'side 1: 2 coins [9D 1D]'],
      ['sevens', 'side 0: 2 sevens [7C 7H]', 'side 1: 0 sevens []'],
      ['settebello', 'side 0: no 7D', 'side 1: no 7D'],
      ['seven-of-clubs', 'side 0: 1 × 7C', 'side 1: no 7C'],
      ['all-coins', 'side 0: 1 of 10 coins', 'side 1: 2 of 10 coins'],
      ['all-sevens', 'side 0: 2 of 4 sevens [7C 7H]', 'side 1: 0 of 4 sevens []'],
      ['sweeps', 'side 0: 2 sweeps', 'side 1: 0 sweeps'],
      ['primiera', 'side 0: best of each suit 2D=12 7H=21 1S=16 7C=21, sum 70', 'side 1: best of each suit 1D=16 no H no S no C, sum 16'],
      ['napola', 'side 0: a run of 0 from the ace, coins [2D]', 'side 1: a run of 1 from the ace, coins [9D 1D]'],
    ])('%s', (category, side0, side1) => {
      const rules: Rules = { ...pagat, scoring: { ...pagat.scoring, categories } };
      const events: GameEvent[] = [...replayOnReference(requestFor(SWEEPS, pagat)).events, { type: 'remainder', seat: 1, cards: ['9D', '1D'] }];
      const divergence: Divergence = { kind: 'award-mismatch', round: 1, play: 4, eventIndex: 7, category, field: 'missing', expected: { counts: [1, 0] }, actual: null };
      const text = reportOf(divergence, { rules, reply: { events } });
      expect(text.split('\n').filter((row) => row.startsWith('behind it:') || row.startsWith('   '))).toEqual([
        `behind it: ${side0} (from the engine's events)`,
        `           ${side1}`,
      ]);
    });

    test('one sweep is "1 sweep"; in a team game whose cards are not pooled, each seat for itself', () => {
      const fourPlayers: Fixture = { ...SWEEPS, players: 4 };
      const rules: Rules = { ...pagat, scoring: { categories, poolTeamCards: false } };
      const events: GameEvent[] = [
        { type: 'capture', seat: 2, card: '7D', captured: ['7S'] },
        { type: 'sweep', seat: 2, points: 1 },
        { type: 'capture', seat: 3, card: '1D', captured: ['1C'] },
      ];
      const bySeat: Divergence = { kind: 'award-mismatch', round: 1, play: 9, eventIndex: 3, category: 'sweeps', field: 'missing', expected: { counts: [0, 0, 1, 0], points: [0, 0] }, actual: null };
      const behind = (divergence: Divergence): string[] =>
        reportOf(divergence, { fixture: fourPlayers, rules, reply: { events } })
          .split('\n')
          .filter((row) => row.startsWith('behind it:') || row.startsWith('   '));
      expect(behind(bySeat)).toEqual([
        "behind it: seat 0: 0 sweeps (from the engine's events)",
        '           seat 1: 0 sweeps',
        '           seat 2: 1 sweep',
        '           seat 3: 0 sweeps',
      ]);
      expect(behind({ ...bySeat, category: 'coins', expected: { counts: [1, 1] } })).toEqual([
        "behind it: side 0: 1 coins [7D] (from the engine's events)",
        '           side 1: 1 coins [1D]',
      ]);
    });
  });

  test('an event that differs: the decision, table, hand, both legal lists, expected, actual, the fields, the event before', () => {
    const played = replayOnReference(requestFor(SWEEPS, pagat)).events;
    const divergence: Divergence = {
      kind: 'event-mismatch',
      round: 1,
      play: 3,
      eventIndex: 4,
      expectedIndex: 4,
      rule: 'CAP-CHOICE',
      expected: { type: 'capture', seat: 0, card: '7C', captured: ['7S'] },
      actual: played[4] as GameEvent,
    };
    const engineLegal = [{ card: '7C', capture: ['7H'] }, { card: '5S' }, { card: '7C' }];
    expect(reportOf(divergence, { engineLegal })).toBe(
      padded(13, [
        ...HEAD,
        "what: the engine's event #4 is not the one the fixture expects [event-mismatch]",
        'where: round 1, play 3',
        ...PLAY_3,
        'legal: 7C takes [7H] | 5S trails (reference engine)',
        'engine legal: 7C takes [7H] | 5S trails | 7C trails (engine under test)',
        'expected: capture {seat: 0, card: 7C, captured: [7S]} (expected event #4)',
        'actual: capture {seat: 0, card: 7C, captured: [7H]} (engine event #4)',
        'differs in: captured',
        'after: trail {seat: 1, card: 7H} (engine event #3)',
        CAP_CHOICE,
        REPRODUCE,
      ]),
    );
  });

  test('an engine whose legal decisions agree with the reference\'s: said on the legal line, no second list', () => {
    const played = replayOnReference(requestFor(SWEEPS, pagat)).events;
    const divergence: Divergence = { kind: 'extra-event', round: 1, play: 3, eventIndex: 5, expectedIndex: 5, rule: 'SWEEP-POINT', expected: null, actual: played[5] as GameEvent };
    const text = reportOf(divergence, { engineLegal: [{ card: '5S' }, { card: '7C', capture: ['7H'] }] });
    expect(text.split('\n').slice(2)).toEqual([
      "what:      the engine's event #5 is one the fixture does not expect there [extra-event]",
      'where:     round 1, play 3',
      ...PLAY_3,
      'legal:     7C takes [7H] | 5S trails (reference engine; the engine under test agrees)',
      'expected:  (none)',
      'actual:    sweep {seat: 0, points: 1} (engine event #5)',
      'after:     capture {seat: 0, card: 7C, captured: [7H]} (engine event #4)',
      'rule:      SWEEP-POINT (emptying the table scores): spec/rules.md#sweep-point-emptying-the-table-scores',
      REPRODUCE,
    ]);
  });

  test('an engine that lists no legal decision: "engine legal: none"', () => {
    const played = replayOnReference(requestFor(SWEEPS, pagat)).events;
    const divergence: Divergence = { kind: 'event-mismatch', round: 1, play: 3, eventIndex: 4, expectedIndex: 4, rule: 'CAP-CHOICE', expected: played[4] as GameEvent, actual: { type: 'trail', seat: 0, card: '7C' } };
    const text = reportOf(divergence, { engineLegal: [] });
    expect(text.split('\n').filter((row) => /^(legal|engine legal|differs in):/.test(row))).toEqual([
      'legal:        7C takes [7H] | 5S trails (reference engine)',
      'engine legal: none (engine under test)',
    ]);
  });

  test('legal decisions at an expect.legal position: the fixture\'s list, what is missing, what is extra', () => {
    const divergence: Divergence = {
      kind: 'legal-mismatch',
      round: 1,
      play: 3,
      eventIndex: 4,
      rule: 'CAP-COMPULSION',
      expected: [{ card: '7C', capture: ['7H'] }, { card: '5S' }],
      actual: [{ card: '7C', capture: ['7H'] }, { card: '7C' }],
      missing: [{ card: '5S' }],
      extra: [{ card: '7C' }],
    };
    expect(reportOf(divergence, { engineLegal: [{ card: '7C', capture: ['7H'] }, { card: '7C' }] })).toBe(
      padded(13, [
        ...HEAD,
        "what: the engine's legal decisions before play 3 of round 1 are not the ones the fixture expects [legal-mismatch]",
        'where: round 1, play 3',
        ...PLAY_3,
        'legal: 7C takes [7H] | 5S trails (reference engine)',
        'engine legal: 7C takes [7H] | 7C trails (engine under test)',
        'expected: 7C takes [7H] | 5S trails (the fixture)',
        'missing: 5S trails',
        'extra: 7C trails',
        'rule: CAP-COMPULSION (when a card may be trailed): spec/rules.md#cap-compulsion-when-a-card-may-be-trailed',
        REPRODUCE,
      ]),
    );
    const none = reportOf({ ...divergence, missing: [], expected: [] });
    expect(none.split('\n').filter((row) => /^(expected|missing):/.test(row))).toEqual(['expected:  none (the fixture)', 'missing:   none']);
  });

  test('an engine that plays on past the fixture\'s plays: "then" names the event where it went on', () => {
    const divergence: Divergence = { kind: 'extra-play', round: 1, play: 4, eventIndex: 6, rule: 'PLAY-TURN', expected: { plays: 3 }, actual: { plays: 4 } };
    expect(reportOf(divergence)).toBe(
      [
        ...HEAD,
        'what:      the engine reports 4 plays in round 1; the fixture makes 3 [extra-play]',
        'where:     round 1, play 4 (the last play the fixture makes in this round)',
        'decision:  seat 1 plays 9D and takes nothing (a trail)',
        'table:     [] before the play',
        'hand:      seat 1 holds [9D 6S]',
        'expected:  3 plays in round 1',
        'actual:    4 plays in round 1',
        'then:      event #6: trail {seat: 1, card: 9D}',
        'rule:      PLAY-TURN (one card per turn, in turn order): spec/rules.md#play-turn-one-card-per-turn-in-turn-order',
        REPRODUCE,
      ].join('\n'),
    );
  });

  test('an engine that stopped where its last event ended the game: said so', () => {
    const events: GameEvent[] = [...replayOnReference(requestFor(SWEEPS, pagat)).events.slice(0, 4), { type: 'game-end', reason: 'target', winner: 0, ranking: [0, 1], totals: [11, 0] }];
    const divergence: Divergence = { kind: 'stopped-early', round: 1, play: 3, eventIndex: 5, rule: 'END-TARGET', expected: { plays: 4 }, actual: { plays: 2 } };
    expect(reportOf(divergence, { reply: { events } }).split('\n')[2]).toBe(
      'what:      the engine stopped after play 2 of round 1 without refusing anything (its last event ends the game); the fixture makes 4 plays in that round [stopped-early]',
    );
  });

  test('a decision accepted that must be refused: the refusal expected, and the event the engine played instead', () => {
    const divergence: Divergence = { kind: 'not-rejected', round: 1, play: 3, eventIndex: 4, rule: 'CAP-CHOICE', expected: { round: 1, play: 3, code: 'CAPTURE_NOT_ON_TABLE' }, actual: null };
    expect(reportOf(divergence)).toBe(
      [
        ...HEAD,
        'what:      the engine accepted a decision it must refuse with CAPTURE_NOT_ON_TABLE [not-rejected]',
        'where:     round 1, play 3',
        ...PLAY_3,
        'legal:     7C takes [7H] | 5S trails (reference engine)',
        'expected:  refusal of round 1, play 3 with CAPTURE_NOT_ON_TABLE',
        'actual:    no refusal; the engine played it: capture {seat: 0, card: 7C, captured: [7H]}',
        CAP_CHOICE,
        REPRODUCE,
      ].join('\n'),
    );
  });

  test('a decision that must be refused, never reached: the engine stopped, or ended the game, before it', () => {
    const divergence: Divergence = { kind: 'not-rejected', round: 1, play: 3, eventIndex: 2, rule: 'CAP-CHOICE', expected: { round: 1, play: 3, code: 'CAPTURE_NOT_ON_TABLE' }, actual: null };
    const played = replayOnReference(requestFor(SWEEPS, pagat)).events.slice(0, 2);
    const rows = (events: GameEvent[]): string[] =>
      reportOf({ ...divergence, eventIndex: events.length }, { reply: { events } })
        .split('\n')
        .filter((row) => row.startsWith('what:') || row.startsWith('actual:'));
    expect(rows(played)).toEqual([
      'what:      the engine stopped before the decision it must refuse with CAPTURE_NOT_ON_TABLE (round 1, play 3), without refusing anything [not-rejected]',
      'actual:    no refusal',
    ]);
    expect(rows([...played, { type: 'game-end', reason: 'target', winner: 0, ranking: [0, 1], totals: [11, 0] }])).toEqual([
      'what:      the engine ended the game before the decision it must refuse with CAPTURE_NOT_ON_TABLE (round 1, play 3): it never reached it [not-rejected]',
      'actual:    no refusal',
    ]);
  });

  test('a refusal with another code: both codes', () => {
    const divergence: Divergence = {
      kind: 'wrong-rejection',
      round: 1,
      play: 3,
      eventIndex: 4,
      rule: 'CAP-CHOICE',
      expected: { round: 1, play: 3, code: 'CAPTURE_NOT_ON_TABLE' },
      actual: { round: 1, play: 3, code: 'MUST_CAPTURE' },
    };
    expect(reportOf(divergence).split('\n').slice(2)).toEqual([
      'what:      the engine refused the decision with MUST_CAPTURE, not CAPTURE_NOT_ON_TABLE [wrong-rejection]',
      'where:     round 1, play 3',
      ...PLAY_3,
      'legal:     7C takes [7H] | 5S trails (reference engine)',
      'expected:  refusal of round 1, play 3 with CAPTURE_NOT_ON_TABLE',
      'actual:    refusal of round 1, play 3 with MUST_CAPTURE',
      CAP_CHOICE,
      REPRODUCE,
    ]);
  });

  test('a refusal before the one expected: its message quoted; derived expectations named; a rule-less refusal points at the error registry', () => {
    const divergence: Divergence = {
      kind: 'unexpected-rejection',
      round: 1,
      play: 2,
      eventIndex: 3,
      rule: 'PLAY-TURN',
      expected: { round: 1, play: 3, code: 'CAPTURE_NOT_ON_TABLE' },
      actual: { round: 1, play: 2, code: 'NOT_YOUR_TURN', message: 'seat 0 is to play' },
    };
    expect(reportOf(divergence, { derived: 'options.target: 11' })).toBe(
      [
        ...HEAD,
        'what:      the engine refused an input before the one the fixture expects it to refuse (round 1, play 3) [unexpected-rejection]',
        'where:     round 1, play 2',
        'decision:  seat 1 plays 7H and takes nothing (a trail)',
        'table:     [] before the play',
        'hand:      seat 1 holds [7H 9D 6S]',
        'legal:     7H trails | 9D trails | 6S trails (reference engine)',
        'expected:  refusal of round 1, play 3 with CAPTURE_NOT_ON_TABLE',
        'actual:    refusal of round 1, play 2 with NOT_YOUR_TURN: "seat 0 is to play"',
        'rule:      PLAY-TURN (one card per turn, in turn order): spec/rules.md#play-turn-one-card-per-turn-in-turn-order',
        "derived:   expectations derived on the reference engine under the profile's options.target: 11",
        REPRODUCE,
      ].join('\n'),
    );
    const unknown = reportOf({ ...divergence, rule: undefined, expected: null, actual: { round: 1, play: 2, code: 'VARIANT_UNKNOWN' } });
    expect(unknown.split('\n').filter((row) => /^(what|expected|actual|rule):/.test(row))).toEqual([
      'what:      the engine refused an input the fixture treats as legal [unexpected-rejection]',
      'expected:  no refusal: the fixture treats every input as legal',
      'actual:    refusal of round 1, play 2 with VARIANT_UNKNOWN',
      'rule:      no single rule; see spec/rules.md#16-error-registry',
    ]);
  });

  test('a divergence in the deal: the dealer and every deck order of the round, numbered when there are several', () => {
    const played = replayOnReference(requestFor(SWEEPS, pagat)).events;
    const divergence: Divergence = { kind: 'missing-event', round: 1, play: 0, eventIndex: 0, expectedIndex: 0, rule: 'DEAL-PROCEDURE', expected: played[0] as GameEvent, actual: null };
    const deck = (SWEEPS.rounds[0]?.decks[0] ?? []).join(' ');
    expect(reportOf(divergence, { reply: { events: [] } })).toBe(
      padded(11, [
        ...HEAD,
        'what: the engine reports no event where the fixture expects one (the engine reported 0) [missing-event]',
        'where: round 1, before the first play (the deal)',
        'dealer: seat 1',
        `deck order: [${deck}] (top first)`,
        'expected: deal {round: 1, deal: 1, dealer: 1, hands: [[10C 7C 5S], [7H 9D 6S]], table: [2D 3C 4H 1S]} (expected event #0)',
        'actual: (none)',
        'rule: DEAL-PROCEDURE (laying out a deal from a deck order): spec/rules.md#deal-procedure-laying-out-a-deal-from-a-deck-order',
        REPRODUCE,
      ]),
    );
    const redealt: Fixture = { ...SWEEPS, title: '', rounds: [{ decks: [['1D', '2D'], ['3D']], plays: [] }] };
    const text = reportOf(divergence, { fixture: redealt, reply: { events: [] } });
    expect(text.split('\n').filter((row) => /^(title|dealer|deck order)/.test(row))).toEqual([
      'dealer:       seat 1',
      'deck order 1: [1D 2D] (top first)',
      'deck order 2: [3D] (top first)',
    ]);
  });

  test('the game did not end for the engine: the result expected, "no game-end event"', () => {
    const divergence: Divergence = {
      kind: 'result-mismatch',
      round: 1,
      play: 4,
      eventIndex: 11,
      rule: 'END-TARGET',
      field: 'missing',
      expected: { winner: 0, reason: 'target', totals: [4, 0], ranking: [0, 1] },
      actual: null,
    };
    expect(reportOf(divergence)).toBe(
      [
        ...HEAD,
        "what:      the engine's events have no game-end: for the engine the game did not end [result-mismatch]",
        'where:     the end of the game (round 1, after play 4)',
        'expected:  side 0 wins, reason target, totals [4 0], ranking [0 1]',
        'actual:    no game-end event',
        'rule:      END-TARGET (the first side to reach the target): spec/rules.md#end-target-the-first-side-to-reach-the-target',
        REPRODUCE,
      ].join('\n'),
    );
  });

  test('a decision the fixture does not make, and a state the reference engine cannot rebuild: said so', () => {
    const divergence: Divergence = { kind: 'stopped-early', round: 1, play: 6, eventIndex: 7, rule: 'PLAY-TURN', expected: { plays: 4 }, actual: { plays: 5 } };
    expect(reportOf(divergence).split('\n').slice(3, 6)).toEqual([
      'where:     round 1, play 6',
      'decision:  none: the fixture makes no play 6 in round 1',
      'state:     not shown: the fixture makes no play 5 in round 1',
    ]);
    const refused: Fixture = { ...SWEEPS, players: 9 };
    expect(reportOf({ ...divergence, play: 2 }, { fixture: refused }).split('\n').slice(4, 6)).toEqual([
      'decision:  the seat to play plays 7H and takes nothing (a trail)',
      expect.stringMatching(/^state: {5}not shown: the reference engine refuses the setup: SETUP_PLAYERS: /) as string,
    ]);
  });

  test('more than 12 legal decisions: the first 12 and how many more', () => {
    const decisions = Array.from({ length: 14 }, (_, i) => ({ card: `${(i % 10) + 1}${i < 10 ? 'D' : 'H'}` }));
    const played = replayOnReference(requestFor(SWEEPS, pagat)).events;
    const divergence: Divergence = { kind: 'event-mismatch', round: 1, play: 3, eventIndex: 4, expectedIndex: 4, rule: 'CAP-CHOICE', expected: played[4] as GameEvent, actual: { type: 'trail', seat: 0, card: '7C' } };
    const text = reportOf(divergence, { engineLegal: decisions });
    expect(text.split('\n').find((row) => row.startsWith('engine legal:'))).toBe(
      'engine legal: 1D trails | 2D trails | 3D trails | 4D trails | 5D trails | 6D trails | 7D trails | 8D trails | 9D trails | 10D trails | 1H trails | 2H trails | ... 2 more (engine under test)',
    );
  });
});

describe('values and decisions in words', () => {
  test.each([
    [['7D', '10S'], '[7D 10S]'],
    [[1, null, 'x'], '[1 null x]'],
    [[[1, 2], { a: 1 }], '[[1 2], {a: 1}]'],
    [{ seat: 0, skipped: undefined, cards: [] }, '{seat: 0, cards: []}'],
    ['table-bonus', 'table-bonus'],
    ['two words', '"two words"'],
    ['', '""'],
    [true, 'true'],
    [null, 'null'],
  ])('formatValue(%j) is %s', (value, text) => {
    expect(formatValue(value)).toBe(text);
  });

  test('an event, and no event', () => {
    expect(formatEvent({ type: 'sweep', seat: 1, points: 2, extra: 'x' } as unknown as GameEvent)).toBe('sweep {seat: 1, points: 2}');
    expect(formatEvent(null)).toBe('(none)');
    expect(formatEvent(undefined)).toBe('(none)');
  });

  test('a decision: a capture, a trail, and where capture is automatic one that leaves it to the engine', () => {
    const auto = variantRules('playpalace');
    expect(formatDecision({ card: '7D', capture: ['7S'] }, pagat)).toBe('plays 7D and takes [7S]');
    expect(formatDecision({ card: '7D', capture: [] }, pagat)).toBe('plays 7D and takes nothing (a trail)');
    expect(formatDecision({ card: '7D' }, pagat)).toBe('plays 7D and takes nothing (a trail)');
    expect(formatDecision({ card: '7D' })).toBe('plays 7D and takes nothing (a trail)');
    expect(formatDecision({ card: '7D' }, auto)).toBe('plays 7D (the capture is automatic)');
    expect(formatDecision({ card: '7D', capture: [] }, auto)).toBe('plays 7D and takes nothing (a trail)');
  });

  test('a rule by name and link; an unknown one by its id and the section that governs the point', () => {
    expect(ruleName('SWEEP-POINT')).toBe('SWEEP-POINT (emptying the table scores)');
    expect(ruleName('NO-SUCH-RULE' as RuleId)).toBe('NO-SUCH-RULE');
    expect(rulePointer('NO-SUCH-RULE' as RuleId, 'scoring')).toBe('spec/rules.md#12-round-scoring');
    expect(rulePointer(undefined, 'errors')).toBe('spec/rules.md#16-error-registry');
  });

  test('the state before a play: play 0 is before the round\'s first deck order; a round the game never reaches', () => {
    expect(stateBefore(SWEEPS, pagat, 1, 0).state?.status).toBe('awaiting-deck');
    const before3 = stateBefore(SWEEPS, pagat, 1, 3).state;
    expect(before3 === undefined ? undefined : [before3.turn, tableOf(before3)]).toEqual([0, ['7H']]);
    expect(stateBefore(SWEEPS, pagat, 2, 1).problem).toBe('the fixture makes no play 5 in round 1');
    const noDeck: Fixture = { ...SWEEPS, rounds: [{ decks: [], plays: [] }] };
    expect(stateBefore(noDeck, pagat, 1, 1).problem).toBe('the fixture gives no deck order 1 for round 1');
    const badDeck: Fixture = { ...SWEEPS, rounds: [{ decks: [['7D']], plays: [] }] };
    expect(stateBefore(badDeck, pagat, 1, 1).problem).toMatch(/^the reference engine refuses deck order 1 of round 1: DECK_NOT_PERMUTATION: /);
    const badPlay: Fixture = { ...SWEEPS, rounds: [{ decks: SWEEPS.rounds[0]?.decks ?? [], plays: [{ card: '1D' }] }] };
    expect(stateBefore(badPlay, pagat, 1, 2).problem).toMatch(/^the reference engine refuses round 1, play 1: CARD_NOT_IN_HAND: /);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Scoring events, the end of the game, and what the report shows of each kind

describe('reports of scoring events and of the end, in full', () => {
  /** scoredRound and the game-end: 0 deal, 1-6 plays and sweeps, 7 remainder, 8-9 awards, 10 round-end, 11 game-end. */
  const withEnd = (): GameEvent[] => [...scoredRound(), { type: 'game-end', reason: 'target', winner: 0, ranking: [0, 1], totals: [4, 0] }];
  const coins: GameEvent = { type: 'award', round: 1, category: 'coins', counts: [2, 0], points: [1, 0] };

  test('an award that differs: the fields that differ, the event before it, the cards behind each side\'s count; no decision', () => {
    const divergence: Divergence = {
      kind: 'event-mismatch',
      round: 1,
      play: 4,
      eventIndex: 9,
      expectedIndex: 9,
      rule: 'SCORE-MOST-COINS',
      expected: { ...coins, counts: [1, 1], points: [0, 0] } as GameEvent,
      actual: coins,
    };
    expect(reportOf(divergence, { reply: { events: withEnd() } })).toBe(
      padded(11, [
        ...HEAD,
        "what: the engine's event #9 is not the one the fixture expects [event-mismatch]",
        'where: round 1, play 4 (the last play the fixture makes in this round)',
        'expected: award {round: 1, category: coins, counts: [1 1], points: [0 0]} (expected event #9)',
        'actual: award {round: 1, category: coins, counts: [2 0], points: [1 0]} (engine event #9)',
        'differs in: counts, points',
        'after: award {round: 1, category: cards, counts: [8 0], points: [1 0]} (engine event #8)',
        "behind it: side 0: 2 coins [2D 9D] (from the engine's events)",
        '  side 1: 0 coins []',
        'rule: SCORE-MOST-COINS (most cards of the coins suit): spec/rules.md#score-most-coins-most-cards-of-the-coins-suit',
        REPRODUCE,
      ]),
    );
  });

  test('an award expected and missing, of a category the rules do not have, or without counts: no breakdown', () => {
    const missing: Divergence = { kind: 'missing-event', round: 1, play: 4, eventIndex: 10, expectedIndex: 10, expected: { ...coins, category: 'bonus' } as GameEvent, actual: null };
    const text = reportOf(missing, { reply: { events: withEnd() } });
    expect(text.split('\n').slice(4)).toEqual([
      'expected:  award {round: 1, category: bonus, counts: [2 0], points: [1 0]} (expected event #10)',
      'actual:    (none)',
      'after:     award {round: 1, category: coins, counts: [2 0], points: [1 0]} (engine event #9)',
      'rule:      no single rule; see spec/rules.md#15-event-vocabulary',
      REPRODUCE,
    ]);
    const noCounts = reportOf({ ...missing, expected: { ...coins, counts: 'none' } as unknown as GameEvent }, { reply: { events: withEnd() } });
    expect(noCounts).not.toMatch(/^behind it:/m);
    const extra: Divergence = { kind: 'extra-event', round: 1, play: 4, eventIndex: 9, expectedIndex: 9, expected: null, actual: { ...coins, points: 'x' } as unknown as GameEvent };
    expect(reportOf(extra, { reply: { events: withEnd() } }).split('\n').filter((row) => row.startsWith('behind it:') || row.startsWith('   '))).toEqual([
      "behind it: side 0: 2 coins [2D 9D] (from the engine's events)",
      '           side 1: 0 coins []',
    ]);
  });

  test('a round-end that differs: its fields, the event before; no decision, no breakdown', () => {
    const roundEnd: GameEvent = { type: 'round-end', round: 1, points: [4, 0], totals: [4, 0] };
    const divergence: Divergence = { kind: 'event-mismatch', round: 1, play: 4, eventIndex: 10, expectedIndex: 10, expected: { ...roundEnd, points: [3, 0], totals: [3, 0] }, actual: roundEnd };
    expect(reportOf(divergence, { reply: { events: withEnd() } })).toBe(
      padded(11, [
        ...HEAD,
        "what: the engine's event #10 is not the one the fixture expects [event-mismatch]",
        'where: round 1, play 4 (the last play the fixture makes in this round)',
        'expected: round-end {round: 1, points: [3 0], totals: [3 0]} (expected event #10)',
        'actual: round-end {round: 1, points: [4 0], totals: [4 0]} (engine event #10)',
        'differs in: points, totals',
        'after: award {round: 1, category: coins, counts: [2 0], points: [1 0]} (engine event #9)',
        'rule: no single rule; see spec/rules.md#15-event-vocabulary',
        REPRODUCE,
      ]),
    );
  });

  test('a game-end missing: what was expected, the last event; no decision', () => {
    const gameEnd: GameEvent = { type: 'game-end', reason: 'target', winner: 0, ranking: [0, 1], totals: [4, 0] };
    const divergence: Divergence = { kind: 'missing-event', round: 1, play: 4, eventIndex: 11, expectedIndex: 11, rule: 'END-TARGET', expected: gameEnd, actual: null };
    expect(reportOf(divergence)).toBe(
      [
        ...HEAD,
        'what:      the engine reports no event where the fixture expects one (the engine reported 11) [missing-event]',
        'where:     round 1, play 4 (the last play the fixture makes in this round)',
        'expected:  game-end {reason: target, winner: 0, ranking: [0 1], totals: [4 0]} (expected event #11)',
        'actual:    (none)',
        'after:     round-end {round: 1, points: [4 0], totals: [4 0]} (engine event #10)',
        'rule:      END-TARGET (the first side to reach the target): spec/rules.md#end-target-the-first-side-to-reach-the-target',
        REPRODUCE,
      ].join('\n'),
    );
  });

  test('a play missing: the decision, the table and hand, the reference\'s legal decisions; the sweep before it', () => {
    const played = replayOnReference(requestFor(SWEEPS, pagat)).events;
    const divergence: Divergence = { kind: 'missing-event', round: 1, play: 4, eventIndex: 6, expectedIndex: 6, rule: 'PLAY-TRAIL', expected: played[6] as GameEvent, actual: null };
    expect(reportOf(divergence, { reply: { events: played.slice(0, 6) } })).toBe(
      [
        ...HEAD,
        'what:      the engine reports no event where the fixture expects one (the engine reported 6) [missing-event]',
        'where:     round 1, play 4 (the last play the fixture makes in this round)',
        'decision:  seat 1 plays 9D and takes nothing (a trail)',
        'table:     [] before the play',
        'hand:      seat 1 holds [9D 6S]',
        'legal:     9D trails | 6S trails (reference engine)',
        'expected:  trail {seat: 1, card: 9D} (expected event #6)',
        'actual:    (none)',
        'after:     sweep {seat: 0, points: 1} (engine event #5)',
        'rule:      PLAY-TRAIL (a card that captures nothing joins the table): spec/rules.md#play-trail-a-card-that-captures-nothing-joins-the-table',
        REPRODUCE,
      ].join('\n'),
    );
  });

  test('the wrong seat playing: the fixture\'s seat, and the hand of the seat whose turn it is', () => {
    const played = replayOnReference(requestFor(SWEEPS, pagat)).events;
    const rounds = SWEEPS.rounds.map((round) => ({ ...round, plays: round.plays.map((play, i) => (i === 1 ? { ...play, seat: 0 } : play)) }));
    const divergence: Divergence = { kind: 'event-mismatch', round: 1, play: 2, eventIndex: 3, expectedIndex: 3, rule: 'PLAY-TURN', expected: { type: 'trail', seat: 0, card: '7H' }, actual: played[3] as GameEvent };
    expect(reportOf(divergence, { fixture: { ...SWEEPS, rounds } }).split('\n').slice(4, 12)).toEqual([
      'decision:   seat 0 plays 7H and takes nothing (a trail)',
      'table:      [] before the play',
      'hand:       seat 1 holds [7H 9D 6S] (seat 1 is to play)',
      'legal:      7H trails | 9D trails | 6S trails (reference engine)',
      'expected:   trail {seat: 0, card: 7H} (expected event #3)',
      'actual:     trail {seat: 1, card: 7H} (engine event #3)',
      'differs in: seat',
      'after:      sweep {seat: 0, points: 1} (engine event #2)',
    ]);
  });

  test('expected and actual the same (a divergence made by hand): no "differs in" line', () => {
    const played = replayOnReference(requestFor(SWEEPS, pagat)).events;
    const same: Divergence = { kind: 'event-mismatch', round: 1, play: 3, eventIndex: 4, expectedIndex: 4, expected: played[4] as GameEvent, actual: played[4] as GameEvent };
    expect(reportOf(same)).not.toMatch(/^differs in:/m);
    expect(reportOf(same)).toMatch(/^after: {5}trail \{seat: 1, card: 7H\} \(engine event #3\)$/m);
  });

  test('a result expected where the engine reported nothing: no deal shown; its rule line points at the events', () => {
    const divergence: Divergence = { kind: 'result-mismatch', round: 1, play: 0, eventIndex: 0, field: 'missing', expected: { winner: 1 }, actual: null };
    expect(reportOf(divergence, { reply: { events: [] } })).toBe(
      [
        ...HEAD,
        "what:      the engine's events have no game-end: for the engine the game did not end [result-mismatch]",
        'where:     the end of the game (round 1, after play 0)',
        'expected:  side 1 wins',
        'actual:    no game-end event',
        'rule:      no single rule; see spec/rules.md#15-event-vocabulary',
        REPRODUCE,
      ].join('\n'),
    );
  });

  test('one play, and plays in a round the fixture does not have: "1 play", no last-play note, the decision not made', () => {
    const divergence: Divergence = { kind: 'extra-play', round: 3, play: 1, eventIndex: 5, expected: { plays: 0 }, actual: { plays: 1 } };
    expect(reportOf(divergence).split('\n').slice(2)).toEqual([
      'what:      the engine reports 1 play in round 3; the fixture makes 0 [extra-play]',
      'where:     round 3, play 1',
      'decision:  none: the fixture makes no play 1 in round 3',
      'state:     not shown: the fixture makes no play 5 in round 1',
      'expected:  0 plays in round 3',
      'actual:    1 play in round 3',
      'then:      event #5: sweep {seat: 0, points: 1}',
      'rule:      no single rule; see spec/rules.md#15-event-vocabulary',
      REPRODUCE,
    ]);
    const stopped: Divergence = { kind: 'stopped-early', round: 1, play: 2, eventIndex: 2, expected: { plays: 1 }, actual: { plays: 1 } };
    expect(reportOf(stopped).split('\n')[2]).toBe(
      'what:      the engine stopped after play 1 of round 1 without refusing anything; the fixture makes 1 play in that round [stopped-early]',
    );
  });

  test('the rule line of each kind without a rule: refusals point at the error registry, round scores at the scoring, the rest at the events', () => {
    const ruleLine = (divergence: Divergence): string | undefined => reportOf(divergence).split('\n').find((row) => row.startsWith('rule:'));
    const refusal = { round: 1, play: 2, code: 'MUST_CAPTURE' as const };
    expect(ruleLine({ kind: 'not-rejected', round: 1, play: 2, eventIndex: 3, expected: refusal, actual: null })).toBe('rule:      no single rule; see spec/rules.md#16-error-registry');
    expect(ruleLine({ kind: 'wrong-rejection', round: 1, play: 2, eventIndex: 3, expected: refusal, actual: { ...refusal, code: 'NOT_YOUR_TURN' } })).toBe(
      'rule:      no single rule; see spec/rules.md#16-error-registry',
    );
    expect(ruleLine({ kind: 'sweeps-mismatch', round: 1, play: 4, eventIndex: 6, field: 'sweeps', expected: [1, 0], actual: [2, 0] })).toBe('rule:          no single rule; see spec/rules.md#12-round-scoring');
    expect(ruleLine({ kind: 'round-mismatch', round: 1, play: 4, eventIndex: 10, field: 'points', expected: [1, 0], actual: [2, 0] })).toBe('rule:          no single rule; see spec/rules.md#12-round-scoring');
    expect(ruleLine({ kind: 'legal-mismatch', round: 1, play: 3, eventIndex: 4, expected: [], actual: [], missing: [], extra: [] })).toBe('rule:      no single rule; see spec/rules.md#15-event-vocabulary');
  });
});

describe('what the report rebuilds from the events and the fixture', () => {
  test('cards won: a capture\'s, a table bonus\'s, the remainder\'s; nothing from another round, an odd seat, a seat past the players or a field that is no card list', () => {
    const categories: Category[] = [{ id: 'cards', kind: 'most-cards', points: 1, ties: 'nobody' }];
    const rules: Rules = { ...pagat, scoring: { ...pagat.scoring, categories } };
    const events = [
      { type: 'table-bonus', round: 1, seat: 1, cards: ['1D', '2D'], sweeps: 0 },
      { type: 'capture', seat: 0, card: '3D', captured: ['3S'] },
      { type: 'capture', seat: 1, card: '4D', captured: '4S' },
      { type: 'capture', seat: null, card: '5D', captured: ['5S'] },
      { type: 'capture', seat: 0.5, card: '6D', captured: ['6S'] },
      { type: 'capture', seat: 2, card: '2C', captured: ['2H'] },
      { type: 'remainder', seat: 0, cards: ['7D', 8] },
      { type: 'remainder', seat: 1, cards: ['8D'] },
      { type: 'round-end', round: 1, points: [0, 0], totals: [0, 0] },
      { type: 'deal', round: 2, deal: 1, dealer: 0, hands: [], table: [] },
      { type: 'capture', seat: 0, card: '9D', captured: ['9S'] },
    ] as unknown as GameEvent[];
    const divergence: Divergence = { kind: 'award-mismatch', round: 1, play: 4, eventIndex: 8, category: 'cards', field: 'missing', expected: { counts: [1, 1] }, actual: null };
    expect(reportOf(divergence, { rules, reply: { events } }).split('\n').filter((row) => row.startsWith('behind it:') || row.startsWith('   '))).toEqual([
      "behind it: side 0: 2 cards (from the engine's events)",
      '           side 1: 4 cards',
    ]);
  });

  test('only cards in the notation count: 7D, not x7H, 7Sx or 11H; ten is 10', () => {
    const categories: Category[] = [
      { id: 'sevens', kind: 'most-sevens', points: 1, ties: 'nobody' },
      { id: 'primiera', kind: 'primiera', points: 1, ties: 'nobody', incomplete: 'loses-to-complete' },
    ];
    const rules: Rules = { ...pagat, scoring: { ...pagat.scoring, categories } };
    const events = [{ type: 'remainder', seat: 0, cards: ['7D', 'x7H', '7Sx', '10C', '11H'] }] as GameEvent[];
    const behind = (category: string): string[] =>
      reportOf({ kind: 'award-mismatch', round: 1, play: 4, eventIndex: 1, category, field: 'missing', expected: { counts: [1, 0] }, actual: null }, { rules, reply: { events } })
        .split('\n')
        .filter((row) => row.startsWith('behind it:') || row.startsWith('   '));
    expect(behind('sevens')).toEqual(["behind it: side 0: 1 sevens [7D] (from the engine's events)", '           side 1: 0 sevens []']);
    expect(behind('primiera')).toEqual(["behind it: side 0: best of each suit 7D=21 no H no S 10C=10, sum 31 (from the engine's events)", '           side 1: best of each suit no D no H no S no C, sum 0']);
  });

  test('two decks: all the coins are 20, all the sevens 8; every coin from the ace is a run of 10', () => {
    const categories: Category[] = [
      { id: 'all-coins', kind: 'all-coins', points: 1, combine: 'instead-of-most' },
      { id: 'all-sevens', kind: 'all-sevens', points: 1, combine: 'instead-of-most' },
      { id: 'napola', kind: 'napola', points: 1 },
    ];
    const rules: Rules = { ...pagat, deck: { ...pagat.deck, copies: 2 }, scoring: { ...pagat.scoring, categories } };
    const coins = ['1D', '2D', '3D', '4D', '5D', '6D', '7D', '8D', '9D', '10D'];
    const events = [{ type: 'remainder', seat: 0, cards: [...coins, '7S'] }] as GameEvent[];
    const behind = (category: string): string | undefined =>
      reportOf({ kind: 'award-mismatch', round: 1, play: 4, eventIndex: 1, category, field: 'missing', expected: { counts: [1, 0] }, actual: null }, { rules, reply: { events } })
        .split('\n')
        .find((row) => row.startsWith('behind it:'));
    expect(behind('all-coins')).toBe("behind it: side 0: 10 of 20 coins (from the engine's events)");
    expect(behind('all-sevens')).toBe("behind it: side 0: 2 of 8 sevens [7D 7S] (from the engine's events)");
    expect(behind('napola')).toBe(`behind it: side 0: a run of 10 from the ace, coins [${coins.join(' ')}] (from the engine's events)`);
  });

  test('sweeps and awards of another round are not the round\'s', () => {
    const events: GameEvent[] = [
      ...scoredRound(),
      { type: 'deal', round: 2, deal: 1, dealer: 0, hands: [], table: [] },
      { type: 'capture', seat: 1, card: '1D', captured: ['1S'] },
      { type: 'sweep', seat: 1, points: 1 },
      { type: 'award', round: 2, category: 'cards', counts: [0, 2], points: [0, 1] },
    ];
    const divergence: Divergence = { kind: 'round-mismatch', round: 1, play: 4, eventIndex: 10, field: 'points', expected: [3, 0], actual: [4, 0] };
    expect(reportOf(divergence, { reply: { events } }).split('\n').slice(6, 9)).toEqual([
      'engine awards: cards: counts [8 0], points [1 0]',
      '               coins: counts [2 0], points [1 0]',
      'engine sweeps: seat 0 at play 1 (1 point), seat 0 at play 3 (1 point)',
    ]);
    const second: Divergence = { ...divergence, round: 2, play: 1, eventIndex: 14 };
    expect(reportOf(second, { reply: { events } }).split('\n').slice(6, 8)).toEqual([
      'engine awards: cards: counts [0 2], points [0 1]',
      'engine sweeps: seat 1 at play 1 (1 point)',
    ]);
  });

  test('a legal decision that takes nothing is a trail; exactly 12 decisions are all shown', () => {
    const played = replayOnReference(requestFor(SWEEPS, pagat)).events;
    const divergence: Divergence = { kind: 'event-mismatch', round: 1, play: 3, eventIndex: 4, expectedIndex: 4, rule: 'CAP-CHOICE', expected: played[4] as GameEvent, actual: { type: 'trail', seat: 0, card: '7C' } };
    const twelve = Array.from({ length: 12 }, (_, i) => ({ card: `${(i % 10) + 1}${i < 10 ? 'D' : 'H'}`, capture: [] }));
    expect(reportOf(divergence, { engineLegal: twelve }).split('\n').find((row) => row.startsWith('engine legal:'))).toBe(
      'engine legal: 1D trails | 2D trails | 3D trails | 4D trails | 5D trails | 6D trails | 7D trails | 8D trails | 9D trails | 10D trails | 1H trails | 2H trails (engine under test)',
    );
  });

  test('the state before a play of a later round; a play past the round\'s end; a round past the game\'s end', () => {
    const { fixture, rules } = playedFixture('pagat', { seed: 3 });
    expect(fixture.rounds.map((round) => round.plays.length)).toEqual([36, 36, 36, 36]);
    const before = stateBefore(fixture, rules, 2, 3).state;
    expect([before?.round, before?.turn, before?.status]).toEqual([2, 1, 'playing']);
    expect(stateBefore(fixture, rules, 2, 0).state?.round).toBe(2);
    expect(stateBefore(fixture, rules, 1, 40).problem).toBe('on the reference engine the game has moved on before round 1, play 40');
    expect(stateBefore(fixture, rules, 5, 1).problem).toBe('on the reference engine the game is over before round 5, play 1');
  });

  test('values: a list of cards and objects is a list of values', () => {
    expect(formatValue(['7D', { a: 1 }])).toBe('[7D, {a: 1}]');
    expect(formatValue([])).toBe('[]');
  });
});

describe('the reference\'s legal decisions: shown where the point is a play, a capture or a sweep', () => {
  const labels = (text: string): string[] => text.split('\n').flatMap((row) => /^([a-z ]+):/.exec(row)?.[1] ?? []);
  const played = (): GameEvent[] => scoredRound();

  test('a remainder that differs, after the last play: the play, no legal decisions', () => {
    const divergence: Divergence = {
      kind: 'event-mismatch',
      round: 1,
      play: 4,
      eventIndex: 7,
      expectedIndex: 7,
      rule: 'SWEEP-REMAINDER',
      expected: { type: 'remainder', seat: 1, cards: ['9D'] },
      actual: played()[7] as GameEvent,
    };
    expect(labels(reportOf(divergence))).toEqual(['fixture', 'title', 'what', 'where', 'decision', 'table', 'hand', 'expected', 'actual', 'differs in', 'after', 'rule', 'reproduce']);
  });

  test('two sweeps that differ: the legal decisions of the play that swept', () => {
    const divergence: Divergence = {
      kind: 'event-mismatch',
      round: 1,
      play: 3,
      eventIndex: 5,
      expectedIndex: 5,
      rule: 'SWEEP-POINT',
      expected: { type: 'sweep', seat: 0, points: 2 },
      actual: played()[5] as GameEvent,
    };
    const text = reportOf(divergence);
    expect(text.split('\n').filter((row) => /^(legal|expected|actual|differs in):/.test(row))).toEqual([
      'legal:      7C takes [7H] | 5S trails (reference engine)',
      'expected:   sweep {seat: 0, points: 2} (expected event #5)',
      'actual:     sweep {seat: 0, points: 1} (engine event #5)',
      'differs in: points',
    ]);
  });
});
