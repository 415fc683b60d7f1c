import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/global-setup.ts'],
    // Each test file gets its own database on the one server the global setup provisions.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
