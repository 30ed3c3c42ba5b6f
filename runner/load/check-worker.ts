/**
 * A worker thread checking fixture files for `checkFixtureFiles` (corpus.ts): each batch it is sent, checked file by
 * file, sent back as one message. Nothing is held: a corpus checked on worker threads is read again to run.
 * @module
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ResolvedVariant } from '../../reference/index.ts';
import { checkFixtureFile, type FileChecked } from './fixtures.ts';

export interface CheckBatch {
  start: number;
  files: string[];
}

export interface CheckedBatch {
  start: number;
  results: FileChecked[];
}

/** What the thread is started with: the variants, and whether to judge the reference on each fixture too. */
export interface CheckerData {
  variants: Map<string, ResolvedVariant>;
  judge: boolean;
}

const { variants, judge } = workerData as CheckerData;
parentPort?.on('message', async ({ start, files }: CheckBatch) => {
  const results: FileChecked[] = [];
  for (const path of files) results.push(await checkFixtureFile(path, variants, false, judge));
  parentPort?.postMessage({ start, results } satisfies CheckedBatch);
});
