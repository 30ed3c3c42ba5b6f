import { configDefaults, defineConfig } from 'vitest/config';
import { SlowestTestsFirst } from './runner/tools/slowest-tests-first.ts';

/**
 * diagnose on 200 engines with planted causes, in two files that run on two workers: minutes of CPU, so `npm test`
 * leaves them out and `npm run test:causes` runs them alone (CI runs both).
 */
const CAUSES_PROPERTY = 'runner/causes/planted-causes-*.property.test.ts';
const leftOut = [...configDefaults.exclude, ...(process.env.SCOPA_CAUSES_PROPERTY === '1' ? [] : [CAUSES_PROPERTY])];

/**
 * Files that replace a module (vi.mock) or hold a module's state on purpose (the YAML cache opened once): each runs
 * in a module graph of its own. The others share their worker's modules, imported once instead of once per file (a
 * tenth of the suite's time).
 */
const NEED_OWN_MODULES = ['runner/commands/invalid-variant.test.ts', 'runner/load/yaml-cache.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    globalSetup: ['runner/mutants/shared-builds.ts'],
    setupFiles: ['runner/tools/fast-check-seed.ts'],
    sequence: { sequencer: SlowestTestsFirst },
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, which then waits on the many
    // tests that wait on child processes. Two keep both cores busy.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'shared-modules', isolate: false, include: ['reference/**/*.test.ts', 'runner/**/*.test.ts', 'spec/**/*.test.ts'], exclude: [...leftOut, ...NEED_OWN_MODULES] } },
      { extends: true, test: { name: 'own-modules', include: NEED_OWN_MODULES } },
    ],
  },
});
