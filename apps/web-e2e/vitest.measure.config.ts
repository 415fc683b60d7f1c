import { defineConfig } from 'vitest/config';
import journeys from './vitest.config';

/**
 * Browser measurements (not tests): `npm run bench:upload` at the root. They time and weigh what a person would
 * do (parse and upload a 50 MB conversion CSV) and print figures; they never run in `npm test`. The journeys'
 * setup (one stack, one browser per file), with only the measurement files.
 */
export default defineConfig({
  test: { ...journeys.test, include: ['src/**/*.bench-browser.ts'], testTimeout: 3_600_000 },
});
