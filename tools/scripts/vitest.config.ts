import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.test.ts', 'web-size/*.test.ts', 'lint-rules/*.test.ts'],
    // One production build of the web app (a few seconds alone, longer on a busy machine).
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
