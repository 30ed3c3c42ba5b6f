/**
 * The JSON reporter: the whole run as one JSON object, for tools. Top-level counts (`passed`, `failed`,
 * `skipped`, `errored`, and of those `expectedFailures` and `unexpectedPasses`) and one entry per fixture.
 * @module
 */
import type { RunSummary } from '../outcome.ts';

export function renderJson(summary: RunSummary): string {
  const { counts } = summary;
  const report = {
    engine: summary.engine,
    total: counts.total,
    passed: counts.passed,
    failed: counts.failed,
    skipped: counts.skipped,
    errored: counts.errored,
    expectedFailures: counts.expectedFailures,
    unexpectedPasses: counts.unexpectedPasses,
    bailed: summary.bailed,
    durationMs: summary.durationMs,
    fixtures: summary.results.map((result) => ({
      id: result.id,
      file: result.file,
      variant: result.variant,
      outcome: result.outcome,
      ...(result.expectedFailure === undefined ? {} : { expectedFailure: result.expectedFailure }),
      ...(result.divergence === undefined ? {} : { divergence: result.divergence }),
      ...(result.message === undefined ? {} : { message: result.message }),
      ...(result.detail === undefined ? {} : { detail: result.detail }),
      durationMs: result.durationMs,
    })),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
