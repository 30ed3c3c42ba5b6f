/**
 * The verdict of a run on the plain reference engine in process, given while the fixture is checked: the check has
 * replayed the fixture's inputs on that engine already, and `run` would ask it the same again. A fixture it passes
 * then needs nothing more from the run (`resultOfCheck`, task.ts); one it does not is run as any other, for the
 * report's diagnosis.
 * @module
 */
import type { ResolvedVariant } from '../../reference/index.ts';
import { legalAtPositions } from '../engines/reference.ts';
import type { Fixture, ReplayReply, ReplayRequest } from '../fixture/fixture.ts';
import { planFixture } from '../profile/plan.ts';
import { isFullReporting, PLAYS_EVERYTHING } from '../profile/profile.ts';
import { judgeLegal, judgeReply } from '../verdict/verdict.ts';

/**
 * Whether `runFixture` would pass the fixture on the plain reference engine with no profile, whose answer to
 * `request` (the fixture's own) is `reply`: its plan is to run the fixture as written, the reply meets the
 * expectations, and so do the reference's legal decisions at the positions `expect.legal` names.
 */
export function passesOnReference(fixture: Fixture, variant: ResolvedVariant, request: ReplayRequest, reply: ReplayReply): boolean {
  const plan = planFixture(fixture, variant, request.rules, PLAYS_EVERYTHING);
  if (plan.kind !== 'run' || plan.fixture !== fixture || plan.rules !== request.rules || !isFullReporting(plan.reporting)) return false;
  if (!judgeReply(fixture, reply, plan.reporting).passed) return false;
  const legal = fixture.expect.legal;
  return legal === undefined || judgeLegal(legal, legalAtPositions(request, legal)).passed;
}
