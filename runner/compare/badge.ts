/**
 * An engine's badge, as shields.io's endpoint badge reads it (https://shields.io/badges/endpoint-badge): how many
 * of the fixtures and games it was judged on it passed. Green when it failed and errored on none, yellow from 90%,
 * red below; grey when it was judged on nothing or the run was stopped.
 * @module
 */
import type { RunSummary } from '../run/outcome.ts';

export interface Badge {
  schemaVersion: 1;
  label: string;
  message: string;
  color: string;
}

export const BADGE_LABEL = 'scopa-conformance';

export function badgeOf(summary: RunSummary): Badge {
  const { passed, failed, errored } = summary.counts;
  const judged = passed + failed + errored;
  const badge = (message: string, color: string): Badge => ({ schemaVersion: 1, label: BADGE_LABEL, message, color });
  if (summary.interrupted === true) return badge('interrupted', 'lightgrey');
  if (judged === 0) return badge('not judged', 'lightgrey');
  const message = `${passed}/${judged} passed`;
  if (failed + errored === 0) return badge(message, 'brightgreen');
  return badge(message, passed / judged >= 0.9 ? 'yellow' : 'red');
}
