/**
 * The judges of every share of the games `diagnose` judges: the first in this thread, on the engine already
 * started; with `--jobs n`, n - 1 more on worker threads, each with its own engine. Game i is always judged by share
 * i mod n, which keeps the engine's answers to it.
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
  close(): Promise<void>;
}

/** One share, in this thread or on a worker thread; its indices are its own. */
interface Share {
  judge(profile: EngineProfile, indices: readonly number[], settle: boolean): Promise<Judgement[]>;
  run(profile: EngineProfile): Promise<FixtureResult[]>;
  close(): Promise<void>;
}

/** What the main thread asks a judge worker: a call of its share, or to close. */
type JudgeCall = { type: 'judge'; profile: EngineProfile; indices: readonly number[]; settle: boolean } | { type: 'run'; profile: EngineProfile };
export type ToJudgeWorker = (JudgeCall & { id: number }) | { type: 'close' } | { type: 'abort' };
export type FromJudgeWorker =
  | { type: 'ready' }
  | { type: 'start-failed'; message: string; adapterProblem?: LoadError }
  | { type: 'answer'; id: number; value: unknown }
  | { type: 'failed'; id: number; message: string };

/** What a judge worker is given. */
export interface JudgeWorkerData extends ShareSetup {
  spec: EngineSpec;
}

/** A share on a worker thread, once its engine has started; rejects with an `EngineStartError` if it cannot. */
function workerShare(data: JudgeWorkerData, signal: AbortSignal | undefined): Promise<Share> {
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

/**
 * The judges of `items` in `jobs` shares: the first on `engine`, in this thread; the others on worker threads
 * starting their own engine from `spec`. Rejects with an `EngineStartError` if one cannot start; once `signal` is
 * aborted, every call rejects with a `RunInterrupted`.
 */
export async function startJudges(setup: ShareSetup, engine: Engine, spec: EngineSpec, jobs: number, signal?: AbortSignal): Promise<Judges> {
  const count = Math.max(1, Math.min(jobs, setup.items.length));
  const itemsOf = (share: number): RunItem[] => setup.items.filter((_, index) => index % count === share);
  const here = shareJudgeOf({ ...setup, items: itemsOf(0) }, engine);
  const started = await Promise.allSettled(Array.from({ length: count - 1 }, (_, k) => workerShare({ ...setup, items: itemsOf(k + 1), spec }, signal)));
  const shares: Share[] = [{ judge: (profile, indices, settle) => here.judge(profile, indices, settle), run: (profile) => here.run(profile), close: async () => {} }];
  for (const result of started) if (result.status === 'fulfilled') shares.push(result.value);
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed !== undefined) {
    await Promise.all(shares.map((share) => share.close()));
    throw failed.reason;
  }

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
    close: async () => {
      await Promise.all(shares.map((share) => share.close()));
    },
  };
}
