/**
 * An engine's badge, as shields.io's endpoint badge reads it (https://shields.io/badges/endpoint-badge): how many
 * of the fixtures and games it was judged on it passed, and its known bugs. Green when it failed and errored on none
 * and has no known bug, yellow from 90% passed, red below; grey when it was judged on nothing or the run was stopped.
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
  const bugs = summary.knownBugs?.length ?? 0;
  const message = `${passed}/${judged} passed${bugs === 0 ? '' : `, ${bugs} known bug${bugs === 1 ? '' : 's'}`}`;
  if (failed + errored + bugs === 0) return badge(message, 'brightgreen');
  return badge(message, passed / judged >= 0.9 ? 'yellow' : 'red');
}
