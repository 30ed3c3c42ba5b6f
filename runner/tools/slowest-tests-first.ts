/**
 * The test suite's file order (vitest.config.ts): the files that take minutes start first, so that the two workers
 * end together. Vitest orders by the durations of the last run where it has them; a fresh clone, as in CI, has none,
 * and vitest would then start the largest files first, which are quick, and a slow one last, alone.
 * @module
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Slowest first, as measured on two workers when this list last changed (each half a minute or more); the rest follow
 * in vitest's order.
 */
const SLOWEST = [
  'runner/mutants/profiles.test.ts',
  'runner/cli/hostile.test.ts',
  'runner/commands/run-probes.test.ts',
  'runner/fuzz/fuzz.test.ts',
  'reference/properties.test.ts',
  'runner/tools/package.test.ts',
  'runner/commands/diagnose.test.ts',
  'runner/commands/export.test.ts',
];

export class SlowestTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification): number => {
      const at = SLOWEST.indexOf(relative(file.project.config.root, file.moduleId).split('\\').join('/'));
      return at < 0 ? SLOWEST.length : at;
    };
    // Array.prototype.sort is stable: the files of equal rank keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
