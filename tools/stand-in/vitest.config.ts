import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The test files that spawn processes, pack, build or start a browser: the `test-slow` target (vitest.slow.config.ts)
 * runs them, `test` (the inner loop's `npm run test:fast`) leaves them out. `npm test` runs both.
 */
export const SLOW_TESTS: readonly string[] = ['src/stand-in.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...SLOW_TESTS],
    // Packing, installing into a scratch project and a first start with its seed.
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
});
