import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    restoreMocks: true,
    // Above the 5 s findBy wait in test-setup.ts, so a slow first render fails as "not found", not as a timeout.
    testTimeout: 15_000,
    unstubGlobals: true,
  },
});
