import { configDefaults, defineConfig } from 'vitest/config';

import { MOCKING_FILES } from './src/testing/mocking-files';

/**
 * The test files that spawn processes, pack, build or start a browser: the `test-slow` target (vitest.slow.config.ts)
 * runs them, `test` (the inner loop's `npm run test:fast`) leaves them out. `npm test` runs both.
 */
export const SLOW_TESTS: readonly string[] = [
  'src/multi-process.test.ts',
  'src/production-topology.test.ts',
  'src/reports/upload-crash.test.ts',
  'src/control/mock-owner.test.ts',
  'src/doc-examples.test.ts',
];

/** What every project runs with. */
export const shared = {
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
    // One file at a time (run mode's default on 2 cores, said here on purpose). Alone, two workers ran the suite in
    // 150-206 s wall against 235 s for one (CPU about equal, 145-158 s); but in `npm test` the files share the
    // cores with the browser journeys, and there two workers (with three Nx tasks at once) made the suite take
    // 431-445 s, pushed reset and upload tests past 20 s and a reset past the 503 of its gate. `--maxWorkers=2`
    // pays when the suite runs alone.
    maxWorkers: 1,
    projects: [
      {
        test: {
          ...shared,
          name: 'api',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...MOCKING_FILES, ...SLOW_TESTS],
          // The files of a worker share its modules: importing the app again for every file took 86 of the
          // suite's 240 CPU seconds. What a process keeps of its database is reset before each file
          // (testing/per-file-setup.ts), and each file builds its own app, state and indexes (test-app.ts).
          isolate: false,
          setupFiles: ['src/testing/per-file-setup.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'api-mocking',
          include: [...MOCKING_FILES],
          exclude: [...configDefaults.exclude, ...SLOW_TESTS],
        },
      },
    ],
  },
});
