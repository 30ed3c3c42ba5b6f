/**
 * The engine under test, as the runner sees it: something that replays a fixture's inputs and answers with
 * events. The reference engine runs in process; an external engine is a child process spoken to over stdio, and
 * an adapter module runs in a child process of its own. All fit the same interface, and all are made from an
 * `EngineSpec`, plain data that a worker thread can receive and turn into its own engine.
 *
 * A refusal is an answer (`ReplayReply.rejection`), compared like any other. An engine that crashes, hangs or
 * answers garbage has not answered: `replay` rejects with an `EngineFailure`, and the fixture's outcome is
 * `errored`, not `failed`.
 * @module
 */
import type { EngineProfile } from '../profile/profile.ts';
import { AdapterEngine } from './adapter-engine.ts';
import { DEFAULT_TIMEOUT_MS, type Engine, RunInterrupted } from './engine-api.ts';
import { giveWay } from '../util/give-way.ts';
import { legalAtPositions, legalOnReference, PLAIN_REFERENCE, type Reference, replayOnReference } from './reference.ts';
import { StdioEngine, type StdioEngineOptions } from './stdio.ts';

export { AdapterError, DEFAULT_TIMEOUT_MS, type Engine, EngineFailure, EngineStartError, PROTOCOL_VERSION, RunInterrupted } from './engine-api.ts';

/**
 * How to make an engine: the reference in process, an external command spoken to over stdio, or a JavaScript
 * or TypeScript module loaded in process whose default export is an `Engine` or a function that makes one.
 */
export type EngineSpec =
  | { kind: 'reference' }
  | ({ kind: 'stdio' } & StdioEngineOptions)
  /**
   * Run in a process of its own (adapter-engine.ts), so that nothing it does reaches the runner, and a hang
   * (`timeoutMs` per request) or a process.exit() ends only it. `path` is where it is; `name` the path as the user
   * gave it, which reports show (as they show an --engine command), `path` when not given.
   */
  | { kind: 'module'; path: string; name?: string; timeoutMs: number };

/**
 * The spec of an engine judged by a --profile: an external engine then checks its answers (`--validate-protocol`) by
 * what that profile says it reports, not by its hello's.
 */
export const judgedByProfile = (spec: EngineSpec, profile: EngineProfile | undefined): EngineSpec =>
  spec.kind === 'stdio' && profile !== undefined ? { ...spec, profile } : spec;

/**
 * The reference engine, in process: the plain one, or `reference` (one playing known bugs). A throw from it is a bug
 * in the reference and surfaces with its stack. Before each request it lets the event loop turn now and then, so
 * that `signal` is heard: once aborted, a request rejects with `RunInterrupted`, as an external engine's does.
 */
export function referenceEngine(signal?: AbortSignal, reference: Reference = PLAIN_REFERENCE): Engine {
  const heard = async (): Promise<void> => {
    await giveWay();
    if (signal?.aborted === true) throw new RunInterrupted();
  };
  return {
    name: 'reference',
    claims: true,
    async replay(request) {
      await heard();
      return replayOnReference(request, reference);
    },
    async legal(request) {
      await heard();
      return legalOnReference(request, reference);
    },
    async legalPositions(request, positions) {
      await heard();
      return legalAtPositions(request, positions, reference);
    },
    close: async () => {},
  };
}

/**
 * Makes the engine a spec describes; rejects with an `EngineStartError` if it cannot be started. `signal`, aborted
 * when the user stops the run, ends an engine of its own process at once, with the request it was answering.
 */
export async function startEngine(spec: EngineSpec, signal?: AbortSignal): Promise<Engine> {
  switch (spec.kind) {
    case 'reference':
      return referenceEngine(signal);
    case 'stdio': {
      const engine = new StdioEngine(spec, signal);
      await engine.start();
      return engine;
    }
    case 'module':
      return AdapterEngine.start({ path: spec.path, name: spec.name ?? spec.path, timeoutMs: spec.timeoutMs, cwd: process.cwd(), ...(signal === undefined ? {} : { signal }) });
  }
}

/** How reports name the engine a spec describes (the same as the started engine's `name`). */
export function engineName(spec: EngineSpec): string {
  switch (spec.kind) {
    case 'reference':
      return 'reference';
    case 'stdio':
      return spec.command;
    case 'module':
      return spec.name ?? spec.path;
  }
}

/** The command-line flags that select this engine, for a reproduction command (none for the reference). */
export function engineFlags(spec: EngineSpec): string[] {
  switch (spec.kind) {
    case 'reference':
      return [];
    case 'stdio':
      return [
        '--engine',
        spec.command,
        ...(spec.timeoutMs === DEFAULT_TIMEOUT_MS ? [] : ['--timeout', String(spec.timeoutMs / 1000)]),
        ...(spec.validateProtocol ? ['--validate-protocol'] : []),
      ];
    case 'module':
      return ['--adapter', spec.name ?? spec.path, ...(spec.timeoutMs === DEFAULT_TIMEOUT_MS ? [] : ['--timeout', String(spec.timeoutMs / 1000)])];
  }
}

/**
 * What is wrong with the shape of a reply, or undefined if it is a ReplayReply: an events array of objects with
 * a string `type`, a rejection with integer `round` and `play` and a string `code`, or a `skipped` reason (and
 * then nothing else is needed). The fields of each event are left to the comparison, which reports a wrong field
 * as a divergence.
 */
export function checkReplyShape(reply: unknown): string | undefined {
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) return 'the reply is not an object';
  const { events, rejection, skipped } = reply as { events?: unknown; rejection?: unknown; skipped?: unknown };
  if (skipped !== undefined) return typeof skipped === 'string' ? undefined : 'the reply\'s "skipped" is not a string';
  if (!Array.isArray(events)) return 'the reply has no "events" array';
  const bad = events.findIndex(
    (event: unknown) =>
      typeof event !== 'object' || event === null || typeof (event as { type?: unknown }).type !== 'string',
  );
  if (bad >= 0) return `event ${bad} is not an object with a string "type"`;
  if (rejection === undefined) return undefined;
  const r = rejection as { round?: unknown; play?: unknown; code?: unknown };
  if (
    typeof rejection !== 'object' ||
    rejection === null ||
    !Number.isInteger(r.round) ||
    !Number.isInteger(r.play) ||
    typeof r.code !== 'string'
  ) {
    return 'the reply\'s "rejection" needs an integer "round" and "play" and a string "code"';
  }
  return undefined;
}
