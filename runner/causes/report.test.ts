import { describe, expect, test } from 'vitest';
import type { ReplayRequest } from '../fixture/fixture.ts';
import type { RuleFinding } from '../report/card.ts';
import { type Diagnosis, explainsAll, renderDiagnosisJson, renderDiagnosisPretty } from './report.ts';

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
  divergences: { before: 40, after: 3 },
  readings: [
    { variant: 'pagat', rule: 'SWEEP-LAST-PLAY', knob: 'sweep.lastPlay', value: true, ambiguity: ['AMB-17'], explains: 8, games: 7 },
    { variant: 'escoba', rule: null, knob: 'options.captureHints', value: false, ambiguity: [], explains: 1, games: 1 },
  ],
  knownBugs: [{ name: 'remainder-to-dealer', rule: 'SWEEP-REMAINDER', bug: 'the cards left on the table go to the dealer', explains: 28, games: 20 }],
  bugs: [bug],
  notJudged: [{ rule: 'SCORE-PRIMIERA', after: 'SWEEP-REMAINDER', rounds: 229 }],
  lost: [],
  skipped: 0,
  profile: 'my-readings.yaml',
  knownBugsFile: 'my-bugs.yaml',
  durationMs: 2500,
};

describe('the diagnosis as a report', () => {
  test('pretty: the divergences before and after, each reading and known bug with what it explains, the bugs left by rule, what was not judged', () => {
    expect(renderDiagnosisPretty(diagnosis)).toBe(`DIAGNOSIS of engine "node my-adapter.js": pagat, escoba; 295 fixtures and 700 generated games
  40 divergences (a rule broken in a round of a game) as declared; 3 with the causes found, on the same games

READINGS (2): documented readings the engine takes; each explains divergences and adds none
  pagat sweep.lastPlay: true          SWEEP-LAST-PLAY, AMB-17: explains 8 divergences in 7 games
  escoba options.captureHints: false  no rule, in no register entry: explains 1 divergence in 1 game

KNOWN BUGS (1): the engine behaves like these bugs of the catalog; each explains divergences and adds none
  behaves like: remainder-to-dealer (SWEEP-REMAINDER): the cards left on the table go to the dealer; explains 28 divergences in 20 games

BUGS (1 rule): divergences no reading or known bug explains
  SCORE-CARD (holding a named card): 3 fixtures, 4 rounds; e.g. pagat/gen-p2-s1 round 3

BUG   SCORE-CARD (holding a named card): 3 fixtures, spec/rules.md#score-card-holding-a-named-card
    fixture:    pagat/gen-p2-s1
    where:      round 3

NOT JUDGED: rules an earlier divergence of the same round decided, with the causes found
  SCORE-PRIMIERA not judged in 229 rounds: SWEEP-REMAINDER came first

wrote my-readings.yaml: the profile with the readings found, for run --profile
wrote my-bugs.yaml: the known bugs found, for run --known-bugs
2 readings, 1 known bug, 1 rule broken besides (2.50 s)
`);
    expect(explainsAll(diagnosis)).toBe(false);
  });

  test('pretty: nothing found and nothing left: every divergence explained by readings', () => {
    const { profile: _profile, knownBugsFile: _bugs, ...unwritten } = diagnosis;
    const plain = { ...unwritten, readings: [], knownBugs: [], bugs: [], notJudged: [], divergences: { before: 0, after: 0 } };
    const pretty = renderDiagnosisPretty(plain);
    expect(pretty).toContain('READINGS: none of the documented readings explains a divergence without adding one\n');
    expect(pretty).toContain('BUGS: none; every divergence is explained by a reading\n');
    expect(pretty).not.toContain('wrote ');
    expect(explainsAll(plain)).toBe(true);
  });

  test('pretty: answers lost are an error, never "every divergence is explained"', () => {
    const lost = { ...diagnosis, knownBugs: [], bugs: [], lost: [{ id: 'pagat/cap-rank-01', message: 'the engine exited (code 1)' }] };
    const pretty = renderDiagnosisPretty(lost);
    expect(pretty).toContain('ERROR 1 game got no usable answer from the engine: nothing is written, and what they would show is not known\n  pagat/cap-rank-01: the engine exited (code 1)\n');
    expect(pretty).toContain('BUGS: none in the games answered; what the games left unanswered would show is not known (below)\n');
    expect(pretty).not.toContain('every divergence is explained');
    expect(explainsAll(lost)).toBe(false);
  });

  test('pretty: an engine that answered a game two ways, or none of the first: nothing explained', () => {
    const request: ReplayRequest = { variant: 'pagat', options: {}, rules: {} as ReplayRequest['rules'], players: 2, rounds: [{ decks: [['7D', '3D']], plays: [{ card: '7D' }] }] };
    const unsteady = renderDiagnosisPretty({ ...diagnosis, unsteady: { id: 'pagat/gen-p2-s3', request } });
    expect(unsteady).toBe(
      'DIAGNOSIS of engine "node my-adapter.js": pagat, escoba; 295 fixtures and 700 generated games\n' +
        'ERROR the engine is not deterministic: it answered the game pagat/gen-p2-s3 two ways when asked it twice: nothing is explained, and nothing written\n' +
        `  the request asked twice: ${JSON.stringify(request)}\n`,
    );
    expect(JSON.parse(renderDiagnosisJson({ ...diagnosis, unsteady: { id: 'pagat/gen-p2-s3', request } }))).toMatchObject({ unsteady: { id: 'pagat/gen-p2-s3', request } });
    const dead = { ...diagnosis, givenUp: true, lost: [{ id: 'pagat/cap-rank-01', message: 'the engine exited (code 1)' }] };
    expect(renderDiagnosisPretty(dead)).toContain('ERROR the engine gave no usable answer to any of the first games asked (the engine exited (code 1)); the rest were not asked');
    expect(explainsAll(dead)).toBe(false);
  });

  test('JSON: readings, known bugs and bugs, each with its rule', () => {
    const json = JSON.parse(renderDiagnosisJson(diagnosis)) as Record<string, unknown>;
    expect(json).toMatchObject({
      readings: [
        { variant: 'pagat', rule: 'SWEEP-LAST-PLAY', knob: 'sweep.lastPlay', value: true, ambiguity: ['AMB-17'], explains: 8, games: 7 },
        { variant: 'escoba', rule: null, knob: 'options.captureHints', value: false, ambiguity: [], explains: 1, games: 1 },
      ],
      knownBugs: [{ name: 'remainder-to-dealer', rule: 'SWEEP-REMAINDER', explains: 28, games: 20 }],
      bugs: [{ rule: 'SCORE-CARD', fixtures: 3, example: { id: 'pagat/gen-p2-s1', report: bug.example.report } }],
      notJudged: [{ rule: 'SCORE-PRIMIERA', after: 'SWEEP-REMAINDER', rounds: 229 }],
      divergences: { before: 40, after: 3 },
      profile: 'my-readings.yaml',
      knownBugsFile: 'my-bugs.yaml',
    });
  });
});
