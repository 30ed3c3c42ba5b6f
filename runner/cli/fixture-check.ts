/**
 * The check of the fixture files a command makes before it runs anything, as `run` and `compare` make it: a
 * progress line on a terminal, and a stop (Ctrl-C or a signal) heard between files.
 * @module
 */
import type { ResolvedVariant } from '../../reference/index.ts';
import { type CheckedCorpus, checkFixtureFiles, type CheckOptions } from '../load/corpus.ts';
import { type Progress, progressLine } from '../run/progress.ts';
import { type Io, showPath } from './command.ts';

/** The files checked; undefined where a stop came first, which is said on stderr (nothing is to be run then). */
export async function checkFixturesShown(
  paths: string[],
  variants: Map<string, ResolvedVariant>,
  options: Omit<CheckOptions, 'progress' | 'signal'>,
  io: Io,
): Promise<CheckedCorpus | undefined> {
  let checking: Progress | undefined;
  const corpus = await checkFixtureFiles(paths, variants, {
    ...options,
    progress: (total) => {
      checking = progressLine(io, total, 'check');
      return (file) => checking?.tick(showPath(file, io));
    },
    ...(io.signal === undefined ? {} : { signal: io.signal }),
  });
  checking?.done();
  if (corpus.unchecked === 0) return corpus;
  const total = corpus.files.length;
  io.stderr.write(`interrupted (Ctrl-C or a signal) while the fixtures were checked (${total - corpus.unchecked} of ${total}): nothing was run\n`);
  return undefined;
}
