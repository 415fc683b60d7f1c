/**
 * Whether a build of the web app carries the dev panel (the mock mode's UI), decided in vite.config.ts and inlined
 * as `import.meta.env.MOCK_CONTROLS` so a build without it holds none of the panel's code. Same rule as the API's
 * MOCK_CONTROLS: the setting when given, else on for the development and test modes and off for any other.
 */
export function isMockControlsBuild(mode: string, setting: string | undefined): boolean {
  if (setting === 'true' || setting === '1') return true;
  if (setting === 'false' || setting === '0') return false;
  if (setting !== undefined && setting !== '')
    throw new Error(`MOCK_CONTROLS must be true, false, 1 or 0 (got "${setting}")`);
  return mode === 'development' || mode === 'test';
}
