/**
 * A fixture as a run hands it out: what its result names, and the run item itself where the run held it since the
 * check, or else the file to read again when its turn comes (a run over a large corpus lets most fixtures go once
 * they are checked, so that its memory does not grow with the corpus).
 * @module
 */
import type { ResolvedVariant } from '../../reference/index.ts';
import type { EngineSpec } from '../engines/engine.ts';
import type { EngineProfile } from '../profile/profile.ts';
import { reproCommand } from '../report/divergence.ts';
import { fileStampSync, type FileStamp } from '../util/files.ts';
import { loadRunItem } from './corpus-items.ts';
import type { FixtureResult, Outcome } from './outcome.ts';
import type { RunItem } from './replay.ts';

export interface RunTask {
  id: string;
  title: string;
  variant: string;
  /** The fixture's file as shown to the user. */
  file: string;
  expectedFailure?: string;
  /** The item, held since the check. */
  item?: RunItem;
  /** Without `item`: the file to read again, and its stamp when it was checked. */
  path: string;
  stamp: FileStamp;
  /** What the item takes besides the file (see `RunItem`): the engine's flags of its repro command. */
  reproFlags: readonly string[];
  keepGame?: RunItem['keepGame'];
  /** The check found that the plain reference engine passes it (`CheckedFixture.passedOnReference`). */
  passedOnReference?: { durationMs: number };
}

/** A task for an item at hand. */
export const taskOf = (item: RunItem): RunTask => ({
  id: item.fixture.id,
  title: item.fixture.title,
  variant: item.fixture.variant,
  file: item.file,
  ...(item.expectedFailure === undefined ? {} : { expectedFailure: item.expectedFailure }),
  item,
  path: item.file,
  stamp: { mtimeMs: -1, size: -1 },
  reproFlags: [],
});

/** The result of a task that did not reach the engine, or whose run came to nothing. */
export function resultWithout(task: RunTask, outcome: Outcome, message: string): FixtureResult {
  return {
    id: task.id,
    file: task.file,
    title: task.title,
    variant: task.variant,
    outcome,
    message,
    ...(task.expectedFailure === undefined ? {} : { expectedFailure: task.expectedFailure }),
    durationMs: 0,
  };
}

/**
 * The result of a task that the check gave already: the run's engine is the plain reference in process, judged by
 * no profile, which the check found passes the fixture (and the run is not being stopped, nor is the game wanted
 * with a passed result). Undefined where the task is to be run.
 */
export function resultOfCheck(task: RunTask, run: { engine: EngineSpec; profile?: EngineProfile; signal?: AbortSignal }): FixtureResult | undefined {
  const { passedOnReference } = task;
  if (passedOnReference === undefined || run.engine.kind !== 'reference' || run.profile !== undefined || run.signal?.aborted === true || task.keepGame === 'always') {
    return undefined;
  }
  return {
    id: task.id,
    file: task.file,
    title: task.title,
    variant: task.variant,
    ...(task.expectedFailure === undefined ? {} : { expectedFailure: task.expectedFailure }),
    outcome: 'passed',
    durationMs: passedOnReference.durationMs,
  };
}

/**
 * The task's item: held, or read again (checked against the schema; its meaning was checked with the rest of
 * the corpus, and a file changed since is not trusted). An `errored` result where it cannot be had.
 */
export async function itemOfTask(task: RunTask, variants: Map<string, ResolvedVariant> | undefined): Promise<RunItem | FixtureResult> {
  if (task.item !== undefined) return task.item;
  const failed = (why: string): FixtureResult => resultWithout(task, 'errored', `the runner could not read it again: ${why}`);
  const now = fileStampSync(task.path);
  if (now === undefined || now.mtimeMs !== task.stamp.mtimeMs || now.size !== task.stamp.size) {
    return failed(`${task.file} changed after it was checked (run again to check it)`);
  }
  if (variants === undefined) return failed('the run has no variants to read it with');
  try {
    const item = await loadRunItem(task.path, variants);
    return {
      ...item,
      file: task.file,
      repro: reproCommand(task.file, task.reproFlags),
      ...(task.expectedFailure === undefined ? {} : { expectedFailure: task.expectedFailure }),
      ...(task.keepGame === undefined ? {} : { keepGame: task.keepGame }),
    };
  } catch (error) {
    return failed((error as Error).message);
  }
}
