import { defineConfig } from 'vitest/config';
import { SlowestTestsFirst } from './runner/tools/slowest-tests-first.ts';

export default defineConfig({
  test: {
    include: ['reference/**/*.test.ts', 'runner/**/*.test.ts', 'spec/**/*.test.ts'],
    testTimeout: 60_000,
    globalSetup: ['runner/mutants/shared-builds.ts'],
    setupFiles: ['runner/tools/fast-check-seed.ts'],
    sequence: { sequencer: SlowestTestsFirst },
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, which then waits on the many
    // tests that wait on child processes. Two keep both cores busy.
    maxWorkers: 2,
  },
});
