import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The files that change what the process holds for the files after them: they set or delete
 * `process.env` keys the assertion reads, or replace a module with `vi.mock`. Each gets a fresh
 * process; every other file shares its worker's process (and its loaded modules) with the files
 * before it, which is most of what a run of 166 files used to spend importing.
 */
const ISOLATED = ['test/assertions/verify-citations.test.ts', 'test/liveness/resolve.test.ts'];

export default defineConfig({
  test: {
    // promptfoo evals and the consumer-project install are slow by nature; they get their own
    // generous timeout rather than the whole suite.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One more worker than cores: many files spend their time waiting on a child process, a
    // local server or a promptfoo eval, and vitest's default (cores - 1) ran one file at a time on
    // the 2-core CI machine.
    maxWorkers: availableParallelism() + 1,
    // A folder the test processes share, so a promptfoo eval several files read runs once.
    globalSetup: ['test/helpers/suite-setup.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
