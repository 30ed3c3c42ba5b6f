/**
 * A worker thread of `run --jobs n`: makes its own engine from the spec it is given, then runs the fixtures the
 * main thread sends it, one at a time, and sends back each result. Started by pool.ts.
 * @module
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type Engine, type EngineSpec, startEngine } from '../engines/engine.ts';
import type { EngineProfile } from '../profile/profile.ts';
import { runFixture, type RunItem } from './replay.ts';

/** Main thread to worker. */
export type ToWorker = { type: 'run'; index: number; item: RunItem } | { type: 'close' };
/** Worker to main thread. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'start-failed'; message: string }
  | { type: 'result'; index: number; result: Awaited<ReturnType<typeof runFixture>> };

async function serveMainThread(): Promise<void> {
  const port = parentPort;
  if (port === null) return;
  const send = (message: FromWorker): void => port.postMessage(message);
  const { spec, profile } = workerData as { spec: EngineSpec; profile?: EngineProfile };
  let engine: Engine;
  try {
    engine = await startEngine(spec);
  } catch (error) {
    send({ type: 'start-failed', message: (error as Error).message });
    port.close();
    return;
  }
  port.on('message', (message: ToWorker) => {
    if (message.type === 'close') {
      void engine.close().finally(() => port.close());
      return;
    }
    void runFixture(engine, message.item, profile).then((result) => send({ type: 'result', index: message.index, result }));
  });
  send({ type: 'ready' });
}

await serveMainThread();
