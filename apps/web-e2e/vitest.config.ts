import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/support/global-setup.ts'],
    // Journeys share one stack; each file has its own browser process and accounts' data it may change. The run
    // mostly waits on navigation and settling (about half a core on average, measured with /usr/bin/time), so two
    // files at once: the route walk (the largest file, started first) beside the other journeys one after another.
    fileParallelism: true,
    maxWorkers: 2,
    // Tests a file marks concurrent (the route walk's accounts) run three at a time: more only queue on the 2 cores.
    maxConcurrency: 3,
    // A guard against a hung journey, not a speed check: journeys of 35-39 s in a CI run at load 7 passed 60 s in
    // one at load 20.
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
