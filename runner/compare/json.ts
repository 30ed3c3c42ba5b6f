/**
 * The compare report as JSON (spec/compare.schema.json), and read back: each engine's run as `run --reporter json`
 * writes it, its declared readings, its fixtures' rules and what each was judged against, its badge; then the
 * matrix, the census and the disagreements. Read back, only the engines are taken: the rest is made again from them.
 * @module
 */
import type { LoadError, LoadResult } from '../load/load-result.ts';
import { renderJson } from '../report/json.ts';
import { type ReportData, shardReportOf, type ShardReport } from '../report/merge.ts';
import { readJsonReport, type ReportKind } from '../report/read-report.ts';
import { countResults, type RunSummary } from '../run/outcome.ts';
import { badgeOf } from './badge.ts';
import { type EngineOutcome, generatedOf, generatedSummariesOf, type RunFixture } from './comparison.ts';
import type { DeclaredReading } from './readings.ts';
import type { CompareReport } from './report.ts';

/** The value of every compare report's `comparison` key. */
export const COMPARISON = 'scopa-conformance compare';

const COMPARE_REPORT: ReportKind = {
  schema: 'compare',
  key: 'comparison',
  notIt: 'not a report of scopa-conformance compare --reporter json',
  shape: `a compare report is an object with "comparison": "${COMPARISON}", "engines" and "matrix" (spec/compare.schema.json)`,
};

export function renderCompareJson(report: CompareReport): string {
  const engines = report.outcomes.map((outcome) => ({
    name: outcome.name,
    profile: outcome.profile,
    profileDigest: outcome.profileDigest,
    knownBugs: outcome.knownBugs,
    readings: outcome.readings,
    run: JSON.parse(renderJson(outcome.summary)) as unknown,
    fixtures: Object.fromEntries(outcome.fixtures),
    badge: badgeOf(outcome.summary),
  }));
  const { matrix, census, disagreements, baseline } = report;
  return `${JSON.stringify({ comparison: COMPARISON, engines, matrix, census, disagreements, baseline }, null, 2)}\n`;
}

/** An engine as the report writes it. */
interface EngineData {
  name: string;
  profile?: string;
  profileDigest?: string;
  knownBugs?: string;
  readings: DeclaredReading[];
  run: ReportData & Pick<RunSummary, 'games' | 'probes'>;
  fixtures: Record<string, RunFixture>;
}

/** An engine read back: its outcome, and its run as one shard of a run, for `compare --merge`. */
export interface EngineRead {
  outcome: EngineOutcome;
  shard: ShardReport;
}

/** The engines of a compare report, from its text; every problem at its line and column (line 0: the whole file). */
export function readComparison(text: string, file: string): LoadResult<EngineRead[]> {
  const read = readJsonReport(text, file, COMPARE_REPORT);
  if (!read.ok) return read;
  const engines: EngineRead[] = [];
  const errors: LoadError[] = [];
  for (const data of (read.value as { engines: EngineData[] }).engines) {
    const shard = shardReportOf(data.run, file);
    if (!shard.ok) {
      errors.push(...shard.errors.map((error) => ({ ...error, message: `engine "${data.name}": ${error.message}` })));
      continue;
    }
    const unlisted = shard.value.results.find((result) => !Object.hasOwn(data.fixtures, result.id));
    if (unlisted !== undefined) {
      errors.push({ file, line: 0, col: 0, message: `engine "${data.name}": its fixtures do not list ${unlisted.id}, which its run holds: the report was changed or cut` });
      continue;
    }
    const fixtures = new Map(Object.entries(data.fixtures));
    const { results, bailed, interrupted, durationMs, engine, knownBugs, undocumented } = shard.value;
    const summary: RunSummary = {
      engine,
      results,
      counts: countResults(results),
      bailed,
      interrupted,
      ...(data.run.shard.count === 1 ? {} : { shard: data.run.shard }),
      ...generatedSummariesOf(results, fixtures, generatedOf(data.run)),
      ...(knownBugs === undefined ? {} : { knownBugs }),
      ...(undocumented === undefined ? {} : { undocumented }),
      durationMs,
    };
    const outcome: EngineOutcome = {
      name: data.name,
      ...(data.profile === undefined ? {} : { profile: data.profile }),
      ...(data.profileDigest === undefined ? {} : { profileDigest: data.profileDigest }),
      ...(data.knownBugs === undefined ? {} : { knownBugs: data.knownBugs }),
      readings: data.readings,
      summary,
      fixtures,
    };
    engines.push({ outcome, shard: shard.value });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: engines };
}
