// The test command of the runner's Stryker run (stryker.runner.config.json): the unit tests of the runner's verdict
// code (comparison, divergence report, outcomes and exit codes, selection, baselines, reporters, engine drivers),
// each in process and quick. Left out: the fixture replay (runner/suite.test.ts, which judges the rule code), and
// the tests that run whole commands over fixtures (runner/cli, runner/commands, and the command tests of
// run --adapter and --reporter html): they judge the same code through the command line, and every mutant they
// cover and do not kill would run them all again. The browser test drives Chromium over the page's own script.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['runner/divergences/**/*.test.ts', 'runner/report/**/*.test.ts', 'runner/run/**/*.test.ts', 'runner/engines/**/*.test.ts'],
    exclude: ['runner/report/html.browser.test.ts', 'runner/report/html.test.ts', 'runner/engines/adapter.test.ts'],
    testTimeout: 60_000,
  },
});
