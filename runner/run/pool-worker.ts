/**
 * A worker thread of `run --jobs n`: makes its own engine from the spec it is given, then runs the fixtures the
 * main thread sends it, one at a time, and sends back each result. Started by pool.ts.
 * @module
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ResolvedVariant } from '../../reference/index.ts';
import { knownBugsNamed } from '../causes/known-bugs.ts';
import { askingSomeTwice } from '../engines/asked-twice.ts';
import { AdapterError, type Engine, type EngineSpec, startEngine } from '../engines/engine.ts';
import type { LoadError } from '../load/load-result.ts';
import type { EngineProfile } from '../profile/profile.ts';
import { runFixture } from './replay.ts';
import { itemOfTask, type RunTask } from './task.ts';

/** Main thread to worker. */
export type ToWorker = { type: 'run'; index: number; task: RunTask } | { type: 'close' } | { type: 'abort' };
/** Worker to main thread. */
export type FromWorker =
  /** The worker's engine has started; `profile` is the one its hello declares, if any. */
  | { type: 'ready'; profile?: EngineProfile }
  | { type: 'start-failed'; message: string; adapterProblem?: LoadError }
  | { type: 'result'; index: number; result: Awaited<ReturnType<typeof runFixture>> };

async function serveMainThread(): Promise<void> {
  const port = parentPort;
  if (port === null) return;
  const send = (message: FromWorker): void => port.postMessage(message);
  const { spec, profile, variants, knownBugs } = workerData as { spec: EngineSpec; profile?: EngineProfile; variants?: Map<string, ResolvedVariant>; knownBugs?: string[] };
  const known = await knownBugsNamed(knownBugs ?? []);
  // The user's stop ends the engine at once, even one still starting.
  const interrupt = new AbortController();
  port.on('message', (message: ToWorker) => {
    if (message.type === 'abort') interrupt.abort();
  });
  let engine: Engine;
  try {
    engine = askingSomeTwice(await startEngine(spec, interrupt.signal));
  } catch (error) {
    send({ type: 'start-failed', message: (error as Error).message, ...(error instanceof AdapterError ? { adapterProblem: error.problem } : {}) });
    port.close();
    return;
  }
  port.on('message', (message: ToWorker) => {
    if (message.type === 'abort') return;
    if (message.type === 'close') {
      void engine.close().finally(() => port.close());
      return;
    }
    const { index, task } = message;
    void itemOfTask(task, variants)
      .then((item) => ('fixture' in item ? runFixture(engine, item, profile, undefined, known) : item))
      .then((result) => send({ type: 'result', index, result }));
  });
  send({ type: 'ready', ...(engine.profile === undefined ? {} : { profile: engine.profile }) });
}

await serveMainThread();
