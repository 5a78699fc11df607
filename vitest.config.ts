import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The files that change what the process holds for the files after them: they set or delete
 * `process.env` keys the assertion reads, or replace a module with `vi.mock`. Each gets a fresh
 * process; every other file shares its worker's process (and its loaded modules) with the files
 * before it, which is most of what a run of 166 files used to spend importing.
 */
const ISOLATED = ['test/assertions/verify-citations.test.ts', 'test/liveness/resolve.test.ts'];

/**
 * The files whose tests race real timers against each other (DNS lookups ending "together", a
 * deadline against a resolver timeout a second apart): with other files' work on the same two
 * cores, the order they check came out otherwise. They run after the rest, one file at a time.
 */
const ALONE = ['test/liveness/dns-fairness.test.ts', 'test/liveness/resolve-dns-bound.test.ts'];

export default defineConfig({
  test: {
    // A hang still fails, but a test doing seconds of real work (a full scan of 6,000 lookups, three
    // real bin processes) took 45 s with other files beside it on a loaded two-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // As many workers as cores: vitest's default (cores - 1) ran one file at a time on the 2-core
    // CI machine while most files wait on a child process, a local server or a promptfoo eval; one
    // more than cores made CPU-heavy files two to five times slower on the shared machine.
    // `VITEST_MAX_WORKERS=N` overrides it (the command-line flag does not reach the projects).
    maxWorkers: availableParallelism(),
    // A folder the test processes share, so a promptfoo eval several files read runs once.
    globalSetup: ['test/helpers/suite-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: [...ISOLATED, ...ALONE],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
      {
        extends: true,
        test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
