/**
 * Runs fixtures on an engine: in process with one job, or on `jobs` worker threads, each with its own engine.
 * Fixtures are handed out in the order given (sorted by id), and the results come back in that order whatever
 * the number of jobs. A fixture the run did not hold is read again where it runs, when its turn comes.
 * @module
 */
import type { Worker } from 'node:worker_threads';
import type { ResolvedVariant } from '../../reference/index.ts';
import { knownBugsNamed } from '../causes/known-bugs.ts';
import { askingSomeTwice } from '../engines/asked-twice.ts';
import { AdapterError, type EngineSpec, EngineStartError, startEngine } from '../engines/engine.ts';
import type { FixtureResult } from './outcome.ts';
import type { FromWorker, ToWorker } from './pool-worker.ts';
import type { EngineProfile } from '../profile/profile.ts';
import { runReadingAhead } from './read-ahead.ts';
import { runFixture } from './replay.ts';
import { itemOfTask, resultOfCheck, resultWithout, type RunTask } from './task.ts';
import { startTypeScriptWorker } from './worker-thread.ts';

/** More worker threads than this only cost memory: each holds its own engine (and an external one, a process). */
export const MAX_JOBS = 64;

export interface PoolOptions {
  jobs: number;
  engine: EngineSpec;
  /** What the engine declares, given with --profile; otherwise the engine's own (its hello's). */
  profile?: EngineProfile;
  /** The variants to read again the fixtures the run did not hold with. */
  variants?: Map<string, ResolvedVariant>;
  /** The names of the engine's known bugs (`--known-bugs`): each fixture is judged against the reference playing them. */
  knownBugs?: readonly string[];
  /**
   * Called with the profile each engine of the run declares in its hello, as it starts: the fixtures are judged under
   * it where no `profile` is given.
   */
  onDeclaredProfile?: (profile: EngineProfile) => void;
  /** Called as each result arrives (in any order); return false to hand out no more fixtures. */
  onResult?: (index: number, result: FixtureResult) => boolean;
  /** Aborted when the user stops the run: the engines are ended at once, with the fixtures they were running. */
  signal?: AbortSignal;
}

/**
 * The results, indexed as the tasks; undefined for tasks not run because `onResult` stopped the run. Rejects
 * with an `EngineStartError` if the engine (or a worker thread) cannot be started.
 */
export async function runTasks(tasks: readonly RunTask[], options: PoolOptions): Promise<(FixtureResult | undefined)[]> {
  if (options.jobs <= 1 || tasks.length <= 1) return runInProcess(tasks, options);
  return runOnWorkers(tasks, options);
}

async function runInProcess(tasks: readonly RunTask[], options: PoolOptions): Promise<(FixtureResult | undefined)[]> {
  const results: (FixtureResult | undefined)[] = new Array(tasks.length).fill(undefined);
  if (tasks.length === 0) return results;
  const known = await knownBugsNamed(options.knownBugs ?? []);
  const engine = askingSomeTwice(await startEngine(options.engine, options.signal));
  try {
    if (engine.profile !== undefined) options.onDeclaredProfile?.(engine.profile);
    await runReadingAhead(
      tasks,
      async (task) => resultOfCheck(task, options) ?? itemOfTask(task, options.variants),
      async (item) => ('fixture' in item ? runFixture(engine, item, options.profile, undefined, known) : item),
      (index, result) => {
        results[index] = result;
        return options.onResult?.(index, result) !== false;
      },
    );
  } finally {
    await engine.close();
  }
  return results;
}

/** A worker thread serving fixtures on its own engine. */
const startWorker = ({ engine, profile, variants, knownBugs }: PoolOptions): Worker =>
  startTypeScriptWorker(new URL('./pool-worker.ts', import.meta.url), { spec: engine, profile, variants, knownBugs });

function runOnWorkers(tasks: readonly RunTask[], options: PoolOptions): Promise<(FixtureResult | undefined)[]> {
  const results: (FixtureResult | undefined)[] = new Array(tasks.length).fill(undefined);
  return new Promise((resolve, reject) => {
    let next = 0;
    let live = 0;
    let stopped = false;
    let failure: Error | undefined;
    const workers = new Set<Worker>();

    const settle = (): void => {
      if (live > 0) return;
      if (failure !== undefined) reject(failure);
      else resolve(results);
    };
    const abort = (error: Error): void => {
      failure ??= error;
      stopped = true;
      // Stopped by the user, each thread ends its own engine (one still starting too) and exits: ended from here,
      // it could not.
      if (options.signal?.aborted !== true) for (const worker of workers) void worker.terminate();
    };

    // The user's stop reaches each thread's engine: it ends at once, and the fixture it was running comes back.
    const stopEngines = (): void => {
      for (const worker of workers) worker.postMessage({ type: 'abort' } satisfies ToWorker);
    };
    options.signal?.addEventListener('abort', stopEngines, { once: true });

    const spawn = (): void => {
      const worker = startWorker(options);
      workers.add(worker);
      live++;
      let ready = false;
      let current: number | undefined;
      let lastError: Error | undefined;
      const send = (message: ToWorker): void => worker.postMessage(message);
      /** The next task to run, taking on the way the results the check gave already (`resultOfCheck`). */
      const nextToRun = (): number | undefined => {
        while (!stopped && next < tasks.length) {
          const checked = resultOfCheck(tasks[next] as RunTask, options);
          if (checked === undefined) return next++;
          results[next] = checked;
          if (options.onResult?.(next, checked) === false) stopped = true;
          next++;
        }
        return undefined;
      };
      const handOut = (): void => {
        current = nextToRun();
        if (current === undefined) send({ type: 'close' });
        else send({ type: 'run', index: current, task: tasks[current] as RunTask });
      };
      worker.on('message', (message: FromWorker) => {
        switch (message.type) {
          case 'ready':
            ready = true;
            if (message.profile !== undefined) options.onDeclaredProfile?.(message.profile);
            if (options.signal?.aborted === true) send({ type: 'abort' });
            handOut();
            break;
          case 'start-failed':
            abort(message.adapterProblem === undefined ? new EngineStartError(message.message) : new AdapterError(message.message, message.adapterProblem));
            break;
          case 'result':
            results[message.index] = message.result;
            current = undefined;
            if (options.onResult?.(message.index, message.result) === false) stopped = true;
            handOut();
            break;
        }
      });
      worker.on('error', (error) => {
        lastError = error;
      });
      worker.on('exit', (code) => {
        workers.delete(worker);
        live--;
        const why = lastError?.message ?? `it exited with code ${code}`;
        if (!ready && failure === undefined) abort(new EngineStartError(`a worker thread could not start: ${why}`));
        else if (current !== undefined && failure === undefined) {
          const result = resultWithout(tasks[current] as RunTask, 'errored', `the worker thread running it died: ${why}`);
          results[current] = result;
          if (options.onResult?.(current, result) === false) stopped = true;
          // The fixtures left still need a worker.
          if (!stopped && next < tasks.length) spawn();
        }
        if (live === 0) options.signal?.removeEventListener('abort', stopEngines);
        settle();
      });
    };

    for (let i = 0; i < Math.min(options.jobs, tasks.length); i++) spawn();
  });
}
