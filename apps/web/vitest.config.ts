import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The test files that spawn processes, pack, build or start a browser: the `test-slow` target (vitest.slow.config.ts)
 * runs them, `test` (the inner loop's `npm run test:fast`) leaves them out. `npm test` runs both.
 */
export const SLOW_TESTS: readonly string[] = ['src/features/dev-panel/production-build.test.ts'];

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    exclude: [...configDefaults.exclude, ...SLOW_TESTS],
    restoreMocks: true,
    // One jsdom per worker instead of one per file: setting up jsdom for each of the 66 files was half the
    // suite's CPU time. test-setup.ts unmounts, clears storage and restores fetch after every test, so files
    // sharing a worker start from the same state. Threads start faster than forked processes.
    pool: 'threads',
    isolate: false,
    // Above the 5 s findBy wait in test-setup.ts, so a slow first render fails as "not found", not as a timeout.
    testTimeout: 15_000,
    unstubGlobals: true,
  },
});
