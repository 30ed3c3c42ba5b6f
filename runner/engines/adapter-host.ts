/**
 * The process an `--adapter` runs in, started by adapter-engine.ts: it loads the adapter module, then answers the
 * runner's requests, one JSON line each way on fd 3, until it is told to close. The adapter's realm is this
 * process, not the runner's: what it does to built-ins and globals, to its stdout and stderr (captured by the
 * runner) or to the process itself reaches neither the verdict nor the report. What it answers is sent as JSON
 * text; an answer that is not JSON data (a function, a symbol, a cycle, a Map) is a failure of the adapter,
 * named where it is.
 * @module
 */
import { Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import type { LoadError } from '../load/load-result.ts';
import { AdapterError, type Engine, EngineFailure } from './engine-api.ts';
import { jsonDataProblem } from './json-data.ts';
import { loadAdapter } from './load-adapter.ts';

/** A request of the runner's. */
export type ToAdapter =
  | { id: number; cmd: 'load'; path: string; name: string }
  | { id: number; cmd: 'replay' | 'legal'; request: unknown }
  | { id: number; cmd: 'legal-positions'; request: unknown; positions: unknown }
  | { id: number; cmd: 'close' };

/** What the adapter says of itself once loaded. */
export interface AdapterHello {
  name: string;
  profile?: unknown;
  legal: boolean;
  legalPositions: boolean;
  claims: boolean;
}

/** An answer: the value (null for none), the adapter's failure, or why it could not be loaded. */
export type FromAdapter =
  | { id: number; ok: unknown }
  | { id: number; failure: { message: string; detail?: string } }
  | { id: number; startFailed: { message: string; problem?: LoadError } };

// Taken before the adapter loads: whatever it patches, the answers are written as this process found them.
const { stringify, parse } = JSON;

/** An adapter's failure in words: its EngineFailure's, an error's name and message with its stack, or what it threw. */
function failureOf(error: unknown): { message: string; detail?: string } {
  if (error instanceof EngineFailure) return error.detail === undefined ? { message: error.message } : { message: error.message, detail: error.detail };
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, ...(error.stack === undefined ? {} : { detail: error.stack }) };
  return { message: `the adapter threw ${String(error)}` };
}

async function answer(request: ToAdapter, engine: Engine | undefined): Promise<{ message: FromAdapter; engine?: Engine }> {
  const { id } = request;
  if (request.cmd === 'load') {
    try {
      const loaded = await loadAdapter(request.path, request.name);
      const hello: AdapterHello = {
        name: loaded.name,
        ...(loaded.profile === undefined ? {} : { profile: loaded.profile }),
        legal: typeof loaded.legal === 'function',
        legalPositions: typeof loaded.legalPositions === 'function',
        claims: loaded.claims === true,
      };
      const problem = jsonDataProblem(hello.profile ?? null, 'its profile');
      if (problem !== undefined) return { message: { id, startFailed: { message: `the adapter's engine cannot be described: ${problem}` } } };
      return { message: { id, ok: hello }, engine: loaded };
    } catch (error) {
      const problem = error instanceof AdapterError ? { problem: error.problem } : {};
      return { message: { id, startFailed: { message: error instanceof Error ? error.message : String(error), ...problem } } };
    }
  }
  if (engine === undefined) return { message: { id, failure: { message: 'the adapter was asked before it was loaded' } } };
  try {
    let value: unknown;
    switch (request.cmd) {
      case 'replay':
        value = await engine.replay(request.request as Parameters<Engine['replay']>[0]);
        break;
      case 'legal':
        value = await engine.legal?.(request.request as Parameters<Engine['replay']>[0]);
        break;
      case 'legal-positions':
        value = await engine.legalPositions?.(request.request as Parameters<Engine['replay']>[0], request.positions as never);
        break;
      case 'close':
        await engine.close();
        value = null;
        break;
    }
    const problem = jsonDataProblem(value ?? null, `its answer to ${request.cmd}`);
    if (problem !== undefined) return { message: { id, failure: { message: `the adapter's answer is not JSON data: ${problem}` } } };
    return { message: { id, ok: value ?? null } };
  } catch (error) {
    return { message: { id, failure: failureOf(error) } };
  }
}

function serveRunner(): void {
  const channel = new Socket({ fd: 3, readable: true, writable: true });
  const write = (message: FromAdapter): void => {
    channel.write(`${stringify(message)}\n`);
  };
  let engine: Engine | undefined;
  let queue = Promise.resolve();
  createInterface({ input: channel, crlfDelay: Infinity }).on('line', (line) => {
    // One request at a time, in the order sent: the runner waits for each answer before the next.
    queue = queue.then(async () => {
      const request = parse(line) as ToAdapter;
      const { message, engine: loaded } = await answer(request, engine);
      engine = loaded ?? engine;
      write(message);
      if (request.cmd === 'close') channel.end(() => process.exit(0));
    });
  });
  channel.on('end', () => process.exit(0));
}

/**
 * Ends this process once the runner that started it is gone. The end of fd 3 says so only to an adapter that gives
 * the event loop back: one caught in a loop that never yields would outlive a runner killed outright, spinning for
 * ever. A thread of its own watches the parent instead, and kills the process, loop and all.
 */
function exitWithRunner(): void {
  const watcher = new Worker(
    `const { workerData } = require('node:worker_threads');
    setInterval(() => { if (process.ppid !== workerData) process.kill(process.pid, 'SIGKILL'); }, 500);`,
    { eval: true, workerData: process.ppid, execArgv: [] },
  );
  watcher.unref();
}

exitWithRunner();
serveRunner();
