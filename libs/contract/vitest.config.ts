import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The test files that spawn processes, pack, build or start a browser: the `test-slow` target (vitest.slow.config.ts)
 * runs them, `test` (the inner loop's `npm run test:fast`) leaves them out. `npm test` runs both.
 */
export const SLOW_TESTS: readonly string[] = ['src/package.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...SLOW_TESTS],
    // vitest's default of 5 s is a speed check, which tests are not. The mock test that answers every route takes
    // 1 s on an idle machine and took 4.5 s beside the package test's five tsc runs and the browser journeys; on a
    // more loaded CI host it went over 5 s and failed the run. Speed is measured by `npm run bench`.
    testTimeout: 30_000,
  },
});
