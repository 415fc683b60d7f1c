import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/support/global-setup.ts'],
    // Journeys share one stack and one browser process per file; run files one after another.
    fileParallelism: false,
    // Tests a file marks concurrent (the route walk's accounts) run three at a time: more only queue on the 2 cores.
    maxConcurrency: 3,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
