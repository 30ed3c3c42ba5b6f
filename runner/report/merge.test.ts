/**
 * Reading the JSON report of one shard, and merging the shards of a run: every refusal with its words and the
 * files it names, and the merged summary field by field. (runner/commands/merge.test.ts merges real runs.)
 */
import { describe, expect, test } from 'vitest';
import type { Divergence } from '../divergences/divergence.ts';
import { type Counts, countResults, type FixtureResult, type GamesSummary, type ProbesSummary, type RunSummary, type ShrunkFinding } from '../run/outcome.ts';
import { SWEEPING_EVENTS, sweepingFixture } from '../test-helpers.ts';
import { renderJson } from './json.ts';
import { MAX_REPORT_BYTES, mergeShardReports, readShardReport, type ShardReport } from './merge.ts';

const SWEEPS: Divergence = { kind: 'sweeps-mismatch', round: 1, play: 4, eventIndex: 9, field: 'sweeps', expected: [1, 0], actual: [2, 0], rule: 'SWEEP-POINT' };

const result = (id: string, outcome: FixtureResult['outcome'] = 'passed', extra: Partial<FixtureResult> = {}): FixtureResult => ({
  id,
  file: `fixtures/${id}.yaml`,
  title: id,
  variant: 'pagat',
  outcome,
  durationMs: 1,
  ...extra,
});

/** The text of shard `index` of `count` of a run of `ids` (every count-th id from the index-th), as run --reporter json writes it. */
function shardText(ids: string[], index: number, count: number, extra: Partial<RunSummary> = {}, outcomes: Record<string, FixtureResult> = {}): string {
  const results = ids.filter((_, i) => i % count === index - 1).map((id) => outcomes[id] ?? result(id));
  return renderJson({ engine: 'node e.js', results, counts: countResults(results), bailed: false, durationMs: 100 * index, shard: { index, count, selected: ids.length }, ...extra });
}

const read = (text: string, file: string): ShardReport => {
  const report = readShardReport(text, file);
  if (!report.ok) throw new Error(JSON.stringify(report.errors));
  return report.value;
};

const IDS = ['pagat/a', 'pagat/b', 'pagat/c', 'pagat/d', 'pagat/e'];
const shards = (count: number, extra: (index: number) => Partial<RunSummary> = () => ({})): ShardReport[] =>
  Array.from({ length: count }, (_, i) => read(shardText(IDS, i + 1, count, extra(i + 1)), `r${i + 1}.json`));

describe('reading one report', () => {
  test('a report: its engine, shard, fixtures, flags and time', () => {
    const failed = result('pagat/b', 'failed', { divergence: SWEEPS, report: 'r', findings: [{ rule: 'SWEEP-POINT', rounds: [1], divergence: SWEEPS, report: 'r' }] });
    const text = shardText(IDS, 2, 2, { bailed: true, interrupted: true }, { 'pagat/b': failed });
    expect(readShardReport(text, 'r.json')).toEqual({
      ok: true,
      value: {
        file: 'r.json',
        engine: 'node e.js',
        shard: { index: 2, count: 2, selected: 5 },
        results: [failed, result('pagat/d')],
        bailed: true,
        interrupted: true,
        durationMs: 200,
      },
    });
  });

  test('not JSON: where the text stops being JSON', () => {
    expect(readShardReport('{\n  "engine": x', 'r.json')).toEqual({
      ok: false,
      errors: [{ file: 'r.json', line: 2, col: 13, message: 'not a JSON report: expected a value, got "x"' }],
    });
  });

  test.each([['[]'], ['null'], ['"report"'], ['{"engine": "e"}'], ['{"Fixtures": []}']])('%s: not a report, in one line', (text) => {
    expect(readShardReport(text, 'r.json')).toEqual({
      ok: false,
      errors: [
        {
          file: 'r.json',
          line: 1,
          col: 1,
          message: 'not a report of scopa-conformance run --reporter json: a report is an object with "engine", "shard" and "fixtures" (spec/report.schema.json)',
        },
      ],
    });
  });

  test('against the schema: each problem where it is', () => {
    const text = shardText(IDS, 1, 1).replace('"outcome": "passed"', '"outcome": "won"').replace('"bailed": false', '"bailed": "no"');
    const read = readShardReport(text, 'r.json');
    expect(read.ok).toBe(false);
    const lines = text.split('\n');
    const at = (needle: string): { line: number; col: number } => {
      const line = lines.findIndex((row) => row.includes(needle));
      return { line: line + 1, col: (lines[line] as string).indexOf(needle) + needle.length - needle.split(':')[1]!.trimStart().length + 1 };
    };
    expect(read.ok ? [] : read.errors).toEqual([
      { file: 'r.json', ...at('"bailed": "no"'), message: 'not a report of scopa-conformance run --reporter json: expected a boolean, got "no"' },
      { file: 'r.json', ...at('"outcome": "won"'), message: 'not a report of scopa-conformance run --reporter json: expected one of passed, failed, not-applicable, skipped, errored, got "won"' },
    ]);
  });

  test('at most 10 problems named, and how many more', () => {
    const negative = (count: number): string => {
      const results = Array.from({ length: count }, (_, i) => result(`pagat/f${String(i).padStart(2, '0')}`, 'passed', { durationMs: -1 }));
      return renderJson({ engine: 'e', results, counts: countResults(results), bailed: false, durationMs: 1 });
    };
    const text = negative(11);
    const eleven = readShardReport(text, 'r.json');
    const errors = eleven.ok ? [] : eleven.errors;
    const lines = text.split('\n').flatMap((row, i) => (row.includes('"durationMs": -1') ? [i + 1] : []));
    expect(errors).toHaveLength(11);
    expect(errors.slice(0, 10).map((error) => error.message)).toEqual(new Array(10).fill('not a report of scopa-conformance run --reporter json: must be >= 0, got -1'));
    expect(errors.slice(0, 10).map((error) => [error.line, error.col])).toEqual(lines.slice(0, 10).map((line) => [line, 21]));
    expect(errors[10]).toEqual({ file: 'r.json', line: 0, col: 0, message: 'and 1 more problem like these' });
    const thirteen = readShardReport(negative(13), 'r.json');
    expect(thirteen.ok ? undefined : thirteen.errors.at(-1)).toEqual({ file: 'r.json', line: 0, col: 0, message: 'and 3 more problems like these' });
    const ten = readShardReport(negative(10), 'r.json');
    expect(ten.ok ? undefined : ten.errors.length).toBe(10);
  });

  test('counts that do not match the fixtures: the first count that differs', () => {
    const text = shardText(IDS, 1, 1).replace('"skipped": 0', '"skipped": 2');
    expect(readShardReport(text, 'r.json')).toEqual({
      ok: false,
      errors: [{ file: 'r.json', line: 0, col: 0, message: 'its counts do not match its fixtures (skipped: 2 stated, 0 among its fixtures): the report was changed or cut' }],
    });
    const cut = JSON.parse(shardText(IDS, 1, 1)) as { fixtures: unknown[] };
    cut.fixtures.pop();
    expect(readShardReport(JSON.stringify(cut), 'cut.json')).toEqual({
      ok: false,
      errors: [{ file: 'cut.json', line: 0, col: 0, message: 'its counts do not match its fixtures (total: 5 stated, 4 among its fixtures): the report was changed or cut' }],
    });
    const listed = shardText(IDS, 1, 1).replace('"unexpectedPasses": 0', '"unexpectedPasses": 1');
    expect(readShardReport(listed, 'r.json')).toMatchObject({ ok: false, errors: [{ message: expect.stringContaining('(unexpectedPasses: 1 stated, 0 among') as string }] });
    const notApplicable = shardText(IDS, 1, 1).replace('"notApplicable": 0', '"notApplicable": 3');
    expect(readShardReport(notApplicable, 'r.json')).toMatchObject({ ok: false, errors: [{ message: expect.stringContaining('(not-applicable: 3 stated, 0 among') as string }] });
  });
});

describe('merging the shards of a run', () => {
  test('the fixtures back in id order, counted anew; --bail or Ctrl-C in any shard is the run\'s; the times added up', () => {
    const given = shards(3, (index) => (index === 2 ? { bailed: true } : index === 3 ? { interrupted: true } : {}));
    const merged = mergeShardReports([...given].reverse());
    const results = IDS.map((id) => result(id));
    expect(merged).toEqual({
      ok: true,
      value: { engine: 'node e.js', results, counts: countResults(results), bailed: true, interrupted: true, durationMs: 600 },
    });
    expect(mergeShardReports(shards(2))).toEqual({
      ok: true,
      value: { engine: 'node e.js', results, counts: countResults(results), bailed: false, interrupted: false, durationMs: 300 },
    });
  });

  test("the declarations no source documents are any shard's: one that started no engine knows none of a hello's profile", () => {
    const given = shards(3, (index) => (index === 1 ? {} : { undocumented: index === 2 ? ['pagat deck.coinsSuit: S'] : ['pagat deck.coinsSuit: S', 'escoba deck.coinsSuit: S'] }));
    expect(mergeShardReports(given)).toMatchObject({ ok: true, value: { undocumented: ['pagat deck.coinsSuit: S', 'escoba deck.coinsSuit: S'] } });
    expect(mergeShardReports(shards(2))).toMatchObject({ ok: true, value: expect.not.objectContaining({ undocumented: expect.anything() }) });
  });

  test('one report of a run without --shard is the run', () => {
    const [whole] = shards(1);
    expect(mergeShardReports([whole as ShardReport])).toMatchObject({ ok: true, value: { durationMs: 100 } });
  });

  test('the same id in two files: by file within the id, as run orders them', () => {
    const twins = [result('pagat/a', 'passed', { file: 'z.yaml' }), result('pagat/a', 'passed', { file: 'a.yaml' }), result('pagat/b')];
    const one = read(renderJson({ engine: 'e', results: twins, counts: countResults(twins), bailed: false, durationMs: 1 }), 'r.json');
    const merged = mergeShardReports([one]);
    expect(merged.ok ? merged.value.results.map((r) => `${r.id} ${r.file}`) : []).toEqual(['pagat/a a.yaml', 'pagat/a z.yaml', 'pagat/b fixtures/pagat/b.yaml']);
  });

  test('reports of different engines, splits or selections: each difference, with the files on each side', () => {
    const [one, two] = shards(2);
    const other = { ...(two as ShardReport), file: 'other.json', engine: 'python3 a.py', shard: { index: 2, count: 3, selected: 9 } };
    expect(mergeShardReports([one as ShardReport, other])).toEqual({
      ok: false,
      problems: [
        'the reports are of different engines, and one merge takes the shards of one run: engine "node e.js" (r1.json); engine "python3 a.py" (other.json)',
        'the reports are shards of different splits: cut in 2 (r1.json); cut in 3 (other.json)',
        'the reports are shards of different selections: a selection of 5 fixtures (r1.json); a selection of 9 fixtures (other.json)',
      ],
    });
    // Two engines run by the same program are two engines: the whole command tells them apart.
    const sibling = { ...(two as ShardReport), file: 'sibling.json', engine: 'node f.js' };
    expect(mergeShardReports([one as ShardReport, sibling])).toEqual({
      ok: false,
      problems: ['the reports are of different engines, and one merge takes the shards of one run: engine "node e.js" (r1.json); engine "node f.js" (sibling.json)'],
    });
    const third = { ...(two as ShardReport), file: 'r3.json', shard: { index: 2, count: 2, selected: 4 } };
    expect(mergeShardReports([one as ShardReport, two as ShardReport, third])).toEqual({
      ok: false,
      problems: ['the reports are shards of different selections: a selection of 5 fixtures (r1.json, r2.json); a selection of 4 fixtures (r3.json)'],
    });
  });

  test('a shard given twice, and those missing: each named, with the shards given', () => {
    const [one, two, three, four] = shards(4);
    const again = { ...(two as ShardReport), file: 'again.json' };
    const thrice = { ...(two as ShardReport), file: 'thrice.json' };
    expect(mergeShardReports([three as ShardReport, two as ShardReport, again, thrice, one as ShardReport, { ...(one as ShardReport), file: 'one-again.json' }])).toEqual({
      ok: false,
      problems: ['shard 1/4 is given 2 times: r1.json, one-again.json', 'shard 2/4 is given 3 times: r2.json, again.json, thrice.json', 'shard 4/4 is missing (of 4; given: 1/4, 2/4, 3/4)'],
    });
    expect(mergeShardReports([four as ShardReport, two as ShardReport])).toEqual({
      ok: false,
      problems: ['shards 1/4, 3/4 are missing (of 4; given: 2/4, 4/4)'],
    });
  });

  test('shards that together hold more or fewer fixtures than their selection', () => {
    const [one, two] = shards(2);
    const short = { ...(two as ShardReport), results: (two as ShardReport).results.slice(0, 1) };
    expect(mergeShardReports([one as ShardReport, short])).toEqual({
      ok: false,
      problems: [
        'the shards hold 4 fixtures together, where their selection held 5: a report was cut, or is of another run',
        'r1.json (shard 1/2) holds pagat/e, which is not its share of the selection: the reports were not cut from one selection',
      ],
    });
  });

  test('a fixture in a shard that is not its share of the selection', () => {
    const [one, two] = shards(2);
    // pagat/b moved from shard 2 to shard 1: by id it is the second fixture, shard 2's.
    const moved = { ...(one as ShardReport), results: [...(one as ShardReport).results, result('pagat/b')] };
    const left = { ...(two as ShardReport), results: (two as ShardReport).results.slice(1) };
    expect(mergeShardReports([moved, left])).toEqual({
      ok: false,
      problems: ['r1.json (shard 1/2) holds pagat/b, which is not its share of the selection: the reports were not cut from one selection'],
    });
    const extra = { ...(one as ShardReport), results: [...(one as ShardReport).results, result('pagat/f')] };
    expect(mergeShardReports([extra, two as ShardReport])).toEqual({
      ok: false,
      problems: [
        'the shards hold 6 fixtures together, where their selection held 5: a report was cut, or is of another run',
        'r1.json (shard 1/2) holds pagat/f, which is not its share of the selection: the reports were not cut from one selection',
      ],
    });
  });
});

test('a report is read up to 256 MiB', () => {
  expect(MAX_REPORT_BYTES).toBe(256 * 1024 * 1024);
});

describe('merging, edge by edge', () => {
  test('the first fixture in the wrong shard', () => {
    const [one, two] = shards(2);
    const first = (one as ShardReport).results[0] as FixtureResult;
    const moved = { ...(two as ShardReport), results: [first, ...(two as ShardReport).results] };
    const left = { ...(one as ShardReport), results: (one as ShardReport).results.slice(1) };
    expect(mergeShardReports([left, moved])).toEqual({
      ok: false,
      problems: ['r2.json (shard 2/2) holds pagat/a, which is not its share of the selection: the reports were not cut from one selection'],
    });
  });

  test('results by id, then file, whatever order the reports hold them in', () => {
    const twins = [result('pagat/b', 'passed', { file: 'b.yaml' }), result('pagat/a', 'passed', { file: 'z.yaml' }), result('pagat/a', 'passed', { file: 'a.yaml' }), result('pagat/a', 'passed', { file: 'm.yaml' })];
    for (const order of [twins, [...twins].reverse(), [twins[2], twins[0], twins[3], twins[1]] as FixtureResult[]]) {
      const one = read(renderJson({ engine: 'e', results: order, counts: countResults(order), bailed: false, durationMs: 1 }), 'r.json');
      const merged = mergeShardReports([one]);
      expect(merged.ok ? merged.value.results.map((r) => `${r.id} ${r.file}`) : []).toEqual(['pagat/a a.yaml', 'pagat/a m.yaml', 'pagat/a z.yaml', 'pagat/b b.yaml']);
    }
  });
});

describe('a fixture held by two shards', () => {
  test('is refused, naming it and the reports by shard, in whatever order the reports are given', () => {
    // pagat/b's place in shard 2 taken by pagat/a, shard 1's: the count is right, and by position each shard holds its share.
    const [one, two] = shards(2) as [ShardReport, ShardReport];
    const swapped = { ...two, results: [result('pagat/a'), ...two.results.slice(1)] };
    const refusal = {
      ok: false,
      problems: ['pagat/a (fixtures/pagat/a.yaml) is held 2 times: r1.json, r2.json; the reports were not cut from one selection'],
    };
    expect(mergeShardReports([one, swapped])).toEqual(refusal);
    expect(mergeShardReports([swapped, one])).toEqual(refusal);
  });

  test('so is a fixture held twice by one report', () => {
    const doubled = [result('pagat/a'), result('pagat/a'), result('pagat/b')];
    const report = read(renderJson({ engine: 'e', results: doubled, counts: countResults(doubled), bailed: false, durationMs: 1 }), 'r.json');
    expect(mergeShardReports([report])).toEqual({
      ok: false,
      problems: ['pagat/a (fixtures/pagat/a.yaml) is held 2 times: r.json, r.json; the reports were not cut from one selection'],
    });
  });
});

describe('the corpus, the games and the probes of a sharded run', () => {
  /** A run of two corpus fixtures, games of two settings and probes of one, which the engine fails at games/pagat/p2-s2 and probes/pagat/p2-s1. */
  const RUN = ['games/pagat/p2-s1', 'games/pagat/p2-s2', 'games/pagat/p3-s1', 'pagat/a', 'pagat/b', 'probes/pagat/p2-s1', 'probes/pagat/p2-s2'];
  const FAILING: Record<string, FixtureResult> = {
    'games/pagat/p2-s2': result('games/pagat/p2-s2', 'failed', { divergence: SWEEPS, report: 'r', findings: [{ rule: 'SWEEP-POINT', rounds: [1], divergence: SWEEPS, report: 'r' }] }),
    'probes/pagat/p2-s1': result('probes/pagat/p2-s1', 'failed', { divergence: SWEEPS, report: 'r', findings: [{ rule: 'SWEEP-POINT', rounds: [1], divergence: SWEEPS, report: 'r' }] }),
  };
  const shrunkOf = (id: string): ShrunkFinding => ({ rule: 'SWEEP-POINT', id, repro: `npx scopa-conformance run --filter ${id}`, fixture: { ...sweepingFixture(`run-findings/sweep-point-${id.replaceAll('/', '-')}`, 'Shrunk', 2), expect: { events: { match: 'all', list: [SWEEPING_EVENTS.sweepCapture, SWEEPING_EVENTS.sweep] } } } });
  const resultsOf = (index: number, count: number): FixtureResult[] => RUN.filter((_, i) => i % count === index - 1).map((id) => FAILING[id] ?? result(id));

  /** Shard `index` of `count`, as run writes it: each part counted over the shard's own fixtures; `change` alters the summary. */
  function partShard(index: number, count: number, change: (summary: RunSummary) => RunSummary = (summary) => summary): ShardReport {
    const results = resultsOf(index, count);
    const of = (belongs: (id: string) => boolean): FixtureResult[] => results.filter((one) => belongs(one.id));
    const games = of((id) => id.startsWith('games/'));
    const probes = of((id) => id.startsWith('probes/'));
    const settings = (part: FixtureResult[]): number => new Set(part.map((one) => one.id.replace(/-s\d+$/, ''))).size;
    const failing = (part: FixtureResult[]): { shrunk?: ShrunkFinding[] } => {
      const found = part.filter((one) => one.outcome === 'failed').map((one) => shrunkOf(one.id));
      return found.length === 0 ? {} : { shrunk: found.slice(0, 1) };
    };
    const summary: RunSummary = {
      engine: 'node e.js',
      results,
      counts: countResults(results),
      bailed: false,
      durationMs: 100,
      shard: { index, count, selected: RUN.length },
      corpus: countResults(of((id) => id.startsWith('pagat/'))),
      games: { perSetting: 2, seed: 1, settings: settings(games), counts: countResults(games), exercised: index === 1 ? ['SWEEP-POINT', 'DEAL-PROCEDURE'] : ['CAP-RANK'], ...failing(games) },
      probes: { perSetting: 2, seed: 1, settings: settings(probes), counts: countResults(probes), refusals: index === 1 ? ['MUST_CAPTURE'] : ['CARD_NOT_IN_HAND', 'MUST_CAPTURE'], ...failing(probes) },
    };
    return read(renderJson(change(summary)), `r${index}.json`);
  }

  test('read from each report, each part checked against its fixtures', () => {
    const [one, two] = [partShard(1, 2), partShard(2, 2)];
    expect(one.corpus).toMatchObject({ total: 1, passed: 1 });
    expect(one.games).toMatchObject({ perSetting: 2, seed: 1, settings: 2, counts: { total: 2, failed: 0 }, exercised: ['SWEEP-POINT', 'DEAL-PROCEDURE'] });
    expect(one.probes).toMatchObject({ counts: { total: 1, failed: 0 }, refusals: ['MUST_CAPTURE'] });
    expect(two.probes).toMatchObject({ counts: { total: 1, failed: 1 }, shrunk: [shrunkOf('probes/pagat/p2-s1')] });
    const text = renderJson({ ...one, counts: countResults(one.results), games: { ...(one.games as GamesSummary), counts: { ...(one.games as GamesSummary).counts, failed: 1 } } });
    expect(readShardReport(text, 'r.json')).toEqual({
      ok: false,
      errors: [{ file: 'r.json', line: 0, col: 0, message: "its games' counts do not match its fixtures (failed: 1 stated, 0 among its fixtures): the report was changed or cut" }],
    });
    const corpus = renderJson({ ...one, counts: countResults(one.results), corpus: { ...(one.corpus as Counts), total: 2 } });
    expect(readShardReport(corpus, 'c.json')).toMatchObject({ ok: false, errors: [{ message: 'its corpus counts do not match its fixtures (total: 2 stated, 1 among its fixtures): the report was changed or cut' }] });
  });

  test('merged as the whole run has them: counts summed, settings counted over the whole, what was exercised and expected in any shard, each rule shrunk at its first game or probe', () => {
    const [one, two, three] = [partShard(1, 3), partShard(2, 3), partShard(3, 3)];
    const merged = mergeShardReports([three, one, two]);
    if (!merged.ok) throw new Error(merged.problems.join('\n'));
    const sum = (part: (report: ShardReport) => Counts | undefined): Counts => {
      const total = countResults([]);
      for (const report of [one, two, three]) for (const key of Object.keys(total) as (keyof Counts)[]) total[key] += part(report)?.[key] ?? 0;
      return total;
    };
    expect(merged.value.corpus).toEqual({ ...sum((report) => report.corpus), total: 2, passed: 2 });
    expect(merged.value.games).toEqual({ perSetting: 2, seed: 1, settings: 2, counts: { ...sum((report) => report.games?.counts), total: 3, passed: 2, failed: 1 }, exercised: ['DEAL-PROCEDURE', 'CAP-RANK', 'SWEEP-POINT'], shrunk: [shrunkOf('games/pagat/p2-s2')] });
    // SWEEP-POINT broken by a game and a probe: each part keeps its own first.
    expect(merged.value.probes).toEqual({ perSetting: 2, seed: 1, settings: 1, counts: { ...sum((report) => report.probes?.counts), total: 2, passed: 1, failed: 1 }, refusals: ['CARD_NOT_IN_HAND', 'MUST_CAPTURE'], shrunk: [shrunkOf('probes/pagat/p2-s1')] });
    // Each shard counted the settings of its own games, one each: 3 summed, where the run has 2.
    expect([one, two, three].map((report) => report.games?.settings)).toEqual([1, 1, 1]);
  });

  test('a rule broken in two shards keeps the finding of the first game by id', () => {
    const twice = (summary: RunSummary, id: string): RunSummary => ({ ...summary, games: { ...(summary.games as GamesSummary), shrunk: [shrunkOf(id)] } });
    const one = partShard(1, 2, (summary) => twice(summary, 'games/pagat/p3-s1'));
    const two = partShard(2, 2, (summary) => twice(summary, 'games/pagat/p2-s2'));
    const merged = mergeShardReports([one, two]);
    expect(merged.ok ? merged.value.games?.shrunk : merged.problems).toEqual([shrunkOf('games/pagat/p2-s2')]);
  });

  test('shards of runs that played other games or probes, or none: each difference, with the files on each side', () => {
    const one = partShard(1, 2);
    const otherSeed = partShard(2, 2, (summary) => ({ ...summary, games: { ...(summary.games as GamesSummary), seed: 5 } }));
    const otherCount = partShard(2, 2, (summary) => ({ ...summary, probes: { ...(summary.probes as ProbesSummary), perSetting: 8 } }));
    const none = partShard(2, 2, ({ probes: _, ...summary }) => summary);
    expect(mergeShardReports([one, otherSeed])).toEqual({ ok: false, problems: ['the reports are shards of runs that played different games: games: 2 per setting from seed 1 (r1.json); games: 2 per setting from seed 5 (r2.json)'] });
    expect(mergeShardReports([one, otherCount])).toEqual({ ok: false, problems: ['the reports are shards of runs that played different probes: probes: 2 per setting from seed 1 (r1.json); probes: 8 per setting from seed 1 (r2.json)'] });
    expect(mergeShardReports([one, none])).toEqual({ ok: false, problems: ['the reports are shards of runs that played different probes: probes: 2 per setting from seed 1 (r1.json); probes: none (r2.json)'] });
  });

  test('a run of the corpus alone merges without parts', () => {
    const merged = mergeShardReports(shards(2));
    expect(merged.ok ? [merged.value.corpus, merged.value.games, merged.value.probes] : merged.problems).toEqual([undefined, undefined, undefined]);
  });
});
