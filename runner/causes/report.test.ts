import { describe, expect, test } from 'vitest';
import type { RuleFinding } from '../report/card.ts';
import { type Diagnosis, renderDiagnosisJson, renderDiagnosisPretty } from './report.ts';

/** A bug as the report card gives it; what the divergence was is not shown by the diagnosis. */
const bug: RuleFinding = {
  rule: 'SCORE-CARD',
  name: 'SCORE-CARD (holding a named card)',
  link: 'spec/rules.md#score-card-holding-a-named-card',
  fixtures: 3,
  rounds: 4,
  where: [{ id: 'pagat/gen-p2-s1', rounds: [3] }],
  example: { id: 'pagat/gen-p2-s1', file: 'fixtures/pagat/gen-p2-s1.yaml', divergence: {} as RuleFinding['example']['divergence'], report: 'fixture:    pagat/gen-p2-s1\nwhere:      round 3' },
  summary: 'SCORE-CARD (holding a named card): 3 fixtures, 4 rounds; e.g. pagat/gen-p2-s1 round 3',
};

const diagnosis: Diagnosis = {
  engine: 'node my-adapter.js',
  judged: 'engine',
  variants: ['pagat', 'escoba'],
  fixtures: 295,
  games: 700,
  failures: { before: 12, after: 3 },
  readings: [
    { variant: 'pagat', rule: 'SWEEP-LAST-PLAY', knob: 'sweep.lastPlay', value: true, ambiguity: ['AMB-17'], explains: 8 },
    { variant: 'escoba', rule: null, knob: 'options.captureHints', value: false, ambiguity: [], explains: 1 },
  ],
  bugs: [bug],
  errored: 0,
  profile: 'my-readings.yaml',
  durationMs: 2500,
};

describe('the diagnosis as a report', () => {
  test('pretty: each reading with its rule, register entries and what it explains, then the bugs by rule', () => {
    expect(renderDiagnosisPretty(diagnosis)).toBe(`DIAGNOSIS of engine "node my-adapter.js": pagat, escoba; 295 fixtures and 700 generated games
  12 failures (a rule broken in a game) as declared; 3 with the readings found

READINGS (2): declared, each explains failures and breaks no pass
  pagat sweep.lastPlay: true          SWEEP-LAST-PLAY, AMB-17: explains 8 failures
  escoba options.captureHints: false  no rule, in no register entry: explains 1 failure

BUGS (1 rule): failures no documented reading explains
  SCORE-CARD (holding a named card): 3 fixtures, 4 rounds; e.g. pagat/gen-p2-s1 round 3

BUG   SCORE-CARD (holding a named card): 3 fixtures, spec/rules.md#score-card-holding-a-named-card
    fixture:    pagat/gen-p2-s1
    where:      round 3

wrote my-readings.yaml: the profile with the readings found, for run --profile
2 readings, 1 rule broken (2.50 s)
`);
  });

  test('pretty: nothing found and nothing left', () => {
    const { profile: _written, ...unwritten } = diagnosis;
    const pretty = renderDiagnosisPretty({ ...unwritten, readings: [], bugs: [], failures: { before: 0, after: 0 }, errored: 2 });
    expect(pretty).toContain('READINGS: none of the declarable readings explains a failure without breaking a pass\n');
    expect(pretty).toContain('BUGS: none; every failure is explained\n');
    expect(pretty).toContain('ERROR 2 games got no usable answer from the engine (run shows each)\n');
    expect(pretty).not.toContain('wrote ');
  });

  test('JSON: readings and bugs, each with its rule', () => {
    const json = JSON.parse(renderDiagnosisJson(diagnosis)) as Record<string, unknown>;
    expect(json).toMatchObject({
      readings: [
        { variant: 'pagat', rule: 'SWEEP-LAST-PLAY', knob: 'sweep.lastPlay', value: true, ambiguity: ['AMB-17'], explains: 8 },
        { variant: 'escoba', rule: null, knob: 'options.captureHints', value: false, ambiguity: [], explains: 1 },
      ],
      bugs: [{ rule: 'SCORE-CARD', fixtures: 3, example: { id: 'pagat/gen-p2-s1', report: bug.example.report } }],
      failures: { before: 12, after: 3 },
      profile: 'my-readings.yaml',
    });
  });
});
