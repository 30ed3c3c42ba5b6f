/**
 * One fixture through one engine: the replay request, the engine's reply, the comparison, and the result.
 * A refusal or a wrong event is `failed`; no usable reply (the engine threw, crashed, timed out, answered
 * garbage) is `errored`; a reply that says the engine does not play the game (`skipped`) is `skipped`.
 * @module
 */
import type { Decision, Rules } from '../reference/index.ts';
import { compareLegal, compareReply, type Divergence, type LegalDivergence, playEventIndex } from './compare.ts';
import { formatDivergence } from './divergence.ts';
import { checkReplyShape, type Engine, EngineFailure } from './engines/engine.ts';
import type { Fixture, ReplayReply, ReplayRequest } from './fixture.ts';
import type { FixtureResult } from './outcome.ts';

/** A fixture ready to run: plain data, so that it can be sent to a worker thread. */
export interface RunItem {
  fixture: Fixture;
  /** The fixture's file as shown to the user. */
  file: string;
  /** The fixture's variant with its options applied. */
  rules: Rules;
  /** The command that reruns this fixture alone. */
  repro: string;
  /** The reason from --expect-fail, if the fixture is listed there. */
  expectedFailure?: string;
}

export function replayRequestOf(fixture: Fixture, rules: Rules): ReplayRequest {
  return {
    variant: fixture.variant,
    options: fixture.options,
    rules,
    players: fixture.players,
    ...(fixture.firstDealer === undefined ? {} : { firstDealer: fixture.firstDealer }),
    rounds: fixture.rounds,
  };
}

/** A request's inputs up to (not including) play `play` of round `round`: the position of that decision. */
export function requestBefore(request: ReplayRequest, round: number, play: number): ReplayRequest {
  const rounds = request.rounds.slice(0, round).map((input, i) => (i === round - 1 ? { ...input, plays: input.plays.slice(0, play - 1) } : input));
  return { ...request, rounds };
}

const positionBefore = (fixture: Fixture, rules: Rules, round: number, play: number): ReplayRequest =>
  requestBefore(replayRequestOf(fixture, rules), round, play);

const describeError = (error: unknown): { message: string; detail?: string } => {
  if (error instanceof EngineFailure) return error.detail === undefined ? { message: error.message } : { message: error.message, detail: error.detail };
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, ...(error.stack === undefined ? {} : { detail: error.stack }) };
  return { message: `the engine threw ${String(error)}` };
};

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
 * `expect.legal`, position by position, once the replay matched: the first position where the engine's legal
 * decisions differ, with them. Rejects like the engine's `legal` when the engine does not answer.
 */
async function checkLegal(
  engine: Engine,
  fixture: Fixture,
  reply: ReplayReply,
  rules: Rules,
): Promise<'not-offered' | { divergence: LegalDivergence | null; engineLegal?: Decision[] }> {
  for (const expected of fixture.expect.legal ?? []) {
    const listed = await engine.legal?.(positionBefore(fixture, rules, expected.round, expected.play));
    if (listed === undefined) return 'not-offered';
    if (!Array.isArray(listed)) throw new EngineFailure('the engine\'s legal decisions are not a list');
    const divergence = compareLegal(expected, listed, rules, playEventIndex(reply.events, expected.round, expected.play));
    if (divergence !== null) return { divergence, engineLegal: listed };
  }
  return { divergence: null };
}

export async function runFixture(engine: Engine, item: RunItem): Promise<FixtureResult> {
  const { fixture, file, rules } = item;
  const started = performance.now();
  const base = {
    id: fixture.id,
    file,
    title: fixture.title,
    variant: fixture.variant,
    ...(item.expectedFailure === undefined ? {} : { expectedFailure: item.expectedFailure }),
  };
  const finish = (rest: Pick<FixtureResult, 'outcome'> & Partial<FixtureResult>): FixtureResult => ({
    ...base,
    ...rest,
    durationMs: Math.round((performance.now() - started) * 1000) / 1000,
  });

  let reply: ReplayReply;
  try {
    const answer: unknown = await engine.replay(replayRequestOf(fixture, rules));
    const problem = checkReplyShape(answer);
    if (problem !== undefined) return finish({ outcome: 'errored', message: `the engine's reply is malformed: ${problem}` });
    reply = answer as ReplayReply;
  } catch (error) {
    return finish({ outcome: 'errored', ...describeError(error) });
  }

  if (reply.skipped !== undefined) return finish({ outcome: 'skipped', message: `the engine does not play it: ${reply.skipped}` });

  // A throw from here on, except from the engine's `legal`, is a bug in the runner: still no verdict on the fixture.
  const runnerFailed = (error: unknown): FixtureResult => {
    const { message, detail } = describeError(error);
    return finish({ outcome: 'errored', message: `the runner failed comparing the reply: ${message}`, ...(detail === undefined ? {} : { detail }) });
  };
  let divergence: Divergence | null;
  try {
    divergence = compareReply(fixture, reply, rules);
  } catch (error) {
    return runnerFailed(error);
  }
  let engineLegal: Decision[] | undefined;
  if (divergence === null && fixture.expect.legal !== undefined) {
    try {
      const checked = await checkLegal(engine, fixture, reply, rules);
      if (checked === 'not-offered') return finish({ outcome: 'skipped', message: NO_LEGAL });
      ({ divergence, engineLegal } = checked);
    } catch (error) {
      return finish({ outcome: 'errored', ...describeError(error) });
    }
  }
  if (divergence === null) return finish({ outcome: 'passed' });

  try {
    engineLegal ??= divergence.play >= 1 ? await engineLegalAt(engine, positionBefore(fixture, rules, divergence.round, divergence.play)) : undefined;
    const report = formatDivergence(divergence, {
      fixture,
      file,
      rules,
      reply,
      repro: item.repro,
      ...(engineLegal === undefined ? {} : { engineLegal }),
    });
    return finish({ outcome: 'failed', divergence, report });
  } catch (error) {
    return runnerFailed(error);
  }
}
