import { defineConfig } from 'vitest/config';
import { SLOW_TESTS, shared } from './vitest.config';

/** `test-slow`: the API's tests that start API processes (vitest.config.ts SLOW_TESTS), each file isolated. */
export default defineConfig({
  test: {
    globalSetup: ['src/testing/global-setup.ts'],
    maxWorkers: 1,
    projects: [{ test: { ...shared, name: 'api-slow', include: [...SLOW_TESTS] } }],
  },
});
