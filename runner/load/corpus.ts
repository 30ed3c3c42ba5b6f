/**
 * A corpus of fixture files checked as a whole: each file as `checkFixtureFile` checks it, and no two files with one
 * id. A small corpus is held in memory from its check to its run; a large one is not (only what names each fixture
 * is kept), and its files are checked on worker threads when the run has several jobs.
 * @module
 */
import type { ResolvedVariant } from '../../reference/index.ts';
import { startTypeScriptWorker } from '../run/worker-thread.ts';
import type { CheckBatch, CheckedBatch, CheckerData } from './check-worker.ts';
import { type CheckedFixture, checkFixtureFile, duplicateIdError, type FileChecked, listFixtureFiles, type LoadedFixture } from './fixtures.ts';
import { byPosition, type LoadError } from './load-result.ts';

export interface FixtureCorpus {
  /** The files read, in order. */
  files: string[];
  /** The valid fixtures, in file order. */
  fixtures: LoadedFixture[];
  /** The problems of every other file. */
  errors: LoadError[];
}

export interface CheckOptions {
  /** Keep the fixtures' contents where there are at most this many files (default: always). */
  holdUpTo?: number;
  /** Worker threads checking the files of a corpus not held (default 1: in this thread). */
  jobs?: number;
  /** Told how many files there are; returns what is told of each file as its check ends. */
  progress?: (total: number) => (file: string) => void;
  /** Judge the plain reference engine on each valid fixture too, as `run` would (`CheckedFixture.passedOnReference`). */
  judgeOnReference?: boolean;
  /** Aborted when the user stops the run: the files not checked by then are left (`CheckedCorpus.unchecked`). */
  signal?: AbortSignal;
}

export interface CheckedCorpus {
  /** The files read, in order. */
  files: string[];
  /** The valid fixtures, in file order. */
  checked: CheckedFixture[];
  /** The problems of every other file. */
  errors: LoadError[];
  /** How many files were not checked: the check was stopped (`CheckOptions.signal`). */
  unchecked: number;
}

/**
 * The check lets the event loop turn after this many files in a row: a file's check is synchronous work, and a
 * signal (Ctrl-C) is heard only when the loop turns.
 */
const FILES_BETWEEN_TURNS = 16;

/** At most this many files are handed to a worker thread at a time: messages cost little, the work is shared. */
const BATCH = 64;

/**
 * Many fixture files (or directories of them, as `listFixtureFiles` takes), each read and checked. Where there are
 * at most `options.holdUpTo` files, the valid fixtures are kept with their contents; otherwise only what
 * `CheckedFixture` names is kept, so that memory does not grow with the corpus. Never throws on a problem in a
 * file; every problem is in `errors`, file by file in file order.
 */
export async function checkFixtureFiles(paths: string[], variants: Map<string, ResolvedVariant>, options: CheckOptions = {}): Promise<CheckedCorpus> {
  const listed = await listFixtureFiles(paths);
  if (!listed.ok) return { files: [], checked: [], errors: listed.errors, unchecked: 0 };
  const files = listed.value;
  const hold = files.length <= (options.holdUpTo ?? Infinity);
  const tick = options.progress?.(files.length);
  const jobs = hold ? 1 : Math.min(options.jobs ?? 1, files.length);
  const judge = options.judgeOnReference === true;
  const { signal } = options;
  const results = jobs > 1 ? await checkOnWorkers(files, variants, jobs, judge, tick, signal) : await checkHere(files, variants, hold, judge, tick, signal);

  const checked: CheckedFixture[] = [];
  const errors: LoadError[] = [];
  const idsSeen = new Map<string, string>();
  let unchecked = 0;
  for (const [index, path] of files.entries()) {
    const result = results[index];
    if (result === undefined) {
      unchecked++;
      continue;
    }
    const id = result.checked?.id ?? result.id;
    const other = id === undefined ? undefined : idsSeen.get(id);
    if (id !== undefined) idsSeen.set(id, path);
    const fileErrors = [...(result.errors ?? []), ...(other === undefined ? [] : [await duplicateIdError(path, id as string, other)])];
    if (fileErrors.length > 0) errors.push(...fileErrors.sort(byPosition));
    else if (result.checked !== undefined) checked.push(result.checked);
  }
  return { files, checked, errors, unchecked };
}

/** Many fixture files, loaded and checked as `checkFixtureFiles` does, every one kept. */
export async function loadFixtureCorpus(paths: string[], variants: Map<string, ResolvedVariant>): Promise<FixtureCorpus> {
  const { files, checked, errors } = await checkFixtureFiles(paths, variants);
  return { files, fixtures: checked.map((entry) => entry.loaded as LoadedFixture), errors };
}

/** The files checked in this thread, in order; those after an abort are left out. */
async function checkHere(files: readonly string[], variants: Map<string, ResolvedVariant>, hold: boolean, judge: boolean, tick?: (file: string) => void, signal?: AbortSignal): Promise<FileChecked[]> {
  const results: FileChecked[] = [];
  for (const [index, path] of files.entries()) {
    if (index % FILES_BETWEEN_TURNS === 0 && index > 0) await new Promise(setImmediate);
    if (signal?.aborted === true) break;
    results.push(await checkFixtureFile(path, variants, hold, judge));
    tick?.(path);
  }
  return results;
}

/** The files checked on `jobs` worker threads, a batch at a time; the results in file order, none for a file not checked before an abort. */
function checkOnWorkers(files: readonly string[], variants: Map<string, ResolvedVariant>, jobs: number, judge: boolean, tick?: (file: string) => void, signal?: AbortSignal): Promise<(FileChecked | undefined)[]> {
  const results: (FileChecked | undefined)[] = new Array(files.length);
  // Small batches where there are few files, so that every thread has some.
  const batch = Math.max(1, Math.min(BATCH, Math.ceil(files.length / (jobs * 4))));
  return new Promise((resolve, reject) => {
    let next = 0;
    let live = jobs;
    let failed = false;
    for (let job = 0; job < jobs; job++) {
      const worker = startTypeScriptWorker(new URL('./check-worker.ts', import.meta.url), { variants, judge } satisfies CheckerData);
      const handOut = (): void => {
        if (failed || next >= files.length || signal?.aborted === true) {
          void worker.terminate();
          return;
        }
        const start = next;
        next = Math.min(files.length, next + batch);
        worker.postMessage({ start, files: files.slice(start, next) } satisfies CheckBatch);
      };
      worker.on('message', ({ start, results: batch }: CheckedBatch) => {
        for (const [offset, result] of batch.entries()) {
          results[start + offset] = result;
          tick?.(files[start + offset] as string);
        }
        handOut();
      });
      worker.on('error', (error) => {
        failed = true;
        reject(error);
      });
      worker.on('exit', () => {
        if (--live === 0 && !failed) resolve(results);
      });
      handOut();
    }
  });
}
