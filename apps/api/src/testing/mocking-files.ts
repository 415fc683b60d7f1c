/**
 * The test files that replace a module with `vi.mock`: the API's other test files share their worker's modules
 * (vitest.config.ts, `isolate: false`), so a replaced module would leak into the next file; these run isolated.
 * mocking-files.test.ts fails when a file mocks a module without being listed here.
 */
export const MOCKING_FILES: readonly string[] = ['src/response-validation.test.ts'];
