import { defineConfig } from 'vitest/config';

import { MOCKING_FILES } from './src/testing/mocking-files';

/** What both projects run with. */
const shared = {
  environment: 'node',
  // Each test file gets its own database on the one server the global setup provisions.
  pool: 'forks',
  // A guard against a hung test, not a speed check: in `npm test` these files share the 2 cores with the browser
  // journeys and the static checks, and a reset test that takes 10 s alone took more than 20 s there.
  testTimeout: 60_000,
  hookTimeout: 120_000,
} as const;

export default defineConfig({
  test: {
    // Here, not in the projects: run once for both, so both use the one server.
    globalSetup: ['src/testing/global-setup.ts'],
    // Two files at once on this 2-core machine (run mode's default is cores - 1 = 1): most of a file's time is
    // spent waiting on FerretDB or on child processes, so the second worker uses what the first leaves idle.
    // Whole suite on the shared machine, CPU = user + sys: 1 worker 235 s wall / 145 s CPU; 2 workers 150-206 s
    // wall / 149-158 s CPU (load average 8-13), with no FerretDB timeout. Pass --maxWorkers=1 where another
    // suite holds the second core.
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'api',
          include: ['src/**/*.test.ts'],
          exclude: [...MOCKING_FILES],
          // The files of a worker share its modules: importing the app again for every file took 86 of the
          // suite's 240 CPU seconds. What a process keeps of its database is reset before each file
          // (testing/per-file-setup.ts), and each file builds its own app, state and indexes (test-app.ts).
          isolate: false,
          setupFiles: ['src/testing/per-file-setup.ts'],
        },
      },
      { test: { ...shared, name: 'api-mocking', include: [...MOCKING_FILES] } },
    ],
  },
});
