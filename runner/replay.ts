/**
 * One fixture through one engine: the replay request, the engine's reply, the comparison, and the result.
 * A refusal or a wrong event is `failed`; no usable reply (the engine threw, crashed, timed out, answered
 * garbage) is `errored`; a reply that says the engine does not play the game (`skipped`) is `skipped`.
 * @module
 */
import type { Rules } from '../reference/index.ts';
import { compareReply } from './compare.ts';
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

/** The fixture's inputs up to (not including) play `play` of round `round`: the position of that decision. */
function positionBefore(fixture: Fixture, rules: Rules, round: number, play: number): ReplayRequest {
  const request = replayRequestOf(fixture, rules);
  const rounds = request.rounds.slice(0, round).map((input, i) => (i === round - 1 ? { ...input, plays: input.plays.slice(0, play - 1) } : input));
  return { ...request, rounds };
}

const describeError = (error: unknown): { message: string; detail?: string } => {
  if (error instanceof EngineFailure) return error.detail === undefined ? { message: error.message } : { message: error.message, detail: error.detail };
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, ...(error.stack === undefined ? {} : { detail: error.stack }) };
  return { message: `the engine threw ${String(error)}` };
};

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

  try {
    const divergence = compareReply(fixture, reply, rules);
    if (divergence === null) return finish({ outcome: 'passed' });
    const engineLegal = divergence.play >= 1 ? await engine.legal?.(positionBefore(fixture, rules, divergence.round, divergence.play)) : undefined;
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
    // A bug in the runner, not in the engine: still no verdict on the fixture.
    const { message, detail } = describeError(error);
    return finish({ outcome: 'errored', message: `the runner failed comparing the reply: ${message}`, ...(detail === undefined ? {} : { detail }) });
  }
}
