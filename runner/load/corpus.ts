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
}

export interface CheckedCorpus {
  /** The files read, in order. */
  files: string[];
  /** The valid fixtures, in file order. */
  checked: CheckedFixture[];
  /** The problems of every other file. */
  errors: LoadError[];
}

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
  if (!listed.ok) return { files: [], checked: [], errors: listed.errors };
  const files = listed.value;
  const hold = files.length <= (options.holdUpTo ?? Infinity);
  const tick = options.progress?.(files.length);
  const jobs = hold ? 1 : Math.min(options.jobs ?? 1, files.length);
  const judge = options.judgeOnReference === true;
  const results = jobs > 1 ? await checkOnWorkers(files, variants, jobs, judge, tick) : await checkHere(files, variants, hold, judge, tick);

  const checked: CheckedFixture[] = [];
  const errors: LoadError[] = [];
  const idsSeen = new Map<string, string>();
  for (const [index, path] of files.entries()) {
    const result = results[index] as FileChecked;
    const id = result.checked?.id ?? result.id;
    const other = id === undefined ? undefined : idsSeen.get(id);
    if (id !== undefined) idsSeen.set(id, path);
    const fileErrors = [...(result.errors ?? []), ...(other === undefined ? [] : [await duplicateIdError(path, id as string, other)])];
    if (fileErrors.length > 0) errors.push(...fileErrors.sort(byPosition));
    else if (result.checked !== undefined) checked.push(result.checked);
  }
  return { files, checked, errors };
}

/** Many fixture files, loaded and checked as `checkFixtureFiles` does, every one kept. */
export async function loadFixtureCorpus(paths: string[], variants: Map<string, ResolvedVariant>): Promise<FixtureCorpus> {
  const { files, checked, errors } = await checkFixtureFiles(paths, variants);
  return { files, fixtures: checked.map((entry) => entry.loaded as LoadedFixture), errors };
}

async function checkHere(files: readonly string[], variants: Map<string, ResolvedVariant>, hold: boolean, judge: boolean, tick?: (file: string) => void): Promise<FileChecked[]> {
  const results: FileChecked[] = [];
  for (const path of files) {
    results.push(await checkFixtureFile(path, variants, hold, judge));
    tick?.(path);
  }
  return results;
}

/** The files checked on `jobs` worker threads, a batch at a time; the results in file order. */
function checkOnWorkers(files: readonly string[], variants: Map<string, ResolvedVariant>, jobs: number, judge: boolean, tick?: (file: string) => void): Promise<FileChecked[]> {
  const results: FileChecked[] = new Array(files.length);
  // Small batches where there are few files, so that every thread has some.
  const batch = Math.max(1, Math.min(BATCH, Math.ceil(files.length / (jobs * 4))));
  return new Promise((resolve, reject) => {
    let next = 0;
    let live = jobs;
    let failed = false;
    for (let job = 0; job < jobs; job++) {
      const worker = startTypeScriptWorker(new URL('./check-worker.ts', import.meta.url), { variants, judge } satisfies CheckerData);
      const handOut = (): void => {
        if (failed || next >= files.length) {
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
