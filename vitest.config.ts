import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['reference/**/*.test.ts', 'runner/**/*.test.ts', 'spec/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
