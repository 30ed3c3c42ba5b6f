import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { applyOptions, ERROR_CODES, RULE_IDS } from '../../reference/index.ts';
import { coverageCommand } from '../commands/coverage.ts';
import { ILLEGAL_SHAPES, type IllegalShape } from '../fuzz/illegal.ts';
import { type CoveredFixture, ruleCoverage } from './coverage.ts';
import { loadFixtureCorpus } from '../load/corpus.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import { FIXTURES_DIR } from '../util/repo-paths.ts';
import { readSpecText } from '../util/spec-text.ts';

const registry = await loadVariantRegistry();
if (!registry.ok) throw new Error('variants are invalid');
const variantRules = [...registry.value.values()].flatMap((variant) => {
  const rules = applyOptions(variant);
  return rules.ok ? [rules.value] : [];
});
const loaded = await loadFixtureCorpus([FIXTURES_DIR], registry.value);
const corpus: CoveredFixture[] = loaded.fixtures.map(({ fixture, request }) => ({ fixture, rules: request.rules }));
const coverageOf = (fixtures: readonly CoveredFixture[]) => ruleCoverage(fixtures, variantRules, readSpecText());
const without = (id: string): CoveredFixture[] => {
  expect(corpus.some(({ fixture }) => fixture.id === id), id).toBe(true);
  return corpus.filter(({ fixture }) => fixture.id !== id);
};

describe('the corpus', () => {
  const coverage = coverageOf(corpus);

  test('every rule id of the spec, every refusal a rule can cause and every knob value played has a hand-verified fixture', () => {
    expect(loaded.errors).toEqual([]);
    expect(coverage.rules.map((entry) => entry.rule)).toEqual([...RULE_IDS]);
    expect(coverage.gaps).toEqual([]);
  });

  test('every refusal a decision can get is counted under some rule; the others only where no fixture can expect them', () => {
    const counted = new Set(coverage.rules.flatMap((entry) => entry.refusals.map((refusal) => refusal.code)));
    const outside = new Set(coverage.rules.flatMap((entry) => entry.outsideFixtures.map((refusal) => refusal.code)));
    const registry = readSpecText().errorRegistry;
    for (const code of ERROR_CODES) {
      const decision = registry.get(code)?.stage === 'decision' && code !== 'GAME_OVER' && code !== 'DECK_NEEDED';
      expect(counted.has(code), code).toBe(decision);
      if (!decision && registry.get(code)?.rules.length !== 0) expect(outside.has(code), code).toBe(true);
    }
  });

  test("a refusal is counted under each rule that can cause it: the registry's rules and the rule whose Errors paragraph names it", () => {
    const codesOf = (rule: string) => coverage.rules.find((entry) => entry.rule === rule)?.refusals.map((refusal) => refusal.code);
    expect(codesOf('CAP-TABLE-CLAIM')).toEqual(['CLAIM_OFF', 'CLAIM_TWICE', 'CARD_UNKNOWN', 'CLAIM_NOT_ON_TABLE', 'CLAIM_NOT_FIFTEEN', 'CLAIM_NOT_LEFT']);
    for (const rule of ['CAP-RANK', 'CAP-SUM', 'CAP-FIFTEEN']) expect(codesOf(rule)).toEqual(['CAPTURE_WRONG_SUM']);
  });

  test('a knob lists the values the variants play, each with the fixtures of its rules played with it', () => {
    const knob = coverage.knobs.find((entry) => entry.knob === 'capture.tableClaim');
    expect(knob?.rules).toEqual(['CAP-TABLE-CLAIM']);
    expect(knob?.values.map((entry) => entry.value)).toEqual(['none', 'any-fifteen', 'after-discard']);
    expect(knob?.values.find((entry) => entry.value === 'after-discard')?.fixtures).toContain('escoba-vipgames/cap-table-claim-02');
    const ties = coverage.knobs.find((entry) => entry.knob === 'scoring.categories.most-cards.ties');
    expect(ties?.rules).toEqual(['SCORE-MOST-CARDS', 'SCORE-TIES']);
    expect(ties?.values.map((entry) => entry.value)).toEqual(['nobody', 'each']);
  });
});

describe('coverage fails where a boundary fixture is missing', () => {
  test('without the one fixture of a refusal, that refusal of that rule is a gap, and nothing else', () => {
    expect(coverageOf(without('escoba-playjoy/cap-table-claim-04')).gaps).toEqual(['CAP-TABLE-CLAIM: no hand-verified fixture expects its refusal CLAIM_TWICE']);
  });

  test('without the one fixture of a knob value, that value is a gap', () => {
    expect(coverageOf(without('pagat/table-bonus-fifteen-01')).gaps).toEqual([
      'openingTable.bonus.enabled false: no hand-verified fixture of TABLE-BONUS-FIFTEEN plays it',
    ]);
  });

  test('a fixture that is not hand-verified counts for nothing', () => {
    const demoted = corpus.map((entry) =>
      entry.fixture.id === 'escoba-playjoy/cap-table-claim-04'
        ? { ...entry, fixture: { ...entry.fixture, provenance: { kind: 'generated' as const, generator: 'test', seed: 1, engineVersion: '0' } } }
        : entry,
    );
    expect(coverageOf(demoted).gaps).toEqual(['CAP-TABLE-CLAIM: no hand-verified fixture expects its refusal CLAIM_TWICE']);
  });

  test('the command on part of the corpus exits 1, naming every gap on a line of its own, in text and in JSON', async () => {
    const io = () => {
      const out = { stdout: '', stderr: '' };
      const streams = { stdout: { write: (text: string) => (out.stdout += text) }, stderr: { write: (text: string) => (out.stderr += text) } };
      return { out, io: { ...streams, cwd: FIXTURES_DIR, isTTY: false, env: {} } };
    };
    const text = io();
    expect(await coverageCommand.run([join(FIXTURES_DIR, 'escoba-playjoy')], text.io)).toBe(1);
    expect(text.out.stdout).toMatch(/^GAPS \(\d+\):$/m);
    expect(text.out.stdout).toMatch(/^ {2}CAP-RANK-PRIORITY: no hand-verified fixture cites it$/m);
    expect(text.out.stdout).toMatch(/^ {2}CAP-TABLE-CLAIM: no hand-verified fixture expects its refusal CLAIM_OFF$/m);
    expect(text.out.stdout).toMatch(/^ {4}refusals: CLAIM_OFF NONE, CLAIM_TWICE 1, CARD_UNKNOWN 1, CLAIM_NOT_ON_TABLE 1, CLAIM_NOT_FIFTEEN 1, CLAIM_NOT_LEFT NONE$/m);
    expect(text.out.stdout).toMatch(/^hand-verified fixtures: 6 of 54 rule ids, \d+ of \d+ refusals the rules can cause, \d+ of \d+ knob values the variants play$/m);
    const json = io();
    expect(await coverageCommand.run(['escoba-playjoy', '--json'], json.io)).toBe(1);
    const parsed = JSON.parse(json.out.stdout) as { gaps: string[] };
    expect(parsed.gaps).toContain('CAP-TABLE-CLAIM: no hand-verified fixture expects its refusal CLAIM_OFF');
    expect(text.out.stdout).toContain(parsed.gaps.map((gap) => `  ${gap}\n`).join(''));
  });
});

/** The refusal each shape of fuzz's illegal decisions gets (the first check of the registry it fails). */
const SHAPE_CODES: Record<IllegalShape, string> = {
  'card-not-in-hand': 'CARD_NOT_IN_HAND',
  'card-unknown': 'CARD_UNKNOWN',
  'capture-not-on-table': 'CAPTURE_NOT_ON_TABLE',
  'capture-includes-played-card': 'CAPTURE_NOT_ON_TABLE',
  'capture-wrong-sum': 'CAPTURE_WRONG_SUM',
  'capture-same-card-twice': 'CAPTURE_NOT_ON_TABLE',
  'capture-right-value-wrong-card': 'CAPTURE_NOT_ON_TABLE',
  'trail-when-a-capture-is-due': 'MUST_CAPTURE',
  'sum-over-a-rank-match': 'CAPTURE_RANK_PRIORITY',
  'capture-not-the-automatic-one': 'CAPTURE_NOT_AUTOMATIC',
  'claim-not-fifteen': 'CLAIM_NOT_FIFTEEN',
  'claim-not-left': 'CLAIM_NOT_LEFT',
  'value-named-not-wild': 'WILD_VALUE',
};

/** For each family of variants and each shape: the hand-verified fixture that refuses it there, or why none can. */
const SHAPES_BY_FAMILY: Record<string, Record<IllegalShape, string | { none: string }>> = {
  Scopa: {
    'card-not-in-hand': 'pagat/play-turn-03',
    'card-unknown': 'pagat/deck-cards-04',
    'capture-not-on-table': 'pagat/cap-choice-04',
    'capture-includes-played-card': 'pagat/cap-choice-05',
    'capture-wrong-sum': 'pagat/cap-sum-03',
    'capture-same-card-twice': 'pagat/cap-choice-06',
    'capture-right-value-wrong-card': 'pagat/cap-choice-07',
    'trail-when-a-capture-is-due': 'pagat/cap-compulsion-03',
    'sum-over-a-rank-match': 'pagat/cap-rank-priority-05',
    'capture-not-the-automatic-one': 'playpalace/cap-auto-04',
    'claim-not-fifteen': { none: 'no Scopa variant has table claims' },
    'claim-not-left': { none: 'no Scopa variant has table claims' },
    'value-named-not-wild': { none: 'no Scopa variant has a wild card' },
  },
  Escoba: {
    'card-not-in-hand': 'escoba/play-turn-01',
    'card-unknown': 'escoba/deck-cards-01',
    'capture-not-on-table': 'escoba/cap-choice-01',
    'capture-includes-played-card': 'escoba/cap-choice-02',
    'capture-wrong-sum': 'escoba/cap-fifteen-04',
    'capture-same-card-twice': 'escoba/cap-choice-03',
    'capture-right-value-wrong-card': 'escoba/cap-choice-04',
    'trail-when-a-capture-is-due': { none: 'Escoba has no compulsion: a card may always be trailed' },
    'sum-over-a-rank-match': { none: "Escoba's only capture makes 15: there is no rank match" },
    'capture-not-the-automatic-one': 'playpalace/cap-fifteen-02',
    'claim-not-fifteen': 'escoba-playjoy/cap-table-claim-02',
    'claim-not-left': 'escoba-vipgames/cap-table-claim-02',
    'value-named-not-wild': { none: 'no Escoba variant has a wild card' },
  },
  Scopone: {
    'card-not-in-hand': 'scopone-classico/play-turn-01',
    'card-unknown': 'scopone-classico/deck-cards-01',
    'capture-not-on-table': 'scopone-classico/cap-choice-01',
    'capture-includes-played-card': 'scopone-classico/cap-choice-02',
    'capture-wrong-sum': 'scopone-classico/cap-sum-01',
    'capture-same-card-twice': 'scopone-classico/cap-choice-03',
    'capture-right-value-wrong-card': 'scopone-classico/cap-choice-04',
    'trail-when-a-capture-is-due': 'scopone-classico/cap-compulsion-01',
    'sum-over-a-rank-match': 'scopone-classico/cap-rank-priority-01',
    'capture-not-the-automatic-one': { none: 'in every Scopone variant the player names the capture' },
    'claim-not-fifteen': { none: 'no Scopone variant has table claims' },
    'claim-not-left': { none: 'no Scopone variant has table claims' },
    'value-named-not-wild': { none: 'no Scopone variant has a wild card' },
  },
  Cirulla: {
    'card-not-in-hand': 'cirulla/play-turn-01',
    'card-unknown': 'cirulla/deck-cards-01',
    'capture-not-on-table': 'cirulla/cap-choice-01',
    'capture-includes-played-card': 'cirulla/cap-choice-02',
    'capture-wrong-sum': 'cirulla/cap-fifteen-02',
    'capture-same-card-twice': 'cirulla/cap-choice-03',
    'capture-right-value-wrong-card': 'cirulla/cap-choice-04',
    'trail-when-a-capture-is-due': 'cirulla/cap-compulsion-01',
    'sum-over-a-rank-match': 'cirulla/cap-rank-priority-02',
    'capture-not-the-automatic-one': { none: 'in every Cirulla variant the player names the capture' },
    'claim-not-fifteen': { none: 'no Cirulla variant has table claims' },
    'claim-not-left': { none: 'no Cirulla variant has table claims' },
    'value-named-not-wild': 'cirulla-parlett/deal-wild-card-02',
  },
};

describe('each shape of illegal decision fuzz tries is a hand-verified refusal in each family that can refuse it', () => {
  test.each(Object.entries(SHAPES_BY_FAMILY))('%s', (_, shapes) => {
    expect(Object.keys(shapes).sort()).toEqual([...ILLEGAL_SHAPES].sort());
    for (const [shape, refusal] of Object.entries(shapes) as [IllegalShape, string | { none: string }][]) {
      if (typeof refusal !== 'string') continue;
      const fixture = corpus.find((entry) => entry.fixture.id === refusal)?.fixture;
      expect(fixture?.provenance.kind, `${shape}: ${refusal}`).toBe('hand-verified');
      expect(fixture?.expect.reject?.code, `${shape}: ${refusal}`).toBe(SHAPE_CODES[shape]);
    }
  });
});

/**
 * Each two kinds of capture that can meet on one table, with the hand-verified fixtures that list the legal decisions
 * where they meet, under each reading of which wins; or why the two never meet.
 */
const CAPTURE_KINDS_MET: Record<string, string[] | { none: string }> = {
  'rank and sum': ['pagat/cap-rank-priority-11', 'tripod-varianti/cap-rank-priority-01'],
  'rank and fifteen': ['escoba/cap-fifteen-05', 'scopa-a-quindici-pagat/cap-fifteen-01'],
  'sum and fifteen': ['cirulla/cap-fifteen-01'],
  'rank and the ace taking the table': ['scopa-d-assi/cap-ace-takes-all-05', 'asso-piglia-tutto-vivaioscuole/cap-ace-takes-all-01'],
  'fifteen and the ace taking the table': ['cirulla/ace-alone-04'],
  'sum and the ace taking the table': { none: 'an ace, of value 1, is never a sum of two or more cards' },
  'fifteen and a claim': ['escoba-playjoy/cap-table-claim-03', 'escoba-vipgames/cap-table-claim-03'],
  'rank or sum and a claim': { none: 'claims are only played with the capture by 15 (VARIANT_INCONSISTENT otherwise)' },
  'the ace taking the table and a claim': { none: 'no variant has both' },
};

test('each two kinds of capture that can meet have hand-verified fixtures listing the legal decisions where they meet', () => {
  for (const [kinds, fixtures] of Object.entries(CAPTURE_KINDS_MET)) {
    if (!Array.isArray(fixtures)) continue;
    for (const id of fixtures) {
      const fixture = corpus.find((entry) => entry.fixture.id === id)?.fixture;
      expect(fixture?.provenance.kind, `${kinds}: ${id}`).toBe('hand-verified');
      expect(fixture?.expect.legal?.length, `${kinds}: ${id}`).toBeGreaterThan(0);
    }
  }
});
