import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // promptfoo evals and the consumer-project install are slow by nature; they get their own
    // generous timeout rather than the whole suite.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
