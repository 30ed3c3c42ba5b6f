/**
 * One fixture through one engine: the plan (the fixture judged by the engine's declared profile), the replay
 * request, the engine's reply, the verdict, and the result. A fixture the engine's profile says it cannot
 * play is `not-applicable`; a reply the verdict (runner/verdict/) fails is `failed`, and only then diagnosed:
 * every independent divergence as a finding by rule; no usable reply (the engine threw, crashed, timed out, answered garbage) is `errored`; a reply
 * that says the engine does not play the game (`skipped`) is `skipped`.
 * @module
 */
import { type Decision, parseCard, type ResolvedVariant, type Rules } from '../../reference/index.ts';
import type { Divergence } from '../divergences/divergence.ts';
import { explainFailure } from '../divergences/diagnose.ts';
import type { HiddenDivergence } from '../divergences/compare.ts';
import { formatDivergence, type ReportContext } from '../report/divergence.ts';
import { checkReplyShape, type Engine, EngineFailure, RunInterrupted } from '../engines/engine.ts';
import { type Fixture, type ReplayReply, type ReplayRequest, replayRequestOf, requestBefore, usesClaims } from '../fixture/fixture.ts';
import { type FixtureFinding, type FixtureResult, type NotJudged, NOT_RUN_INTERRUPTED } from './outcome.ts';
import { type KnownBugs, type Plan, planFixture } from '../profile/plan.ts';
import { describeReporting, type EngineProfile, isFullReporting, PLAYS_EVERYTHING } from '../profile/profile.ts';
import { oneLine } from '../util/one-line.ts';
import { judgeLegal, judgeReply, type Verdict } from '../verdict/verdict.ts';

/** A fixture ready to run: plain data, so that it can be sent to a worker thread. */
export interface RunItem {
  fixture: Fixture;
  /** The fixture's file as shown to the user. */
  file: string;
  /** The fixture's variant, and its rules with the fixture's options applied. */
  variant: ResolvedVariant;
  rules: Rules;
  /** The command that reruns this fixture alone. */
  repro: string;
  /** The reason from --expect-fail, if the fixture is listed there. */
  expectedFailure?: string;
  /**
   * Set when a report replays the game: `true`, a failed result carries it (`game`: the HTML report); `'always'`,
   * a passed one too (`show --engine`).
   */
  keepGame?: boolean | 'always';
}

const positionBefore = (fixture: Fixture, rules: Rules, round: number, play: number): ReplayRequest =>
  requestBefore(replayRequestOf(fixture, rules), round, play);

/** Why an engine gave no answer, on one line (what it said may hold line breaks), with what it left behind. */
const describeError = (error: unknown): { message: string; detail?: string } => {
  if (error instanceof EngineFailure) return error.detail === undefined ? { message: oneLine(error.message) } : { message: oneLine(error.message), detail: error.detail };
  if (error instanceof Error) return { message: oneLine(`${error.name}: ${error.message}`), ...(error.stack === undefined ? {} : { detail: error.stack }) };
  return { message: oneLine(`the engine threw ${String(error)}`) };
};

const NO_CLAIMS = 'the fixture makes table claims (CAP-TABLE-CLAIM), and the engine does not offer the table-claim capability';

const NO_LEGAL = 'the fixture checks legal decisions (expect.legal), and the engine does not offer the optional legal request';

/** The engine's legal decisions at a position, to show at a divergence: undefined if it does not say. */
async function engineLegalAt(engine: Engine, request: ReplayRequest): Promise<Decision[] | undefined> {
  try {
    return await engine.legal?.(request);
  } catch {
    return undefined;
  }
}

/**
 * The engine's legal decisions at each position of `expect.legal`, in order: in one `legalPositions` call where
 * the engine offers it, else one `legal` call each; 'not-offered' if it offers neither. Rejects like the engine's
 * `legal` when the engine does not answer, or answers something other than lists of decisions.
 */
async function legalAnswers(engine: Engine, fixture: Fixture, rules: Rules): Promise<'not-offered' | Decision[][]> {
  const positions = fixture.expect.legal ?? [];
  const all = await engine.legalPositions?.(replayRequestOf(fixture, rules), positions.map(({ round, play }) => ({ round, play })));
  if (all !== undefined && (!Array.isArray(all) || all.length !== positions.length)) {
    throw new EngineFailure(`the engine's answer to legal-positions is not a list of ${positions.length} lists of decisions`);
  }
  const answers: Decision[][] = [];
  for (const [index, position] of positions.entries()) {
    const listed: unknown = all === undefined ? await engine.legal?.(positionBefore(fixture, rules, position.round, position.play)) : all[index];
    if (listed === undefined) return 'not-offered';
    const problem = decisionsProblem(listed);
    if (problem !== undefined) throw new EngineFailure(`the engine's legal decisions before play ${position.play} of round ${position.round} ${problem}`);
    answers.push(listed as Decision[]);
  }
  return answers;
}

/**
 * What keeps a value from being a list of legal decisions (a card in notation and a list of cards in notation it
 * takes, or a claim of cards in notation), or undefined. A legal decision plays a card the engine holds or takes
 * table cards: it never names a card not in notation.
 */
function decisionsProblem(listed: unknown): string | undefined {
  if (!Array.isArray(listed)) return 'are not a list';
  const isCard = (card: unknown): boolean => typeof card === 'string' && parseCard(card) >= 0;
  const isCardList = (cards: unknown): boolean => Array.isArray(cards) && cards.every(isCard);
  const bad = listed.findIndex((decision: unknown) => {
    if (typeof decision !== 'object' || decision === null || Array.isArray(decision)) return true;
    const { card, capture, claim } = decision as { card?: unknown; capture?: unknown; claim?: unknown };
    if (claim !== undefined) return card !== undefined || capture !== undefined || !isCardList(claim);
    return !isCard(card) || (capture !== undefined && !isCardList(capture));
  });
  return bad < 0 ? undefined : `are not decisions: item ${bad} is no {card, capture?} or {claim} of cards in notation`;
}

/** The rules an earlier divergence kept from being judged, each with that divergence's rule and the rounds. */
function notJudgedOf(hidden: readonly HiddenDivergence[]): NotJudged[] {
  const byRules = new Map<string, NotJudged>();
  for (const { divergence, after } of hidden) {
    const key = `${divergence.rule ?? ''} ${after.rule ?? ''}`;
    const known = byRules.get(key) ?? { rule: divergence.rule ?? null, after: after.rule ?? null, rounds: [] };
    if (!known.rounds.includes(divergence.round)) known.rounds.push(divergence.round);
    byRules.set(key, known);
  }
  return [...byRules.values()];
}

/** The divergences grouped by rule, in the order each rule first shows; each rule's first divergence reported. */
function findingsOf(divergences: readonly Divergence[], report: (divergence: Divergence) => string): FixtureFinding[] {
  const byRule = new Map<string, FixtureFinding>();
  for (const divergence of divergences) {
    const key = divergence.rule ?? '';
    const known = byRule.get(key);
    if (known === undefined) byRule.set(key, { rule: divergence.rule ?? null, rounds: [divergence.round], divergence, report: report(divergence) });
    else if (!known.rounds.includes(divergence.round)) known.rounds.push(divergence.round);
  }
  return [...byRule.values()];
}

/**
 * Runs one fixture on an engine, judged by `profile` (by default the one the engine declares, else: it plays
 * every fixture as written and reports every event). `planned` is the fixture's plan under that profile where the
 * caller has made it already; else it is made, with the engine's known bugs (`run --known-bugs`) where it has any.
 */
export async function runFixture(engine: Engine, item: RunItem, profile?: EngineProfile, planned?: Plan, knownBugs?: KnownBugs): Promise<FixtureResult> {
  const { file } = item;
  const { provenance } = item.fixture;
  const started = performance.now();
  // A run holds every result to its end: its named fields come before any spread, since V8 gives an object
  // literal that opens with a spread of objects of many shapes a map of its own, some 300 bytes each.
  const { id, title, variant } = item.fixture;
  const known = {
    ...(item.expectedFailure === undefined ? {} : { expectedFailure: item.expectedFailure }),
    ...(provenance.kind === 'recorded' ? { recorded: `${provenance.system} ${provenance.version}` } : {}),
  };
  const finish = (rest: Pick<FixtureResult, 'outcome'> & Partial<FixtureResult>): FixtureResult => ({
    id,
    file,
    title,
    variant,
    ...known,
    ...rest,
    durationMs: Math.round((performance.now() - started) * 1000) / 1000,
  });
  // A throw outside the engine's calls is a bug in the runner: still no verdict on the fixture.
  const runnerFailed = (error: unknown): FixtureResult => {
    const { message, detail } = describeError(error);
    return finish({ outcome: 'errored', message: `the runner failed: ${message}`, ...(detail === undefined ? {} : { detail }) });
  };

  let plan: Plan;
  try {
    plan = planned ?? planFixture(item.fixture, item.variant, item.rules, profile ?? engine.profile ?? PLAYS_EVERYTHING, knownBugs);
  } catch (error) {
    return runnerFailed(error);
  }
  if (plan.kind === 'not-applicable') {
    return finish({ outcome: 'not-applicable', message: plan.reason, cause: plan.cause, ...(plan.derived === undefined ? {} : { derived: plan.derived }) });
  }
  const { fixture, rules, reporting } = plan;
  if (engine.claims !== true && usesClaims(fixture)) return finish({ outcome: 'not-applicable', message: NO_CLAIMS });
  const derived = {
    ...(plan.derived === undefined ? {} : { derived: plan.derived }),
    ...(isFullReporting(reporting) ? {} : { reporting: describeReporting(reporting) }),
  };

  let reply: ReplayReply;
  try {
    const answer: unknown = await engine.replay(replayRequestOf(fixture, rules));
    const problem = checkReplyShape(answer);
    if (problem !== undefined) return finish({ outcome: 'errored', message: `the engine's reply is malformed: ${problem}` });
    reply = answer as ReplayReply;
  } catch (error) {
    if (error instanceof RunInterrupted) return finish({ outcome: 'skipped', message: NOT_RUN_INTERRUPTED });
    return finish({ outcome: 'errored', ...describeError(error) });
  }

  if (reply.skipped !== undefined) return finish({ outcome: 'skipped', message: `the engine does not play it: ${oneLine(reply.skipped)}` });

  let verdict: Verdict;
  let legal: Decision[][] | undefined;
  try {
    verdict = judgeReply(fixture, reply, reporting);
  } catch (error) {
    return runnerFailed(error);
  }
  if (verdict.passed && fixture.expect.legal !== undefined) {
    try {
      const answers = await legalAnswers(engine, fixture, rules);
      if (answers === 'not-offered') return finish({ outcome: 'skipped', message: NO_LEGAL, ...derived });
      legal = answers;
      verdict = judgeLegal(fixture.expect.legal, answers);
    } catch (error) {
      if (error instanceof RunInterrupted) return finish({ outcome: 'skipped', message: NOT_RUN_INTERRUPTED });
      return finish({ outcome: 'errored', ...describeError(error) });
    }
  }
  const game = item.keepGame === true || item.keepGame === 'always' ? { game: { request: replayRequestOf(fixture, rules), expect: fixture.expect, reply } } : {};
  if (verdict.passed) return finish({ outcome: 'passed', ...(item.keepGame === 'always' ? game : {}), ...derived });

  // The verdict is given: what follows only explains it.
  try {
    const { divergences, hidden } = explainFailure(verdict.part, fixture, reply, rules, reporting, legal);
    const first = divergences[0];
    // The engine's legal decisions where the first divergence is, to show beside the reference's.
    const atLegalPosition = fixture.expect.legal?.findIndex(({ round, play }) => round === first.round && play === first.play) ?? -1;
    const engineLegal =
      first.kind === 'legal-mismatch' ? legal?.[atLegalPosition] : first.play >= 1 ? await engineLegalAt(engine, positionBefore(fixture, rules, first.round, first.play)) : undefined;
    const context: ReportContext = { fixture, file, rules, reply, repro: item.repro, reporting, ...(plan.derived === undefined ? {} : { derived: plan.derived }) };
    const report = (divergence: Divergence): string =>
      formatDivergence(divergence, divergence === first && engineLegal !== undefined ? { ...context, engineLegal } : context);
    const findings = findingsOf(divergences, report);
    // The first divergence opens the first finding: its report is the fixture's.
    const notJudged = notJudgedOf(hidden);
    return finish({ outcome: 'failed', divergence: first, report: (findings[0] as FixtureFinding).report, findings, ...(notJudged.length === 0 ? {} : { notJudged }), ...game, ...derived });
  } catch (error) {
    return runnerFailed(error);
  }
}
