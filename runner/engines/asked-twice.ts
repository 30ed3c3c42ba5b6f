/**
 * A check that an engine is deterministic, at the cost of a handful of replays per run: the replays numbered 4, 16,
 * 64, 256, ... of an engine (a run of 2,000 fixtures asks 5 again) are asked a second time at once. An engine that
 * answers the same request otherwise is not deterministic, and a verdict on one of its answers says nothing: that
 * fixture errors, naming where the answers differ, with the request, and the run fails (exit 3).
 * @module
 */
import type { ReplayReply, ReplayRequest } from '../fixture/fixture.ts';
import { sameJson } from '../verdict/equality.ts';
import { type Engine, EngineFailure } from './engine-api.ts';

/**
 * Whether the n-th replay (from 1) is asked twice: the powers of 4 from 4 (one bit set, at an even place). The first few are never asked twice, so
 * that a run of one or two fixtures costs nothing more and sends the engine what it always did.
 */
export const isAskedTwice = (replay: number): boolean => replay >= 4 && (replay & (replay - 1)) === 0 && (replay & 0x5555_5555) !== 0;

/** Where two answers to one request first differ, said shortly (`message`) and in full (`detail`). */
function differenceOf(first: ReplayReply, second: ReplayReply): { message: string; detail: string } {
  const events = (reply: ReplayReply): unknown[] => (Array.isArray(reply.events) ? reply.events : []);
  const [a, b] = [events(first), events(second)];
  const at = Array.from({ length: Math.max(a.length, b.length) }, (_, index) => index).find((index) => !sameJson(a[index], b[index]));
  if (at === undefined) {
    const rest = (reply: ReplayReply): string => JSON.stringify({ ...reply, events: undefined });
    return { message: 'the same events, and otherwise a different answer', detail: `first:  ${rest(first)}\nthen:   ${rest(second)}` };
  }
  const typeOf = (event: unknown): string => (event === undefined ? 'none' : String((event as { type?: unknown }).type));
  const shown = (event: unknown): string => (event === undefined ? 'none' : JSON.stringify(event));
  return { message: `event #${at + 1} ${typeOf(a[at])}, then ${typeOf(b[at])}`, detail: `first:  event #${at + 1} ${shown(a[at])}\nthen:   event #${at + 1} ${shown(b[at])}` };
}

/** The engine, with its replays numbered 4, 16, 64, ... asked twice (see `isAskedTwice`). */
export function askingSomeTwice(engine: Engine): Engine {
  let replays = 0;
  const replay = async (request: ReplayRequest): Promise<ReplayReply> => {
    const first = await engine.replay(request);
    if (!isAskedTwice(++replays)) return first;
    const second = await engine.replay(request);
    if (sameJson(first, second)) return first;
    const { message, detail } = differenceOf(first, second);
    throw new EngineFailure(`the engine is not deterministic: asked this game twice, it answered two ways (${message})`, `${detail}\nthe request: ${JSON.stringify(request)}`);
  };
  return {
    name: engine.name,
    replay,
    close: () => engine.close(),
    ...(engine.legal === undefined ? {} : { legal: engine.legal.bind(engine) }),
    ...(engine.legalPositions === undefined ? {} : { legalPositions: engine.legalPositions.bind(engine) }),
    ...(engine.claims === undefined ? {} : { claims: engine.claims }),
    ...(engine.profile === undefined ? {} : { profile: engine.profile }),
  };
}
