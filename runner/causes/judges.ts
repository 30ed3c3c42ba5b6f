/**
 * The judges of every share of the games `diagnose` judges: the first in this thread, on the engine already
 * started; with `--jobs n`, n - 1 more on worker threads, each with its own engine. The worker threads and their
 * engines start first, while the games are made, and are given their shares once they are known. Game i is always
 * judged by share i mod n, which keeps the engine's answers to it.
 * @module
 */
import type { Worker } from 'node:worker_threads';
import type { ResolvedVariant } from '../../reference/index.ts';
import { AdapterError, type Engine, type EngineSpec, EngineStartError, RunInterrupted } from '../engines/engine.ts';
import type { LoadError } from '../load/load-result.ts';
import type { EngineProfile } from '../profile/profile.ts';
import type { FixtureResult } from '../run/outcome.ts';
import type { RunItem } from '../run/replay.ts';
import { startTypeScriptWorker } from '../run/worker-thread.ts';
import { EngineJudging, type Judgement, RecordedJudging, ShareJudge } from './judge.ts';

/** Which case is judged: an engine under test, or recorded fixtures with the reference as the engine (judge.ts). */
export type JudgedCase = 'engine' | 'recorded';

/** What a share judge is made of, plain data but for the engine. */
export interface ShareSetup {
  judged: JudgedCase;
  base: EngineProfile;
  variants: Map<string, ResolvedVariant>;
  items: RunItem[];
}

/** A share judge for a case; `engine` is the engine under test (unused for recorded fixtures). */
export const shareJudgeOf = ({ judged, base, variants, items }: ShareSetup, engine: Engine): ShareJudge =>
  new ShareJudge(items, judged === 'engine' ? new EngineJudging(engine, base) : new RecordedJudging(base, variants));

/** Every share as one: indices are the games'. */
export interface Judges {
  /** The games at `indices` judged under `profile`, in that order; with `settle`, what later judgements of them start from. */
  judge(profile: EngineProfile, indices: readonly number[], settle?: boolean): Promise<Judgement[]>;
  /** Every game run under `profile` as `run` runs it, in order. */
  run(profile: EngineProfile): Promise<FixtureResult[]>;
}

/** One share, in this thread or on a worker thread; its indices are its own. */
interface Share {
  judge(profile: EngineProfile, indices: readonly number[], settle: boolean): Promise<Judgement[]>;
  run(profile: EngineProfile): Promise<FixtureResult[]>;
}

/** A share on a worker thread whose engine has started: given its games, then asked. */
interface WorkerShare extends Share {
  setUp(setup: ShareSetup): void;
  close(): Promise<void>;
}

/** What the main thread asks a judge worker: a call of its share, or to close. */
type JudgeCall = { type: 'judge'; profile: EngineProfile; indices: readonly number[]; settle: boolean } | { type: 'run'; profile: EngineProfile };
export type ToJudgeWorker = (JudgeCall & { id: number }) | { type: 'setup'; setup: ShareSetup } | { type: 'close' } | { type: 'abort' };
export type FromJudgeWorker =
  | { type: 'ready' }
  | { type: 'start-failed'; message: string; adapterProblem?: LoadError }
  | { type: 'answer'; id: number; value: unknown }
  | { type: 'failed'; id: number; message: string };

/** What a judge worker is given to start with: the engine it starts (none but the reference for recorded fixtures). */
export interface JudgeWorkerData {
  judged: JudgedCase;
  spec: EngineSpec;
}

/** A share on a worker thread, once its engine has started; rejects with an `EngineStartError` if it cannot. */
function workerShare(data: JudgeWorkerData, signal: AbortSignal | undefined): Promise<WorkerShare> {
  const worker: Worker = startTypeScriptWorker(new URL('./judge-worker.ts', import.meta.url), data);
  const pending = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>();
  let next = 0;
  let lastError: Error | undefined;
  let stopped: Error | undefined;
  const call = <T>(message: JudgeCall): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (stopped !== undefined) {
        reject(stopped);
        return;
      }
      const id = next++;
      pending.set(id, { resolve: resolve as (value: never) => void, reject });
      worker.postMessage({ ...message, id } satisfies ToJudgeWorker);
    });
  // The user's stop ends the thread's engine at once; the calls it was answering come back, and the next is refused.
  const stop = (): void => worker.postMessage({ type: 'abort' } satisfies ToJudgeWorker);
  signal?.addEventListener('abort', stop, { once: true });
  return new Promise((resolve, reject) => {
    worker.on('error', (error) => {
      lastError = error;
    });
    worker.on('exit', (code) => {
      signal?.removeEventListener('abort', stop);
      const why = new EngineStartError(`a judge's worker thread stopped: ${lastError?.message ?? `it exited with code ${code}`}`);
      stopped = why;
      reject(why);
      for (const { reject: fail } of pending.values()) fail(why);
    });
    worker.on('message', (message: FromJudgeWorker) => {
      switch (message.type) {
        case 'ready':
          resolve({
            setUp: (setup) => worker.postMessage({ type: 'setup', setup } satisfies ToJudgeWorker),
            judge: (profile, indices, settle) => call({ type: 'judge', profile, indices, settle }),
            run: (profile) => call({ type: 'run', profile }),
            close: async () => {
              if (stopped !== undefined) return;
              const exited = new Promise((done) => worker.once('exit', done));
              worker.postMessage({ type: 'close' } satisfies ToJudgeWorker);
              await exited;
            },
          });
          break;
        case 'start-failed':
          reject(message.adapterProblem === undefined ? new EngineStartError(message.message) : new AdapterError(message.message, message.adapterProblem));
          break;
        case 'answer':
        case 'failed': {
          const waiting = pending.get(message.id);
          pending.delete(message.id);
          if (message.type === 'answer') waiting?.resolve(message.value as never);
          else waiting?.reject(new Error(message.message));
          break;
        }
      }
    });
  });
}

/** Game i's place: its share and its index there. */
const placeOf = (index: number, shares: number): { share: number; local: number } => ({ share: index % shares, local: Math.floor(index / shares) });

/** Judge worker threads starting, each with its engine, before the games they are to judge are known. */
export interface JudgeWorkers {
  /**
   * The judges of `setup.items`: the first share on `engine`, in this thread, one share on each worker. Rejects with
   * an `EngineStartError` if a worker's engine could not start; once the signal is aborted, every call rejects with a
   * `RunInterrupted`.
   */
  judges(setup: ShareSetup, engine: Engine): Promise<Judges>;
  /** Ends every worker and its engine, once each has started or failed to. */
  close(): Promise<void>;
}

/** Starts `count` judge workers, each starting its own engine from `spec`. */
export function startJudgeWorkers(judged: JudgedCase, spec: EngineSpec, count: number, signal?: AbortSignal): JudgeWorkers {
  // Settled at once, so that a worker that fails to start before its judges are asked for is no unhandled rejection.
  const starting = Promise.allSettled(Array.from({ length: count }, () => workerShare({ judged, spec }, signal)));
  const started = async (): Promise<WorkerShare[]> => (await starting).flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  return {
    async judges(setup, engine) {
      const failed = (await starting).find((result): result is PromiseRejectedResult => result.status === 'rejected');
      if (failed !== undefined) throw failed.reason;
      return judgesOf(setup, engine, await started(), signal);
    },
    async close() {
      await Promise.all((await started()).map((share) => share.close()));
    },
  };
}

/** The judges of `setup.items` over a share in this thread, on `engine`, and `workers`' shares. */
function judgesOf(setup: ShareSetup, engine: Engine, workers: readonly WorkerShare[], signal: AbortSignal | undefined): Judges {
  const count = workers.length + 1;
  const itemsOf = (share: number): RunItem[] => setup.items.filter((_, index) => index % count === share);
  const here = shareJudgeOf({ ...setup, items: itemsOf(0) }, engine);
  for (const [k, worker] of workers.entries()) worker.setUp({ ...setup, items: itemsOf(k + 1) });
  const shares: Share[] = [here, ...workers];
  const goOn = (): void => {
    if (signal?.aborted === true) throw new RunInterrupted();
  };
  return {
    async judge(profile, indices, settle = false) {
      goOn();
      const byShare = shares.map(() => ({ local: [] as number[], at: [] as number[] }));
      for (const [at, index] of indices.entries()) {
        const { share, local } = placeOf(index, count);
        byShare[share]?.local.push(local);
        byShare[share]?.at.push(at);
      }
      const parts = await Promise.all(shares.map((share, k) => ((byShare[k]?.local.length ?? 0) === 0 ? Promise.resolve([]) : share.judge(profile, byShare[k]?.local ?? [], settle))));
      const merged = new Array<Judgement>(indices.length);
      for (const [k, part] of parts.entries()) for (const [i, broken] of part.entries()) merged[byShare[k]?.at[i] as number] = broken;
      return merged;
    },
    async run(profile) {
      goOn();
      const parts = await Promise.all(shares.map((share) => share.run(profile)));
      return setup.items.map((_, index) => {
        const { share, local } = placeOf(index, count);
        return parts[share]?.[local] as FixtureResult;
      });
    },
  };
}
