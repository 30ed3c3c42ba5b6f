/**
 * `fuzz --jobs n`: the games shared between n worker threads, each with its own engine, game i going to thread
 * i mod n; their outcomes merged into one. The same seed and number of games play the same games whatever n is;
 * each rule's example is the smallest a job found (the lowest seed's among equals), which may differ with n where
 * several games show the rule, since each job shrinks the games that beat its own best.
 * @module
 */
import type { Worker } from 'node:worker_threads';
import { AdapterError, type EngineSpec, EngineStartError } from '../engines/engine.ts';
import type { LoadError } from '../load/load-result.ts';
import { startTypeScriptWorker } from '../run/worker-thread.ts';
import { type FuzzOutcome, type FuzzSettings, mergeOutcomes } from './fuzz.ts';

/** What a worker thread is given: plain data, the settings without their functions. */
export interface FuzzJob {
  engine: EngineSpec;
  /** The judging engine of --against. */
  against?: EngineSpec;
  settings: Omit<FuzzSettings, 'judge' | 'signal' | 'onGame' | 'job'>;
  share: { index: number; of: number };
}

export type ToFuzzWorker = { type: 'stop' };
export type FromFuzzWorker =
  | { type: 'start-failed'; message: string; adapterProblem?: LoadError }
  | { type: 'progress'; games: number; rules: string[] }
  | { type: 'done'; outcome: FuzzOutcome };

/** A thread that stopped without an outcome: the engine or the adapter ended it. */
export class FuzzJobFailure extends Error {}

export interface FuzzJobsOptions {
  jobs: number;
  signal?: AbortSignal;
  /** Now and then: the games played so far in all threads, and the rules broken. */
  onProgress?: (games: number, rules: number) => void;
}

export function fuzzOnWorkers(job: Omit<FuzzJob, 'share'>, options: FuzzJobsOptions): Promise<FuzzOutcome> {
  return new Promise((resolve, reject) => {
    const outcomes: FuzzOutcome[] = [];
    const games = new Array<number>(options.jobs).fill(0);
    const rules = new Set<string>();
    const workers: Worker[] = [];
    let failure: Error | undefined;
    let live = options.jobs;
    const stopAll = (): void => {
      for (const worker of workers) worker.postMessage({ type: 'stop' } satisfies ToFuzzWorker);
    };
    options.signal?.addEventListener('abort', stopAll, { once: true });
    const fail = (error: Error): void => {
      failure ??= error;
      for (const worker of workers) void worker.terminate();
    };
    for (let index = 0; index < options.jobs; index++) {
      const worker = startTypeScriptWorker(new URL('./fuzz-worker.ts', import.meta.url), { ...job, share: { index, of: options.jobs } } satisfies FuzzJob);
      workers.push(worker);
      let done = false;
      let lastError: Error | undefined;
      worker.on('message', (message: FromFuzzWorker) => {
        switch (message.type) {
          case 'start-failed':
            fail(message.adapterProblem === undefined ? new EngineStartError(message.message) : new AdapterError(message.message, message.adapterProblem));
            break;
          case 'progress':
            games[index] = message.games;
            for (const rule of message.rules) rules.add(rule);
            options.onProgress?.(
              games.reduce((total, count) => total + count, 0),
              rules.size,
            );
            break;
          case 'done':
            done = true;
            outcomes[index] = message.outcome;
            break;
        }
      });
      worker.on('error', (error) => {
        lastError = error;
      });
      worker.on('exit', (code) => {
        if (!done) fail(new FuzzJobFailure(`fuzz job ${index + 1} of ${options.jobs} stopped without an outcome: ${lastError?.message ?? `its thread exited with code ${code}`}`));
        if (--live > 0) return;
        options.signal?.removeEventListener('abort', stopAll);
        if (failure !== undefined) reject(failure);
        else resolve(mergeOutcomes(outcomes));
      });
    }
    if (options.signal?.aborted === true) stopAll();
  });
}
