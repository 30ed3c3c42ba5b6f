/**
 * A worker thread of `diagnose --jobs n`: starts its own engine, is given its share of the games, then judges them
 * as the main thread asks (judges.ts).
 * @module
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AdapterError, type Engine, referenceEngine, startEngine } from '../engines/engine.ts';
import type { ShareJudge } from './judge.ts';
import { type FromJudgeWorker, type JudgeWorkerData, shareJudgeOf, type ToJudgeWorker } from './judges.ts';

async function serveMainThread(): Promise<void> {
  const port = parentPort;
  if (port === null) return;
  const send = (message: FromJudgeWorker): void => port.postMessage(message);
  const data = workerData as JudgeWorkerData;
  const interrupt = new AbortController();
  port.on('message', (message: ToJudgeWorker) => {
    if (message.type === 'abort') interrupt.abort();
  });
  let engine: Engine;
  try {
    engine = data.judged === 'engine' ? await startEngine(data.spec, interrupt.signal) : referenceEngine();
  } catch (error) {
    send({ type: 'start-failed', message: (error as Error).message, ...(error instanceof AdapterError ? { adapterProblem: error.problem } : {}) });
    port.close();
    return;
  }
  let judge: ShareJudge | undefined;
  port.on('message', (message: ToJudgeWorker) => {
    if (message.type === 'abort') return;
    if (message.type === 'close') {
      void engine.close().finally(() => port.close());
      return;
    }
    if (message.type === 'setup') {
      judge = shareJudgeOf(message.setup, engine);
      return;
    }
    // Messages come in order, and the main thread sends the setup before any call.
    const share = judge as ShareJudge;
    const answer = message.type === 'judge' ? share.judge(message.profile, message.indices, message.settle) : share.run(message.profile);
    answer.then(
      (value) => send({ type: 'answer', id: message.id, value }),
      (error: unknown) => send({ type: 'failed', id: message.id, message: (error as Error).message }),
    );
  });
  send({ type: 'ready' });
}

await serveMainThread();
