import { configDefaults, defineConfig } from 'vitest/config';
import config, { SLOW_TESTS } from './vitest.config';

/** `test-slow`: this project's tests that spawn processes, pack or build (vitest.config.ts SLOW_TESTS). */
export default defineConfig({
  ...config,
  test: { ...config.test, include: [...SLOW_TESTS], exclude: configDefaults.exclude },
});
