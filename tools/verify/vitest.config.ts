import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The API test server starts in a child process: provisioning (FerretDB) and seeding take a while.
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
