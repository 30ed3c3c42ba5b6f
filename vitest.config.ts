import { configDefaults, defineConfig } from 'vitest/config';
import { SlowestTestsFirst } from './runner/tools/slowest-tests-first.ts';

/**
 * diagnose on 200 engines with planted causes, in two files that run on two workers: minutes of CPU, so `npm test`
 * leaves them out and `npm run test:causes` runs them alone (CI runs both).
 */
const CAUSES_PROPERTY = 'runner/causes/planted-causes-*.property.test.ts';

export default defineConfig({
  test: {
    include: ['reference/**/*.test.ts', 'runner/**/*.test.ts', 'spec/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.SCOPA_CAUSES_PROPERTY === '1' ? [] : [CAUSES_PROPERTY])],
    testTimeout: 60_000,
    globalSetup: ['runner/mutants/shared-builds.ts'],
    setupFiles: ['runner/tools/fast-check-seed.ts'],
    sequence: { sequencer: SlowestTestsFirst },
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, which then waits on the many
    // tests that wait on child processes. Two keep both cores busy.
    maxWorkers: 2,
  },
});
