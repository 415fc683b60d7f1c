import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The test files that spawn processes, pack, build or start a browser: the `test-slow` target (vitest.slow.config.ts)
 * runs them, `test` (the inner loop's `npm run test:fast`) leaves them out. `npm test` runs both.
 */
export const SLOW_TESTS: readonly string[] = ['src/ferretdb-lifecycle.test.ts', 'src/ferretdb-recovery.test.ts'];

export default defineConfig({
  test: { include: ['src/**/*.test.ts'], exclude: [...configDefaults.exclude, ...SLOW_TESTS] },
});
