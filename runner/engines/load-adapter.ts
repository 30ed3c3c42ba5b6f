/**
 * Loading an `--adapter` module: its default export, an `Engine` or a (possibly async) function making one. The
 * module is loaded through tsx's own loader, whatever the project around it: TypeScript (.ts, .mts, .cts) or
 * JavaScript (.js, .mjs, .cjs), ES module or CommonJS, in a project of either type. Runs in the adapter's own
 * process (adapter-host.ts), never in the runner's.
 * @module
 */
import { dirname, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { AdapterError, type Engine, EngineStartError } from './engine-api.ts';

/** The module's engine; rejects with an `AdapterError` (no adapter: exit 2) or an `EngineStartError` (exit 3). */
export async function loadAdapter(path: string, name: string): Promise<Engine> {
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
