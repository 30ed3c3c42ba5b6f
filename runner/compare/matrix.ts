/**
 * The matrix of rules by engine. A cell counts, for one rule and one engine, the fixtures and games that show the
 * engine breaking the rule (a finding of it: failed), and of the others that check the rule (cite it, or exercise it
 * by their expected events) those the engine passed, those it does not play (not applicable) and the rest, skipped,
 * errored or failed on other rules (not judged). The cell's status is the first of failed, passed, not applicable and
 * not judged that it counts. A rule tells the engines apart where its cells do not all have the same status. Against a
 * baseline, a cell that failed and now passes is newly passing, and one that did not fail and now fails is newly failing.
 * @module
 */
import { RULE_IDS, type RuleId } from '../../reference/index.ts';
import { ruleName } from '../report/divergence.ts';
import type { EngineOutcome } from './comparison.ts';

export const CELL_STATUSES = ['failed', 'passed', 'not-applicable', 'not-judged'] as const;
export type CellStatus = (typeof CELL_STATUSES)[number];

export const CHANGES = ['newly-passing', 'newly-failing'] as const;
export type Change = (typeof CHANGES)[number];

export interface Cell {
  engine: string;
  status: CellStatus;
  passed: number;
  failed: number;
  notApplicable: number;
  notJudged: number;
  /** The fixtures and games that show the engine breaking the rule, in the run's order. */
  failures: string[];
  /** Against a baseline: how the cell changed, where it did. */
  change?: Change;
}

export interface MatrixRow {
  /** The rule, or null for divergences no single rule decides. */
  rule: RuleId | null;
  /** The rule with its title, for people. */
  name: string;
  /** Whether the rule tells the engines apart: its cells do not all have the same status (a cell that counts nothing: none). */
  tellsApart: boolean;
  cells: Cell[];
}

type Counts = Omit<Cell, 'engine' | 'status' | 'change'>;

const emptyCounts = (): Counts => ({ passed: 0, failed: 0, notApplicable: 0, notJudged: 0, failures: [] });

/** One engine's counts by rule (no single rule under null). */
function countsByRule(outcome: EngineOutcome): Map<RuleId | null, Counts> {
  const byRule = new Map<RuleId | null, Counts>();
  const countsOf = (rule: RuleId | null): Counts => {
    const known = byRule.get(rule);
    if (known !== undefined) return known;
    const made = emptyCounts();
    byRule.set(rule, made);
    return made;
  };
  for (const result of outcome.summary.results) {
    const broken = new Set(result.outcome === 'failed' ? (result.findings ?? []).map((finding) => finding.rule) : []);
    for (const rule of broken) {
      const counts = countsOf(rule);
      counts.failed++;
      counts.failures.push(result.id);
    }
    for (const rule of outcome.fixtures.get(result.id)?.rules ?? []) {
      if (broken.has(rule)) continue;
      const counts = countsOf(rule);
      if (result.outcome === 'passed') counts.passed++;
      else if (result.outcome === 'not-applicable') counts.notApplicable++;
      else counts.notJudged++;
    }
  }
  return byRule;
}

/** A cell's status as shown: `none` where it counts nothing (a row another engine's fixtures or failures add). */
const shownStatus = (cell: Cell): CellStatus | 'none' => (countsNothing(cell) ? 'none' : cell.status);

const countsNothing = (cell: Counts): boolean => cell.passed + cell.failed + cell.notApplicable + cell.notJudged === 0;

function statusOf(counts: Counts): CellStatus {
  if (counts.failed > 0) return 'failed';
  if (counts.passed > 0) return 'passed';
  return counts.notApplicable > 0 ? 'not-applicable' : 'not-judged';
}

/**
 * The matrix: a row for each rule some fixture or game of some engine checks or shows broken, in the order of
 * spec/rules.md (no single rule last), a cell for each engine in the order given.
 */
export function matrixOf(outcomes: readonly EngineOutcome[]): MatrixRow[] {
  const byEngine = outcomes.map((outcome) => ({ name: outcome.name, counts: countsByRule(outcome) }));
  const rules: (RuleId | null)[] = [...RULE_IDS, null];
  return rules.flatMap((rule): MatrixRow[] => {
    if (!byEngine.some(({ counts }) => counts.has(rule))) return [];
    const cells = byEngine.map(({ name, counts }): Cell => {
      const found = counts.get(rule) ?? emptyCounts();
      return { engine: name, status: statusOf(found), ...found };
    });
    return [{ rule, name: rule === null ? 'no single rule' : ruleName(rule), tellsApart: new Set(cells.map(shownStatus)).size > 1, cells }];
  });
}

/** The matrix with each cell's change since the baseline's matrix marked (a cell the baseline has not is not marked). */
export function markChanges(matrix: readonly MatrixRow[], baseline: readonly MatrixRow[]): MatrixRow[] {
  const before = new Map(baseline.flatMap((row) => row.cells.map((cell) => [`${row.rule ?? ''}\n${cell.engine}`, cell.status] as const)));
  const engines = new Set(baseline.flatMap((row) => row.cells.map((cell) => cell.engine)));
  return matrix.map((row) => ({
    ...row,
    cells: row.cells.map((cell): Cell => {
      if (!engines.has(cell.engine)) return cell;
      const was = before.get(`${row.rule ?? ''}\n${cell.engine}`);
      if (was === 'failed' && cell.status === 'passed') return { ...cell, change: 'newly-passing' };
      if (was !== 'failed' && cell.status === 'failed') return { ...cell, change: 'newly-failing' };
      return cell;
    }),
  }));
}

const STATUS_WORDS: Record<CellStatus, string> = { failed: 'failed', passed: 'passed', 'not-applicable': 'not applicable', 'not-judged': 'not judged' };

/** A cell in a few words: its status and how many fixtures and games say so, and its change (`failed 3, newly failing`). */
export function describeCell(cell: Cell): string {
  if (countsNothing(cell)) return 'none';
  const counted = { failed: cell.failed, passed: cell.passed, 'not-applicable': cell.notApplicable, 'not-judged': cell.notJudged }[cell.status];
  return `${STATUS_WORDS[cell.status]} ${counted}${cell.change === undefined ? '' : `, ${cell.change === 'newly-failing' ? 'newly failing' : 'newly passing'}`}`;
}

/**
 * The rows a report for people shows: those that tell the engines apart, and those an engine fails or whose cell
 * changed since the baseline, though every engine's cell there has the same status (one engine compared, or a rule
 * every engine breaks).
 */
export const shownRows = (matrix: readonly MatrixRow[]): MatrixRow[] =>
  matrix.filter((row) => row.tellsApart || row.cells.some((cell) => cell.status === 'failed' || cell.change !== undefined));

/** The matrix's headline: how many rules it checks, how many tell the engines apart, and what else is shown. */
export function matrixHeadline(matrix: readonly MatrixRow[]): string {
  const telling = matrix.filter((row) => row.tellsApart).length;
  const alike = shownRows(matrix).length - telling;
  const rules = (count: number): string => `${count} rule${count === 1 ? '' : 's'}`;
  const also = alike === 0 ? '' : `; and ${rules(alike)} with the same status for every engine, failed or changed since the baseline`;
  return `${rules(matrix.length)} checked; ${rules(telling)} telling the engines apart (their cells' statuses differ)${also}`;
}
