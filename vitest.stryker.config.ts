// Stryker's test command: only the fixture replay (runner/suite.test.ts), so that its score says how much
// of the rule code the fixtures alone pin down.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['runner/suite.test.ts'], testTimeout: 60_000 },
});
