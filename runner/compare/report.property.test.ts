// Properties of the compare report over engines drawn at random: each fixture passed, failed (with findings drawn from a
// few divergences), not applicable, skipped or errored, judged under one of two keys. One engine's results never
// reach another's cells or disagreements; a cell counts exactly the fixtures it says; a rule tells the engines apart
// exactly where its cells' statuses differ; a disagreement is reported
// exactly where two engines judged alike answered differently; the order of the engines only orders the columns.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { RuleId } from '../../reference/index.ts';
import type { Divergence } from '../divergences/divergence.ts';
import { countResults, type FixtureResult, OUTCOMES } from '../run/outcome.ts';
import type { EngineOutcome, RunFixture } from './comparison.ts';
import { disagreementsOf } from './disagreements.ts';
import { matrixHeadline, matrixOf, shownRows } from './matrix.ts';

const RULES: RuleId[] = ['CAP-RANK', 'CAP-SUM', 'SWEEP-POINT'];
const FIXTURES = ['f1', 'f2', 'f3', 'f4', 'f5'];

interface Drawn {
  outcome: (typeof OUTCOMES)[number];
  findings: { rule: RuleId | null; round: number }[];
  under: 'A' | 'B';
}

const drawnResult = fc.record({
  outcome: fc.constantFrom(...OUTCOMES),
  findings: fc.array(fc.record({ rule: fc.constantFrom<RuleId | null>(...RULES, null), round: fc.integer({ min: 1, max: 2 }) }), { minLength: 1, maxLength: 2 }),
  under: fc.constantFrom<'A' | 'B'>('A', 'B'),
});
const drawnEngine = fc.array(drawnResult, { minLength: FIXTURES.length, maxLength: FIXTURES.length });
/** What each fixture checks, the same for every engine. */
const drawnRules = fc.array(fc.subarray(RULES), { minLength: FIXTURES.length, maxLength: FIXTURES.length });

const divergenceOf = (rule: RuleId | null, round: number): Divergence => ({
  kind: 'event-mismatch',
  round,
  play: 1,
  eventIndex: 0,
  expectedIndex: 0,
  expected: null,
  actual: { type: 'trail', seat: round, card: '7D' },
  ...(rule === null ? {} : { rule }),
});

function outcomeOf(name: string, drawn: readonly Drawn[], rules: readonly RuleId[][]): EngineOutcome {
  const results = FIXTURES.map((id, i): FixtureResult => {
    const { outcome, findings } = drawn[i] as Drawn;
    const found = outcome === 'failed' ? { findings: findings.map(({ rule, round }) => ({ rule, rounds: [round], divergence: divergenceOf(rule, round), report: '' })) } : {};
    return { id, file: id, title: id, variant: 'pagat', outcome, ...found, durationMs: 0 };
  });
  const fixtures = new Map(
    FIXTURES.map((id, i): [string, RunFixture] => {
      const { outcome, under } = drawn[i] as Drawn;
      return [id, { rules: rules[i] as RuleId[], ...(outcome === 'passed' || outcome === 'failed' ? { judgedUnder: under } : {}) }];
    }),
  );
  return { name, readings: [], summary: { engine: name, results, counts: countResults(results), bailed: false, durationMs: 0 }, fixtures };
}

const enginesOf = (drawn: readonly Drawn[][], rules: readonly RuleId[][]): EngineOutcome[] => drawn.map((each, i) => outcomeOf(`e${i}`, each, rules));

/** An engine's cells by rule, those that count something. */
const cellsOf = (engines: readonly EngineOutcome[], name: string) =>
  new Map(matrixOf(engines).flatMap((row) => row.cells.filter((cell) => cell.engine === name && cell.passed + cell.failed + cell.notApplicable + cell.notJudged > 0).map((cell) => [row.rule, cell] as const)));

/** The disagreements with `name` taken out of every answer, and those it alone made gone. */
function disagreementsWithout(engines: readonly EngineOutcome[], name: string) {
  return disagreementsOf(engines).flatMap((disagreement) => {
    const answers = disagreement.answers.map((answer) => ({ ...answer, engines: answer.engines.filter((engine) => engine !== name) })).filter((answer) => answer.engines.length > 0);
    return answers.length > 1 ? [{ ...disagreement, answers }] : [];
  });
}

/** Disagreements as a set: each one's answers in an order of their own, and the disagreements in an order of theirs. */
const normalized = (list: ReturnType<typeof disagreementsOf>): string[] =>
  list.map((disagreement) => JSON.stringify({ ...disagreement, answers: disagreement.answers.map((answer) => JSON.stringify(answer)).sort() })).sort();

const answerKey = (drawn: Drawn): string => (drawn.outcome === 'passed' ? 'passed' : JSON.stringify(drawn.findings));

describe('the compare report', () => {
  test('an engine added anywhere changes no other engine’s cells, nor the disagreements among the others', () => {
    fc.assert(
      fc.property(fc.array(drawnEngine, { minLength: 1, maxLength: 4 }), drawnEngine, drawnRules, fc.nat(), (drawn, extra, rules, at) => {
        const engines = enginesOf(drawn, rules);
        const intruder = outcomeOf('intruder', extra, rules);
        const place = at % (engines.length + 1);
        const together = [...engines.slice(0, place), intruder, ...engines.slice(place)];
        for (const engine of engines) expect(cellsOf(together, engine.name)).toEqual(cellsOf(engines, engine.name));
        expect(normalized(disagreementsWithout(together, 'intruder'))).toEqual(normalized(disagreementsOf(engines)));
      }),
    );
  });

  test('a cell counts each fixture once: a finding of its rule failed, else, where the fixture checks the rule, by its outcome', () => {
    fc.assert(
      fc.property(fc.array(drawnEngine, { minLength: 1, maxLength: 3 }), drawnRules, (drawn, rules) => {
        const engines = enginesOf(drawn, rules);
        for (const row of matrixOf(engines)) {
          for (const [e, cell] of row.cells.entries()) {
            const results = drawn[e] as Drawn[];
            const broke = FIXTURES.filter((_, i) => results[i]?.outcome === 'failed' && results[i].findings.some((finding) => finding.rule === row.rule));
            const checking = FIXTURES.filter((id, i) => !broke.includes(id) && (rules[i] as RuleId[]).includes(row.rule as RuleId));
            const outcomeOfFixture = (id: string) => results[FIXTURES.indexOf(id)]?.outcome;
            expect(cell.failures).toEqual(broke);
            expect(cell.failed).toBe(broke.length);
            expect(cell.passed).toBe(checking.filter((id) => outcomeOfFixture(id) === 'passed').length);
            expect(cell.notApplicable).toBe(checking.filter((id) => outcomeOfFixture(id) === 'not-applicable').length);
            expect(cell.passed + cell.notApplicable + cell.notJudged).toBe(checking.length);
            const status = cell.failed > 0 ? 'failed' : cell.passed > 0 ? 'passed' : cell.notApplicable > 0 ? 'not-applicable' : 'not-judged';
            expect(cell.status).toBe(status);
          }
        }
      }),
    );
  });

  test('a disagreement exactly where two engines judged under one key answer differently, each answer once', () => {
    fc.assert(
      fc.property(fc.array(drawnEngine, { minLength: 2, maxLength: 4 }), drawnRules, (drawn, rules) => {
        const found = disagreementsOf(enginesOf(drawn, rules));
        for (const [i, id] of FIXTURES.entries()) {
          const judged = drawn.map((each, e) => ({ engine: `e${e}`, result: each[i] as Drawn })).filter(({ result }) => result.outcome === 'passed' || result.outcome === 'failed');
          for (const under of ['A', 'B']) {
            const group = judged.filter(({ result }) => result.under === under);
            const answers = new Set(group.map(({ result }) => answerKey(result)));
            const reported = found.filter((disagreement) => disagreement.id === id && disagreement.answers.some((answer) => group.some(({ engine }) => answer.engines.includes(engine))));
            expect(reported.length, `${id} under ${under}`).toBe(answers.size > 1 ? 1 : 0);
            if (answers.size > 1) expect(reported[0]?.answers.flatMap((answer) => answer.engines).sort()).toEqual(group.map(({ engine }) => engine).sort());
          }
        }
      }),
    );
  });

  test('a rule tells the engines apart exactly where its cells do not all have the same status (a cell that counts nothing: none)', () => {
    fc.assert(
      fc.property(fc.array(drawnEngine, { minLength: 1, maxLength: 4 }), drawnRules, (drawn, rules) => {
        for (const row of matrixOf(enginesOf(drawn, rules))) {
          const statuses = new Set(row.cells.map((cell) => (cell.passed + cell.failed + cell.notApplicable + cell.notJudged === 0 ? 'none' : cell.status)));
          expect(row.tellsApart, String(row.rule)).toBe(statuses.size > 1);
        }
      }),
    );
  });

  test('an engine that judged nothing (it could not start, or errored on everything) tells apart every rule another passed, as a liar does; the headline says so', () => {
    // f1 checks CAP-RANK, the others CAP-SUM.
    const rules = FIXTURES.map((_, i): RuleId[] => [i === 0 ? 'CAP-RANK' : 'CAP-SUM']);
    const engine = (name: string, outcomeAt: (i: number) => Drawn['outcome']) => outcomeOf(name, FIXTURES.map((_, i): Drawn => ({ outcome: outcomeAt(i), findings: [{ rule: 'CAP-RANK', round: 1 }], under: 'A' })), rules);
    const telling = (outcomes: EngineOutcome[]) => matrixOf(outcomes).filter((row) => row.tellsApart).map((row) => row.rule);
    const passing = engine('passing', () => 'passed');
    expect(telling([passing, engine('also-passing', () => 'passed')])).toEqual([]);
    for (const dead of ['errored', 'skipped', 'not-applicable'] as const) expect(telling([passing, engine(dead, () => dead)]), dead).toEqual(['CAP-RANK', 'CAP-SUM']);
    expect(telling([passing, engine('plays-f1', (i) => (i === 0 ? 'passed' : 'not-applicable'))])).toEqual(['CAP-SUM']);
    const crashed = matrixOf([passing, engine('errored', () => 'errored')]);
    expect(matrixHeadline(crashed)).toBe("2 rules checked; 2 rules telling the engines apart (their cells' statuses differ)");
    expect(shownRows(crashed).map((row) => row.rule)).toEqual(['CAP-RANK', 'CAP-SUM']);
    // A rule both engines break tells them apart no more than one both pass; it is shown, and the headline says why.
    const bothFail = matrixOf([engine('fails-f1', (i) => (i === 0 ? 'failed' : 'passed')), engine('also-fails-f1', (i) => (i === 0 ? 'failed' : 'passed'))]);
    expect(bothFail.map((row) => [row.rule, row.tellsApart])).toEqual([['CAP-RANK', false], ['CAP-SUM', false]]);
    expect(shownRows(bothFail).map((row) => row.rule)).toEqual(['CAP-RANK']);
    expect(matrixHeadline(bothFail)).toBe("2 rules checked; 0 rules telling the engines apart (their cells' statuses differ); and 1 rule with the same status for every engine, failed or changed since the baseline");
  });

  test('the order of the engines orders the columns and nothing else', () => {
    fc.assert(
      fc.property(fc.array(drawnEngine, { minLength: 2, maxLength: 4 }), drawnRules, (drawn, rules) => {
        const engines = enginesOf(drawn, rules);
        const reversed = [...engines].reverse();
        const byEngine = (rows: ReturnType<typeof matrixOf>) => rows.map((row) => ({ rule: row.rule, cells: [...row.cells].sort((a, b) => a.engine.localeCompare(b.engine)) }));
        expect(byEngine(matrixOf(reversed))).toEqual(byEngine(matrixOf(engines)));
        const sorted = (list: ReturnType<typeof disagreementsOf>) => normalized(list.map((disagreement) => ({ ...disagreement, answers: disagreement.answers.map((answer) => ({ ...answer, engines: [...answer.engines].sort() })) })));
        expect(sorted(disagreementsOf(reversed))).toEqual(sorted(disagreementsOf(engines)));
      }),
    );
  });
});
