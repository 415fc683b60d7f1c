import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The test files that spawn processes, pack, build or start a browser: the `test-slow` target (vitest.slow.config.ts)
 * runs them, `test` (the inner loop's `npm run test:fast`) leaves them out. `npm test` runs both.
 */
export const SLOW_TESTS: readonly string[] = ['web-size/web-size.test.ts'];

export default defineConfig({
  test: {
    include: ['*.test.ts', 'web-size/*.test.ts', 'lint-rules/*.test.ts'],
    exclude: [...configDefaults.exclude, ...SLOW_TESTS],
    // One production build of the web app (a few seconds alone, longer on a busy machine).
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
