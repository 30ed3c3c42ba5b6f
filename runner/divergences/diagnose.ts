/**
 * Why a reply failed the verdict: every independent divergence, by rule (compare.ts); where that finds none, the
 * plainest difference (unexplained.ts); where even that finds none, a divergence that says so. Never empty, and
 * asked only once the verdict has failed: nothing here can turn a failure into a pass.
 * @module
 */
import type { Decision, Rules } from '../../reference/index.ts';
import type { Fixture, ReplayReply } from '../fixture/fixture.ts';
import type { Reporting } from '../profile/profile.ts';
import type { VerdictPart } from '../verdict/verdict.ts';
import { compareWithExpectations, type HiddenDivergence, playEventIndex } from './compare.ts';
import type { Divergence } from './divergence.ts';
import { compareLegal } from './legal.ts';
import { unexplainedDivergence } from './unexplained.ts';

/**
 * The divergences behind a failed `part`, in the order the engine showed them. `legal` holds the engine's legal
 * decisions at each position of `expect.legal`, where that is the part that failed.
 */
export function diagnoseFailure(
  part: VerdictPart,
  fixture: Fixture,
  reply: ReplayReply,
  rules: Rules,
  reporting: Reporting,
  legal?: readonly (readonly Decision[])[],
): [Divergence, ...Divergence[]] {
  return explainFailure(part, fixture, reply, rules, reporting, legal).divergences;
}

/** `diagnoseFailure`'s divergences, and those an earlier divergence hides (each with it): rules not judged there. */
export function explainFailure(
  part: VerdictPart,
  fixture: Fixture,
  reply: ReplayReply,
  rules: Rules,
  reporting: Reporting,
  legal?: readonly (readonly Decision[])[],
): { divergences: [Divergence, ...Divergence[]]; hidden: HiddenDivergence[] } {
  const compared = part === 'legal' ? undefined : compareWithExpectations(fixture, reply, rules, reporting);
  const found: Divergence[] = compared === undefined ? legalDivergences(fixture, reply, rules, legal ?? []) : compared.divergences.map((placed) => placed.divergence);
  const hidden = compared?.hidden ?? [];
  const [first, ...rest] = found;
  if (first !== undefined) return { divergences: [first, ...rest], hidden };
  const plain = unexplainedDivergence(part, fixture, reply, rules, reporting);
  if (plain !== undefined) return { divergences: [plain], hidden };
  const where = reply.rejection ?? { round: 1, play: 0 };
  return { divergences: [{ kind: 'unexplained', round: where.round, play: where.play, eventIndex: reply.events.length, part, expected: null, actual: null }], hidden };
}

/** The first position of `expect.legal` whose decisions differ. */
function legalDivergences(fixture: Fixture, reply: ReplayReply, rules: Rules, answers: readonly (readonly Decision[])[]): Divergence[] {
  for (const [i, expected] of (fixture.expect.legal ?? []).entries()) {
    const divergence = compareLegal(expected, answers[i] ?? [], rules, Math.max(0, playEventIndex(reply.events, expected.round, expected.play)));
    if (divergence !== null) return [divergence];
  }
  return [];
}
