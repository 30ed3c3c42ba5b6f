/**
 * The engine under test, as the runner sees it: something that replays a fixture's inputs and answers with
 * events. The reference engine runs in process; an external engine (a later issue) will be a child process
 * spoken to over stdio. Both fit the same interface, and both are made from an `EngineSpec`, plain data that a
 * worker thread can receive and turn into its own engine.
 *
 * A refusal is an answer (`ReplayReply.rejection`), compared like any other. An engine that crashes, hangs or
 * answers garbage has not answered: `replay` rejects with an `EngineFailure`, and the fixture's outcome is
 * `errored`, not `failed`.
 * @module
 */
import { dirname, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { AdapterError, DEFAULT_TIMEOUT_MS, type Engine, EngineStartError } from './engine-api.ts';
import { legalAtPositions, legalOnReference, replayOnReference } from './reference.ts';
import { StdioEngine, type StdioEngineOptions } from './stdio.ts';

export { AdapterError, DEFAULT_TIMEOUT_MS, type Engine, EngineFailure, EngineStartError, PROTOCOL_VERSION } from './engine-api.ts';

/**
 * How to make an engine: the reference in process, an external command spoken to over stdio, or a JavaScript
 * or TypeScript module loaded in process whose default export is an `Engine` or a function that makes one.
 */
export type EngineSpec =
  | { kind: 'reference' }
  | ({ kind: 'stdio' } & StdioEngineOptions)
  /**
   * Run on a worker thread of its own, so that a hang (`timeoutMs` per fixture) or a process.exit() ends only it.
   * `path` is where it is; `name` the path as the user gave it, which reports show (as they show an --engine
   * command), `path` when not given.
   */
  | { kind: 'module'; path: string; name?: string; timeoutMs: number };

/** The reference engine, in process. A throw from it is a bug in the reference and surfaces with its stack. */
export function referenceEngine(): Engine {
  return {
    name: 'reference',
    replay: async (request) => replayOnReference(request),
    legal: async (request) => legalOnReference(request),
    legalPositions: async (request, positions) => legalAtPositions(request, positions),
    close: async () => {},
  };
}

/** Makes the engine a spec describes; rejects with an `EngineStartError` if it cannot be started. */
export async function startEngine(spec: EngineSpec): Promise<Engine> {
  switch (spec.kind) {
    case 'reference':
      return referenceEngine();
    case 'stdio': {
      const engine = new StdioEngine(spec);
      await engine.start();
      return engine;
    }
    case 'module':
      return loadAdapter(spec.path, spec.name ?? spec.path);
  }
}

/**
 * An in-process adapter: the module's default export, an `Engine` or a (possibly async) function making one.
 * The module is loaded through tsx's own loader, whatever the project around it: TypeScript (.ts, .mts, .cts)
 * or JavaScript (.js, .mjs, .cjs), ES module or CommonJS, in a project of either type.
 */
async function loadAdapter(path: string, name: string): Promise<Engine> {
  let module: { default?: unknown };
  try {
    // Imported from its own folder: from a TypeScript file, tsx would read my-adapter.js as my-adapter.ts where both are.
    module = (await tsImport(pathToFileURL(path).href, pathToFileURL(`${dirname(path)}${sep}`).href)) as { default?: unknown };
  } catch (error) {
    throw notLoaded(path, name, error);
  }
  const exported = defaultExport(module);
  if (typeof exported !== 'function' && (typeof exported !== 'object' || exported === null)) {
    throw noEngine(path, name, exported === undefined ? 'it has no default export' : `its default export is ${exported === null ? 'null' : `a ${typeof exported}`}`);
  }
  const engine: unknown = typeof exported === 'function' ? await (exported as () => unknown)() : exported;
  const candidate = engine as Partial<Engine> | undefined;
  if (typeof candidate?.replay !== 'function' || typeof candidate.close !== 'function' || typeof candidate.name !== 'string') {
    throw noEngine(path, name, typeof exported === 'function' ? 'its default export, a function, did not return one' : 'its default export is not one');
  }
  return candidate as Engine;
}

const MUST = 'must default-export an Engine ({ name, replay, close }) or a function returning one';

const noEngine = (path: string, name: string, why: string): AdapterError =>
  new AdapterError(`the adapter ${name} ${MUST}`, { file: path, line: 0, col: 0, message: `an adapter ${MUST}: ${why}` });

/**
 * The module's default export. A CommonJS module compiled from `export default` (a .cts, or a .ts in a
 * CommonJS project) holds it one level down, as its exports' `default`.
 */
function defaultExport(module: { default?: unknown }): unknown {
  const outer = module.default;
  if (typeof outer !== 'object' || outer === null || 'replay' in outer) return outer;
  if ('default' in outer) return (outer as { default: unknown }).default;
  // Compiled from an ES module with no default export: its exports, marked as such, are no default export.
  return (outer as { __esModule?: unknown }).__esModule === true ? undefined : outer;
}

/**
 * Why the module could not be loaded. One that does not parse (its own code or a module it imports) is invalid
 * input, reported where the parser stopped when it says (exit 2); one that throws as it runs, or imports what is
 * not there, is an engine that could not start (exit 3). Neither shows a stack: the message names the file.
 */
function notLoaded(path: string, name: string, error: unknown): EngineStartError {
  // Node's "Cannot find module" goes on with the require stack, which names tsx's copy of the adapter.
  const message = (error instanceof Error ? error.message : String(error)).split('\nRequire stack:')[0] ?? '';
  const failure = `the adapter ${name} could not be loaded: ${message}`;
  // tsx (esbuild) on TypeScript: "Transform failed with 1 error:\n<file>:<line>:<col>: ERROR: <message>".
  const transform = /^(.+?):(\d+):(\d+): ERROR: (.+)$/m.exec(message);
  if (error instanceof Error && error.name === 'TransformError' && transform !== null) {
    const [, file = path, line = '0', col = '0', what = message] = transform;
    // (esbuild counts columns from 0.)
    return new AdapterError(failure, { file, line: Number(line), col: Number(col) + 1, message: `the adapter does not parse: ${what}` });
  }
  // Node on JavaScript: a SyntaxError raised by its compiler, not by the module's code (the first frame is
  // Node's own). A CommonJS module's stack starts with "<file>:<line>", the line, and a caret under the place.
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const firstFrame = /^\s+at (.*)$/m.exec(stack)?.[1] ?? '';
  if (error instanceof SyntaxError && firstFrame.includes('node:internal/')) {
    const where = /^(.+):(\d+)\n.*\n( *)\^/.exec(stack);
    const [, file = path, line = '0', indent] = where ?? [];
    return new AdapterError(failure, { file, line: Number(line), col: indent === undefined ? 0 : indent.length + 1, message: `the adapter does not parse: ${message}` });
  }
  return new EngineStartError(failure);
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
