/**
 * The pretty reporter line by line: the headline of each outcome, the reasons fixtures were not judged (the not
 * applicable by cause) or were judged by derived expectations (by declaration), the notes of a stopped run, and the
 * summary line.
 */
import { describe, expect, test } from 'vitest';
import type { Divergence } from '../divergences/divergence.ts';
import { countResults, type FixtureResult, type RunSummary } from '../run/outcome.ts';
import { headline, renderPretty, summaryLine } from './pretty.ts';

const DIVERGENCE: Divergence = { kind: 'round-mismatch', round: 2, play: 18, eventIndex: 90, field: 'totals', expected: [11, 4], actual: [10, 4] };

const result = (id: string, outcome: FixtureResult['outcome'], extra: Partial<FixtureResult> = {}): FixtureResult => ({
  id,
  file: `fixtures/${id}.yaml`,
  title: 't',
  variant: 'pagat',
  outcome,
  durationMs: 1,
  ...extra,
});

const summaryOf = (results: FixtureResult[], extra: Partial<RunSummary> = {}): RunSummary => ({
  engine: 'node engine.js',
  results,
  counts: countResults(results),
  bailed: false,
  durationMs: 2345,
  ...extra,
});

describe('the headline of a result', () => {
  test.each([
    ['passed', result('a', 'passed'), 'passed'],
    ['failed, with no rule and no other finding', result('a', 'failed', { divergence: DIVERGENCE }), 'first divergence at round 2, play 18 (round-mismatch)'],
    [
      'failed, its other findings by rule',
      result('a', 'failed', {
        divergence: { ...DIVERGENCE, rule: 'SWEEP-TIMING' },
        findings: [
          { rule: 'SWEEP-TIMING', rounds: [2], divergence: DIVERGENCE, report: 'r' },
          { rule: null, rounds: [3], divergence: DIVERGENCE, report: 'r' },
          { rule: 'END-TARGET', rounds: [3], divergence: DIVERGENCE, report: 'r' },
        ],
      }),
      'first divergence at round 2, play 18 (round-mismatch, SWEEP-TIMING); also no single rule, END-TARGET',
    ],
    ['failed, without a divergence', result('a', 'failed'), 'failed'],
    ['errored', result('a', 'errored', { message: 'the engine exited (code 1)' }), 'the engine exited (code 1)'],
    ['errored, without a message', result('a', 'errored'), 'the engine gave no usable reply'],
    ['skipped', result('a', 'skipped', { message: 'the engine does not play escoba' }), 'the engine does not play escoba'],
    ['skipped, without a message', result('a', 'skipped'), 'not run'],
    ['not applicable', result('a', 'not-applicable', { message: 'escoba is not in its profile' }), 'not applicable: escoba is not in its profile'],
    ['not applicable, without a message', result('a', 'not-applicable'), 'not applicable: the engine does not play it'],
    ['a listed fixture that passed', result('a', 'passed', { expectedFailure: 'thought broken' }), 'passed, but the expect-fail list says it fails (thought broken); take it off the list'],
    ['a listed fixture that failed', result('a', 'failed', { expectedFailure: 'known', divergence: DIVERGENCE }), 'first divergence at round 2, play 18 (round-mismatch)'],
  ])('%s', (_, given, text) => {
    expect(headline(given)).toBe(text);
  });
});

test('the summary line: the counts, the engine, the seconds to two places', () => {
  expect(summaryLine(summaryOf([result('a', 'passed')]))).toBe('1 fixture: 1 passed, 0 failed, 0 skipped, 0 errored (engine "node engine.js", 2.35 s)');
  expect(summaryLine({ ...summaryOf([]), engine: 'reference', durationMs: 4 })).toBe('0 fixtures: 0 passed, 0 failed, 0 skipped, 0 errored (reference engine, 0.00 s)');
});

test('a run where everything passed: the summary line alone', () => {
  expect(renderPretty(summaryOf([result('a', 'passed'), result('b', 'passed')]))).toBe('2 fixtures: 2 passed, 0 failed, 0 skipped, 0 errored (engine "node engine.js", 2.35 s)\n');
});

test('listed failures are left out; an error with no output is one line; output is cut at 20 lines', () => {
  const detail = Array.from({ length: 23 }, (_, i) => `line ${i + 1}`).join('\n');
  const results = [
    result('a', 'failed', { expectedFailure: 'known', divergence: DIVERGENCE }),
    result('b', 'errored', { message: 'boom', detail: ' \n ' }),
    result('c', 'errored', { message: 'crash', detail }),
    result('d', 'errored', { expectedFailure: 'known', message: 'listed' }),
  ];
  expect(renderPretty(summaryOf(results))).toBe(
    [
      'ERROR b (fixtures/b.yaml): boom',
      '',
      'ERROR c (fixtures/c.yaml): crash',
      ...Array.from({ length: 20 }, (_, i) => `    line ${i + 1}`),
      '    ... 3 more lines',
      '',
      '4 fixtures: 0 passed, 1 failed, 2 expected to fail, 0 skipped, 3 errored (engine "node engine.js", 2.35 s)',
      '',
    ].join('\n'),
  );
});

test('why fixtures were not run or were judged by derived expectations: one line per declaration, cause or reason, with how many', () => {
  const results = [
    result('a', 'passed', { derived: 'options.target: 11' }),
    result('b', 'passed', { derived: 'options.target: 11' }),
    result('c', 'failed', { derived: 'teamModes: individual', divergence: DIVERGENCE }),
    result('d', 'not-applicable', { variant: 'escoba', cause: 'a variant the engine does not play', message: 'the engine does not play escoba' }),
    result('e', 'not-applicable', { variant: 'escoba', cause: 'a variant the engine does not play', message: 'the engine does not play escoba' }),
    result('f', 'not-applicable'),
    result('g', 'skipped', { message: 'the engine does not answer legal' }),
    result('h', 'skipped'),
  ];
  expect(renderPretty(summaryOf(results))).toBe(
    [
      'FAIL  c: first divergence at round 2, play 18 (round-mismatch)',
      '',
      "DERIVED 2 fixtures with expectations derived on the reference engine, under the profile's options.target: 11",
      "DERIVED 1 fixture with expectations derived on the reference engine, under the profile's teamModes: individual",
      'N/A   2 fixtures of escoba: a variant the engine does not play',
      'N/A   1 fixture of pagat: the engine does not play it',
      'SKIP  1 fixture: the engine does not answer legal',
      'SKIP  1 fixture: not run',
      '8 fixtures: 2 passed, 1 failed, 3 not applicable, 2 skipped, 0 errored (engine "node engine.js", 2.35 s)',
      '',
    ].join('\n'),
  );
});

test('not applicable, by cause: one line each, whatever each fixture\'s own reason; a declaration named once, with the fixtures judged and not applicable under it', () => {
  const declaration = 'rules.capture.compulsion: none, categories.primiera.ties: each';
  const twoPlayers = (id: string, variant: string, players: number): FixtureResult =>
    result(id, 'not-applicable', { variant, cause: 'the engine plays 2 players', message: `the engine plays 2 players, the fixture ${players}` });
  const otherVariant = (id: string, variant: string): FixtureResult =>
    result(id, 'not-applicable', { variant, cause: 'a variant the engine does not play', message: `the engine does not play ${variant}` });
  const illegal = (id: string, play: number): FixtureResult =>
    result(id, 'not-applicable', { cause: "inputs not legal under the engine's declared rules", message: `play ${play} of round 1 is refused (MUST_CAPTURE) under the engine's declared rules`, derived: declaration });
  const results = [
    ...['anycard', 'denexa', 'escoba', 'napola', 're-bello', 'scoparella'].map((variant, i) => otherVariant(`v${i}`, variant)),
    twoPlayers('p1', 'pagat', 3),
    twoPlayers('p2', 'pagat', 4),
    twoPlayers('p3', 'playpalace', 4),
    result('d1', 'passed', { derived: declaration }),
    result('d2', 'passed', { derived: declaration }),
    illegal('i1', 1),
    illegal('i2', 7),
  ];
  const lines = renderPretty(summaryOf(results)).split('\n');
  expect(lines.slice(0, 4)).toEqual([
    `DERIVED 2 fixtures with expectations derived on the reference engine, 2 fixtures not applicable (inputs illegal), under the profile's ${declaration}`,
    'N/A   6 fixtures of anycard, denexa, escoba, napola and 2 more variants: a variant the engine does not play',
    'N/A   3 fixtures of pagat, playpalace: the engine plays 2 players',
    "N/A   2 fixtures of pagat: inputs not legal under the engine's declared rules",
  ]);
  expect(lines.filter((line) => line.includes(declaration))).toHaveLength(1);
});

test('at most 12 reasons of each kind, and how many more', () => {
  const results = Array.from({ length: 14 }, (_, i) => result(`n${i}`, 'not-applicable', { message: `reason ${i}` }));
  const lines = renderPretty(summaryOf([...results, result('p', 'passed')])).split('\n');
  expect(lines.slice(10, 14)).toEqual([
    'N/A   1 fixture of pagat: reason 10',
    'N/A   1 fixture of pagat: reason 11',
    'N/A   ... 2 more reasons (--reporter json lists each fixture\'s)',
    '15 fixtures: 1 passed, 0 failed, 14 not applicable, 0 skipped, 0 errored (engine "node engine.js", 2.35 s)',
  ]);
  expect(lines.filter((line) => line.startsWith('N/A '))).toHaveLength(13);
});

test('exactly 12 reasons: all of them, no "more"', () => {
  const results = Array.from({ length: 12 }, (_, i) => result(`n${i}`, 'not-applicable', { message: `reason ${i}` }));
  const lines = renderPretty(summaryOf([...results, result('p', 'passed')])).split('\n');
  expect(lines.filter((line) => line.startsWith('N/A '))).toHaveLength(12);
  expect(lines[11]).toBe('N/A   1 fixture of pagat: reason 11');
});

describe('a run that stopped, or judged nothing', () => {
  test('interrupted: how many were not run, no skip reasons, no exit-2 note', () => {
    const results = [result('a', 'passed'), result('b', 'skipped', { message: 'not run: interrupted' }), result('c', 'skipped', { message: 'not run: interrupted' })];
    expect(renderPretty(summaryOf(results, { interrupted: true, bailed: true }))).toBe(
      [
        'interrupted (Ctrl-C or a signal): 2 fixtures not run; what ran is reported above',
        '3 fixtures: 1 passed, 0 failed, 2 skipped, 0 errored (engine "node engine.js", 2.35 s)',
        '',
      ].join('\n'),
    );
    const all = [result('b', 'skipped', { message: 'not run: interrupted' })];
    expect(renderPretty(summaryOf(all, { interrupted: true })).split('\n')[0]).toBe('interrupted (Ctrl-C or a signal): 1 fixture not run; what ran is reported above');
  });

  test('stopped by --bail: how many were not run, one is singular', () => {
    const results = [result('a', 'failed', { divergence: DIVERGENCE }), result('b', 'skipped', { message: 'not run: --bail' })];
    expect(renderPretty(summaryOf(results, { bailed: true })).split('\n').slice(1, 3)).toEqual(['', 'stopped at the first failure (--bail): 1 fixture not run']);
    const none = [result('a', 'failed', { divergence: DIVERGENCE })];
    expect(renderPretty(summaryOf(none, { bailed: true })).split('\n')[2]).toBe('stopped at the first failure (--bail): 0 fixtures not run');
  });

  test('nothing judged: every fixture skipped or not applicable, said to exit 2', () => {
    const results = [result('a', 'skipped', { message: 'no legal' }), result('b', 'not-applicable', { message: 'escoba' })];
    expect(renderPretty(summaryOf(results))).toBe(
      [
        'N/A   1 fixture of pagat: escoba',
        'SKIP  1 fixture: no legal',
        'nothing was judged: every fixture was skipped or not applicable (exit 2)',
        '2 fixtures: 0 passed, 0 failed, 1 not applicable, 1 skipped, 0 errored (engine "node engine.js", 2.35 s)',
        '',
      ].join('\n'),
    );
  });
});

describe('the report card', () => {
  const finding = (id: string, round: number) => ({ rule: 'SWEEP-TIMING' as const, rounds: [round], divergence: { ...DIVERGENCE, round }, report: `fixture: ${id}` });
  const failure = (id: string, round = 2, extra: Partial<FixtureResult> = {}): FixtureResult =>
    result(id, 'failed', { divergence: { ...DIVERGENCE, round, rule: 'SWEEP-TIMING' }, findings: [finding(id, round)], ...extra });

  test('a rule seen in more than 12 fixtures: the first 12, and how many more', () => {
    const results = Array.from({ length: 14 }, (_, i) => failure(`f${String(i).padStart(2, '0')}`));
    const lines = renderPretty(summaryOf(results)).split('\n');
    expect(lines.slice(0, 6)).toEqual([
      'REPORT CARD: engine "node engine.js" breaks 1 rule',
      '  SWEEP-TIMING (when sweep points are added): 14 fixtures, 14 rounds; e.g. f00 round 2 play 18: totals: expected [11 4], got [10 4]',
      '',
      'RULE  SWEEP-TIMING (when sweep points are added): 14 fixtures, spec/rules.md#sweep-timing-when-sweep-points-are-added',
      '    fixture: f00',
      '    seen in:      f00 (round 2), f01 (round 2), f02 (round 2), f03 (round 2), f04 (round 2), f05 (round 2), f06 (round 2), f07 (round 2), f08 (round 2), f09 (round 2), f10 (round 2), f11 (round 2), and 2 more',
    ]);
  });

  test('one fixture is singular; a finding over several rounds lists them', () => {
    const one = failure('f', 2, { findings: [{ ...finding('f', 2), rounds: [2, 5] }] });
    expect(renderPretty(summaryOf([one])).split('\n').slice(3, 6)).toEqual([
      'RULE  SWEEP-TIMING (when sweep points are added): 1 fixture, spec/rules.md#sweep-timing-when-sweep-points-are-added',
      '    fixture: f',
      '    seen in:      f (rounds 2, 5)',
    ]);
  });

  test('about the recorded systems when every failure not listed is a recorded game, several named', () => {
    const results = [
      failure('a', 2, { recorded: 'scopa-web 2.3.1' }),
      failure('b', 2, { recorded: 'old-app 1.0' }),
      failure('c', 2, { recorded: 'scopa-web 2.3.1' }),
      failure('d', 2, { expectedFailure: 'known' }),
    ];
    expect(renderPretty(summaryOf(results)).split('\n')[0]).toBe(
      'REPORT CARD: the recorded games of scopa-web 2.3.1, old-app 1.0 disagree with the engine "node engine.js" on 1 rule',
    );
  });
});

describe('edges of the pretty report', () => {
  const finding = (report: string) => ({ rule: 'SWEEP-TIMING' as const, rounds: [2], divergence: { ...DIVERGENCE, rule: 'SWEEP-TIMING' as const }, report });

  test('an empty line of a worked example stays empty; a failure without findings names no others', () => {
    const withBlank = result('f', 'failed', { divergence: { ...DIVERGENCE, rule: 'SWEEP-TIMING' }, findings: [finding('fixture: f\n\nrule: x')] });
    expect(renderPretty(summaryOf([withBlank])).split('\n').slice(4, 7)).toEqual(['    fixture: f', '', '    rule: x']);
    const { findings: _, ...bare } = withBlank;
    expect(headline(bare)).toBe('first divergence at round 2, play 18 (round-mismatch, SWEEP-TIMING)');
  });

  test('exactly 12 fixtures of a rule: all named; exactly 20 lines of output: all shown', () => {
    const results = Array.from({ length: 12 }, (_, i) => result(`f${String(i).padStart(2, '0')}`, 'failed', { divergence: DIVERGENCE, findings: [finding('r')] }));
    const seen = renderPretty(summaryOf(results)).split('\n').find((line) => line.startsWith('    seen in:'));
    expect(seen).toBe(`    seen in:      ${results.map((r) => `${r.id} (round 2)`).join(', ')}`);
    const detail = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');
    const lines = renderPretty(summaryOf([result('e', 'errored', { message: 'crash', detail })])).split('\n');
    expect(lines.slice(0, 22)).toEqual(['ERROR e (fixtures/e.yaml): crash', ...Array.from({ length: 20 }, (_, i) => `    line ${i + 1}`), '']);
  });

  test('an error with no output at all: its line, then a blank line', () => {
    expect(renderPretty(summaryOf([result('e', 'errored', { message: 'timed out' })]))).toBe(
      ['ERROR e (fixtures/e.yaml): timed out', '', '1 fixture: 0 passed, 0 failed, 0 skipped, 1 errored (engine "node engine.js", 2.35 s)', ''].join('\n'),
    );
  });

  test('the card is about the engine when a failure not recorded is among them, errors aside', () => {
    const failure = result('f', 'failed', { divergence: DIVERGENCE, findings: [finding('r')], recorded: 'scopa-web 2.3.1' });
    const errored = result('g', 'errored', { message: 'm' });
    expect(renderPretty(summaryOf([failure, errored])).split('\n')[0]).toBe('REPORT CARD: the recorded games of scopa-web 2.3.1 disagree with the engine "node engine.js" on 1 rule');
  });

  test('an empty run: the summary line alone; an interrupted run that judged nothing is not said to exit 2', () => {
    expect(renderPretty(summaryOf([]))).toBe('0 fixtures: 0 passed, 0 failed, 0 skipped, 0 errored (engine "node engine.js", 2.35 s)\n');
    expect(renderPretty(summaryOf([result('a', 'skipped', { message: 'not run' })], { interrupted: true }))).toBe(
      [
        'interrupted (Ctrl-C or a signal): 1 fixture not run; what ran is reported above',
        '1 fixture: 0 passed, 0 failed, 1 skipped, 0 errored (engine "node engine.js", 2.35 s)',
        '',
      ].join('\n'),
    );
  });
});

describe('what the run could not judge, the known bugs, and declarations no source documents', () => {
  const failed = (id: string, notJudged: FixtureResult['notJudged'], extra: Partial<FixtureResult> = {}): FixtureResult =>
    result(id, 'failed', { divergence: { ...DIVERGENCE, rule: 'SWEEP-REMAINDER' }, notJudged, ...extra });

  test('rules an earlier divergence decided: counted in rounds over the failures, most first, never over those expected to fail', () => {
    const results = [
      failed('a', [{ rule: 'SCORE-PRIMIERA', after: 'SWEEP-REMAINDER', rounds: [1, 2] }, { rule: 'SCORE-MOST-CARDS', after: 'SWEEP-REMAINDER', rounds: [2] }]),
      failed('b', [{ rule: 'SCORE-PRIMIERA', after: 'SWEEP-REMAINDER', rounds: [3] }]),
      failed('c', [{ rule: 'SCORE-PRIMIERA', after: 'SWEEP-REMAINDER', rounds: [1] }], { expectedFailure: 'a known gap' }),
    ];
    const lines = renderPretty(summaryOf(results)).split('\n').filter((line) => line.startsWith('NOT JUDGED'));
    expect(lines).toEqual(['NOT JUDGED SCORE-PRIMIERA in 3 rounds: SWEEP-REMAINDER came first', 'NOT JUDGED SCORE-MOST-CARDS in 1 round: SWEEP-REMAINDER came first']);
  });

  test('known bugs: each named with its rule and what it does; a run without them says nothing of them', () => {
    const knownBugs = [{ name: 'remainder-to-nobody', rule: 'SWEEP-REMAINDER', bug: 'the cards left go to nobody' }];
    const pretty = renderPretty(summaryOf([result('a', 'passed')], { knownBugs }));
    expect(pretty).toContain('KNOWN BUGS (1): judged as the reference playing them; the run fails while any is listed\n  remainder-to-nobody (SWEEP-REMAINDER): the cards left go to nobody\n');
    expect(renderPretty(summaryOf([result('a', 'passed')]))).not.toContain('KNOWN BUGS');
  });

  test('undocumented declarations: listed, and the result said to hold only under them', () => {
    const pretty = renderPretty(summaryOf([result('a', 'passed')], { undocumented: ['pagat openingTable.bonus.enabled: true'] }));
    expect(pretty).toContain('UNDOCUMENTED: the profile declares what no source documents (pagat openingTable.bonus.enabled: true): the result holds only under these declarations\n');
  });
});
