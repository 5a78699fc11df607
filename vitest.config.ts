import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // promptfoo evals and the consumer-project install are slow by nature; they get their own
    // generous timeout rather than the whole suite.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A folder the test processes share, so a promptfoo eval several files read runs once.
    globalSetup: ['test/helpers/suite-setup.ts'],
  },
});
