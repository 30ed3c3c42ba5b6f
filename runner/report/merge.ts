/**
 * The JSON reports of a sharded run (`run --shard i/n --reporter json`, one per machine) put back together as
 * the summary of one run. Each report is read and checked alone (JSON, spec/report.schema.json, its counts
 * against its fixtures); then the set must be the shards of one run: one engine, one n, each shard once and
 * none missing, all cut from one selection, each holding exactly its share of it (every n-th fixture by id), with
 * the same games and probes (per setting, from one seed). The corpus, the games and the probes are counted apart
 * again, their findings shrunk kept: for each rule, the first by id of any shard, as the whole run would shrink it.
 * @module
 */
import { ERROR_CODES, RULE_IDS } from '../../reference/index.ts';
import type { LoadResult } from '../load/load-result.ts';
import { isGame, isProbe, settingOf } from '../run/generated-games.ts';
import { type Counts, countResults, type FixtureResult, type GamesSummary, type ProbesSummary, type RunSummary, type ShrunkFinding } from '../run/outcome.ts';
import { codeUnitOrder } from '../util/code-unit-order.ts';
import { readJsonReport, type ReportKind } from './read-report.ts';

/** Reports are read up to this size: a shard of a 100,000-fixture corpus, with every failure's reports, fits. */
export const MAX_REPORT_BYTES = 256 * 1024 * 1024;

/** One shard's report, checked. */
export interface ShardReport {
  file: string;
  engine: string;
  shard: { index: number; count: number; selected: number };
  results: FixtureResult[];
  bailed: boolean;
  interrupted: boolean;
  durationMs: number;
  knownBugs?: RunSummary['knownBugs'];
  undocumented?: string[];
  corpus?: Counts;
  games?: GamesSummary;
  probes?: ProbesSummary;
}

/** A fixture's entry: a result as the run had it, less the game (spec/report.schema.json's `$defs/fixture`). */
type FixtureEntry = Omit<FixtureResult, 'game'>;

/** The report as spec/report.schema.json has it, less the report card, which the merge builds anew. */
export interface ReportData {
  engine: string;
  shard: ShardReport['shard'];
  total: number;
  passed: number;
  failed: number;
  notApplicable: number;
  skipped: number;
  errored: number;
  expectedFailures: number;
  unexpectedPasses: number;
  bailed: boolean;
  interrupted: boolean;
  durationMs: number;
  knownBugs?: RunSummary['knownBugs'];
  undocumented?: string[];
  corpus?: Counts;
  games?: GamesSummary;
  probes?: ProbesSummary;
  fixtures: FixtureEntry[];
}

/** What `run --reporter json` writes. */
const RUN_REPORT: ReportKind = {
  schema: 'report',
  key: 'fixtures',
  notIt: 'not a report of scopa-conformance run --reporter json',
  shape: 'a report is an object with "engine", "shard" and "fixtures" (spec/report.schema.json)',
};

/** A shard's report from its text; every problem at its line and column (line 0: the whole file). */
export function readShardReport(text: string, file: string): LoadResult<ShardReport> {
  const read = readJsonReport(text, file, RUN_REPORT);
  return read.ok ? shardReportOf(read.value as ReportData, file) : read;
}

/** Whether a result is the corpus's: neither a generated game nor a probe. */
const isCorpus = (id: string): boolean => !isGame(id) && !isProbe(id);

/**
 * A shard's report from its data, valid under its schema: refused where its counts (or those of its corpus, its
 * games or its probes) are not its fixtures'.
 */
export function shardReportOf(data: ReportData, file: string): LoadResult<ShardReport> {
  const results: FixtureResult[] = data.fixtures;
  const stated: [string, Counts | undefined, (id: string) => boolean][] = [
    ['', countsOf(data), () => true],
    ['corpus ', data.corpus, isCorpus],
    ['games\' ', data.games?.counts, isGame],
    ['probes\' ', data.probes?.counts, isProbe],
  ];
  for (const [whose, counts, belongs] of stated) {
    if (counts === undefined) continue;
    const counted = countResults(results.filter((result) => belongs(result.id)));
    const key = (Object.keys(counted) as (keyof Counts)[]).find((name) => counted[name] !== counts[name]);
    if (key === undefined) continue;
    const message = `its ${whose}counts do not match its fixtures (${key}: ${counts[key]} stated, ${counted[key]} among its fixtures): the report was changed or cut`;
    return { ok: false, errors: [{ file, line: 0, col: 0, message }] };
  }
  const { engine, shard, bailed, interrupted, durationMs, knownBugs, undocumented, corpus, games, probes } = data;
  const declared = { ...(knownBugs === undefined ? {} : { knownBugs }), ...(undocumented === undefined ? {} : { undocumented }) };
  const parts = { ...(corpus === undefined ? {} : { corpus }), ...(games === undefined ? {} : { games }), ...(probes === undefined ? {} : { probes }) };
  return { ok: true, value: { file, engine, shard, results, bailed, interrupted, durationMs, ...declared, ...parts } };
}

function countsOf(data: ReportData): Counts {
  const { total, passed, failed, notApplicable, skipped, errored, expectedFailures, unexpectedPasses } = data;
  return { total, passed, failed, 'not-applicable': notApplicable, skipped, errored, expectedFailures, unexpectedPasses };
}

/** The reports' files, in words. */
const files = (reports: readonly ShardReport[]): string => reports.map((report) => report.file).join(', ');
const shardName = (index: number, count: number): string => `${index}/${count}`;

/** The one value every report has for a field, or the problem of reports that differ on it. */
function agreeOn<T>(reports: readonly ShardReport[], valueOf: (report: ShardReport) => T, describe: (value: T) => string, what: string): string | undefined {
  const groups = new Map<T, ShardReport[]>();
  for (const report of reports) groups.set(valueOf(report), [...(groups.get(valueOf(report)) ?? []), report]);
  if (groups.size <= 1) return undefined;
  const listed = [...groups].map(([value, group]) => `${describe(value)} (${files(group)})`);
  return `${what}: ${listed.join('; ')}`;
}

/**
 * One run's summary from the reports of its shards, given in any order; or why they are not the shards of one
 * run, each problem in a sentence that names the files.
 */
export function mergeShardReports(reports: readonly ShardReport[]): { ok: true; value: RunSummary } | { ok: false; problems: string[] } {
  const differences = [
    agreeOn(reports, (report) => report.engine, (engine) => `engine ${JSON.stringify(engine)}`, 'the reports are of different engines, and one merge takes the shards of one run'),
    agreeOn(reports, (report) => report.shard.count, (count) => `cut in ${count}`, 'the reports are shards of different splits'),
    agreeOn(reports, (report) => report.shard.selected, (selected) => `a selection of ${selected} fixtures`, 'the reports are shards of different selections'),
    agreeOn(reports, (report) => madeBy(report.games), (made) => `games: ${made}`, 'the reports are shards of runs that played different games'),
    agreeOn(reports, (report) => madeBy(report.probes), (made) => `probes: ${made}`, 'the reports are shards of runs that played different probes'),
  ].filter((problem) => problem !== undefined);
  if (differences.length > 0) return { ok: false, problems: differences };

  const [first] = reports as [ShardReport];
  const { count, selected } = first.shard;
  const byShard = new Map<number, ShardReport[]>();
  for (const report of reports) byShard.set(report.shard.index, [...(byShard.get(report.shard.index) ?? []), report]);
  const problems: string[] = [];
  for (const [index, given] of [...byShard].sort(([a], [b]) => a - b)) {
    if (given.length > 1) problems.push(`shard ${shardName(index, count)} is given ${given.length} times: ${files(given)}`);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !byShard.has(index));
  if (missing.length > 0) {
    const names = missing.map((index) => shardName(index, count));
    problems.push(`${missing.length === 1 ? 'shard' : 'shards'} ${names.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing (of ${count}; given: ${[...byShard.keys()].sort((a, b) => a - b).map((index) => shardName(index, count)).join(', ')})`);
  }
  if (problems.length > 0) return { ok: false, problems };

  const placed = reports.flatMap((report) => report.results.map((result) => ({ result, report })));
  placed.sort((a, b) => byIdAndFile(a.result, b.result));
  if (placed.length !== selected) {
    problems.push(`the shards hold ${placed.length} fixtures together, where their selection held ${selected}: a report was cut, or is of another run`);
  }
  // A fixture (an id and a file: the same place in the order) held twice was run twice: the stray check below may
  // not see it, its copies in place of another fixture when the reports come in one order.
  const twice = placed.find(({ result }, position) => position > 0 && byIdAndFile(result, (placed[position - 1] as (typeof placed)[number]).result) === 0);
  // The shard of every n-th fixture by id, from the i-th: a fixture elsewhere means another selection or a twice-run one.
  const stray = placed.findIndex(({ report }, position) => report.shard.index !== (position % count) + 1);
  if (twice !== undefined) {
    const { result } = twice;
    const holders = placed.filter((held) => byIdAndFile(held.result, result) === 0).map(({ report }) => report);
    holders.sort((a, b) => a.shard.index - b.shard.index);
    problems.push(`${result.id} (${result.file}) is held ${holders.length} times: ${files(holders)}; the reports were not cut from one selection`);
  } else if (stray >= 0) {
    const { result, report } = placed[stray] as (typeof placed)[number];
    problems.push(`${report.file} (shard ${shardName(report.shard.index, count)}) holds ${result.id}, which is not its share of the selection: the reports were not cut from one selection`);
  }
  if (problems.length > 0) return { ok: false, problems };

  const results = placed.map(({ result }) => result);
  return {
    ok: true,
    value: {
      engine: first.engine,
      results,
      counts: countResults(results),
      bailed: reports.some((report) => report.bailed),
      interrupted: reports.some((report) => report.interrupted),
      // The work the shards did, one after the other: what one run of the whole selection would take.
      durationMs: reports.reduce((sum, report) => sum + report.durationMs, 0),
      // The engine's known bugs are the run's: every shard's are the same. The declarations no source documents
      // are those of any shard: a shard that started no engine knows none of a profile sent in the hello.
      ...(first.knownBugs === undefined ? {} : { knownBugs: first.knownBugs }),
      ...undocumentedOf(reports),
      ...partsOf(reports, results),
    },
  };
}

/** The undocumented declarations of the shards, each once, in the order they are first met. */
function undocumentedOf(reports: readonly { undocumented?: string[] }[]): { undocumented?: string[] } {
  const undocumented = [...new Set(reports.flatMap((report) => report.undocumented ?? []))];
  return undocumented.length === 0 ? {} : { undocumented };
}

/** How a shard's games or probes were made, in words: shards of one run agree on it. */
const madeBy = (made: GamesSummary | ProbesSummary | undefined): string => (made === undefined ? 'none' : `${made.perSetting} per setting from seed ${made.seed}`);

/**
 * The corpus, the games and the probes of the merged run, where its shards played games or probes (they agree on
 * which): each counted over the fixtures merged (the sum of the shards' counts, which each shard's fixtures
 * match), the settings they hold, what the games exercised and the probes expect in any shard, and each finding
 * shrunk, for each rule the first by id.
 */
function partsOf(reports: readonly ShardReport[], results: readonly FixtureResult[]): Pick<RunSummary, 'corpus' | 'games' | 'probes'> {
  const [first] = reports as [ShardReport];
  const made = (of: (id: string) => boolean, summaries: readonly (GamesSummary | ProbesSummary)[]) => {
    const ofPart = results.filter((result) => of(result.id));
    const shrunk = firstByRule(summaries.flatMap((summary) => summary.shrunk ?? []));
    const [{ perSetting, seed }] = summaries as [GamesSummary | ProbesSummary];
    return { perSetting, seed, settings: new Set(ofPart.map((result) => settingOf(result.id))).size, counts: countResults(ofPart), ...(shrunk.length === 0 ? {} : { shrunk }) };
  };
  const games = reports.flatMap((report) => report.games ?? []);
  const probes = reports.flatMap((report) => report.probes ?? []);
  const exercised = new Set(games.flatMap((summary) => summary.exercised));
  const refusals = new Set(probes.flatMap((summary) => summary.refusals));
  return {
    ...(first.corpus === undefined ? {} : { corpus: countResults(results.filter((result) => isCorpus(result.id))) }),
    ...(first.games === undefined ? {} : { games: { ...made(isGame, games), exercised: RULE_IDS.filter((rule) => exercised.has(rule)) } }),
    ...(first.probes === undefined ? {} : { probes: { ...made(isProbe, probes), refusals: ERROR_CODES.filter((code) => refusals.has(code)) } }),
  };
}

/** For each rule, the finding of the first game or probe by id that broke it, in the order of those ids. */
function firstByRule(found: readonly ShrunkFinding[]): ShrunkFinding[] {
  const first = new Map<ShrunkFinding['rule'], ShrunkFinding>();
  for (const finding of found) {
    const kept = first.get(finding.rule);
    if (kept === undefined || codeUnitOrder(finding.id, kept.id) < 0) first.set(finding.rule, finding);
  }
  return [...first.values()].sort((a, b) => codeUnitOrder(a.id, b.id));
}

/** The order of `run`'s results (select.ts byId): by id, then by file. */
const byIdAndFile = (a: FixtureResult, b: FixtureResult): number => codeUnitOrder(a.id, b.id) || codeUnitOrder(a.file, b.file);
