/**
 * The JSON reporter: the whole run as one JSON object, for tools. Top-level counts (`passed`, `failed`,
 * `notApplicable`, `skipped`, `errored`, and of those `expectedFailures` and `unexpectedPasses`), the report
 * card as `findings` (one entry per rule broken: counts, where, one worked example; fixtures listed in
 * --expect-fail are left out, as known gaps), and one entry per fixture with its own findings, each with its
 * report in words. `shard` says which part of the selection the run took (1/1 without --shard), so that `merge`
 * can put the reports of a sharded run back together. The shape is spec/report.schema.json.
 * @module
 */
import type { RunSummary } from '../run/outcome.ts';
import { notJudgedOf, reportCardOf } from './card.ts';

export function renderJson(summary: RunSummary): string {
  const { counts } = summary;
  const notJudged = notJudgedOf(summary.results);
  const report = {
    engine: summary.engine,
    shard: summary.shard ?? { index: 1, count: 1, selected: counts.total },
    total: counts.total,
    passed: counts.passed,
    failed: counts.failed,
    notApplicable: counts['not-applicable'],
    skipped: counts.skipped,
    errored: counts.errored,
    expectedFailures: counts.expectedFailures,
    unexpectedPasses: counts.unexpectedPasses,
    bailed: summary.bailed,
    interrupted: summary.interrupted === true,
    durationMs: summary.durationMs,
    corpus: summary.corpus,
    games: summary.games,
    probes: summary.probes,
    knownBugs: summary.knownBugs,
    undocumented: summary.undocumented,
    notJudged: notJudged.length === 0 ? undefined : notJudged,
    findings: reportCardOf(summary.results).map((finding) => ({
      rule: finding.rule,
      name: finding.name,
      link: finding.link,
      fixtures: finding.fixtures,
      rounds: finding.rounds,
      summary: finding.summary,
      where: finding.where,
      example: finding.example,
    })),
    // A field a result does not have is undefined here, and JSON.stringify leaves it out.
    fixtures: summary.results.map((result) => ({
      id: result.id,
      file: result.file,
      title: result.title,
      variant: result.variant,
      outcome: result.outcome,
      expectedFailure: result.expectedFailure,
      divergence: result.divergence,
      report: result.report,
      findings: result.findings?.map(({ rule, rounds, divergence, report }) => ({ rule, rounds, divergence, report })),
      notJudged: result.notJudged,
      derived: result.derived,
      reporting: result.reporting,
      recorded: result.recorded,
      message: result.message,
      cause: result.cause,
      detail: result.detail,
      durationMs: result.durationMs,
    })),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
