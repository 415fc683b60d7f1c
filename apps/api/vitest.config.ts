import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/global-setup.ts'],
    // Each test file gets its own database on the one server the global setup provisions.
    pool: 'forks',
    // Two files at once on this 2-core machine (run mode's default is cores - 1 = 1): most of a file's time is
    // spent waiting on FerretDB or on child processes, so the second worker uses what the first leaves idle.
    // Measured on the whole suite (shared machine): wall 437 s -> 275 s at a similar load, CPU about equal
    // (240 s -> 233-240 s user + sys); the one FerretDB served both workers with no timeout in two whole runs,
    // one at load average 10-13. Override with --maxWorkers=1 where another suite holds the second core.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
