import { describe, expect, it } from 'vitest';
import { isMockControlsBuild } from './mock-controls';

describe('isMockControlsBuild (MOCK_CONTROLS for the web build)', () => {
  it('defaults to on for development and test, off for production and any other mode', () => {
    expect(isMockControlsBuild('development', undefined)).toBe(true);
    expect(isMockControlsBuild('test', undefined)).toBe(true);
    expect(isMockControlsBuild('production', undefined)).toBe(false);
    expect(isMockControlsBuild('staging', '')).toBe(false);
  });

  it('follows the setting whatever the mode', () => {
    expect(isMockControlsBuild('production', 'true')).toBe(true);
    expect(isMockControlsBuild('production', '1')).toBe(true);
    expect(isMockControlsBuild('development', 'false')).toBe(false);
    expect(isMockControlsBuild('test', '0')).toBe(false);
  });

  it('refuses anything else, as the API does', () => {
    expect(() => isMockControlsBuild('production', 'yes')).toThrow(/MOCK_CONTROLS/);
  });
});
