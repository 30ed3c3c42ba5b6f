/**
 * A worker thread of `fuzz --jobs n`: makes its own engine (and judge, with --against), plays its share of the
 * games, reports progress now and then, and sends back its outcome. Started by jobs.ts.
 * @module
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AdapterError, type Engine, startEngine } from '../engines/engine.ts';
import { engineJudge, fuzz } from './fuzz.ts';
import type { FromFuzzWorker, FuzzJob, ToFuzzWorker } from './jobs.ts';

/** Progress is sent at most this often: a message per game would cost more than some games. */
const PROGRESS_MS = 100;

async function fuzzShare(): Promise<void> {
  const port = parentPort;
  if (port === null) return;
  const send = (message: FromFuzzWorker): void => port.postMessage(message);
  const job = workerData as FuzzJob;
  const stop = new AbortController();
  port.on('message', (message: ToFuzzWorker) => {
    if (message.type === 'stop') stop.abort();
  });
  let engine: Engine | undefined;
  let judge: Engine | undefined;
  try {
    engine = await startEngine(job.engine);
    if (job.against !== undefined) judge = await startEngine(job.against);
  } catch (error) {
    await engine?.close();
    send({ type: 'start-failed', message: (error as Error).message, ...(error instanceof AdapterError ? { adapterProblem: error.problem } : {}) });
    port.close();
    return;
  }
  let sent = 0;
  try {
    const outcome = await fuzz(engine, {
      ...job.settings,
      ...(judge === undefined ? {} : { judge: engineJudge(judge) }),
      job: job.share,
      signal: stop.signal,
      onGame: (games, rules) => {
        if (performance.now() - sent < PROGRESS_MS) return;
        sent = performance.now();
        send({ type: 'progress', games, rules: [...rules] });
      },
    });
    send({ type: 'done', outcome });
  } finally {
    await engine.close();
    await judge?.close();
    port.close();
  }
}

await fuzzShare();
