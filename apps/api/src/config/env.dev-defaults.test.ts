import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_LOGIN_RATE_LIMIT, loadConfig, PRODUCTION_LOGIN_RATE_LIMIT } from './env';

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-0123456789-abcdefXYZ',
  EXTENSION_SERVICE_EMAIL: 'revenue@portal.example.com',
  EXTENSION_SERVICE_PASSWORD: 'k3P9-real-service-password',
};

describe('the per-address sign-in limit', () => {
  it('is generous in development and tight elsewhere, unless LOGIN_RATE_LIMIT says otherwise', () => {
    expect(loadConfig({}).loginRateLimit).toBe(DEVELOPMENT_LOGIN_RATE_LIMIT);
    expect(DEVELOPMENT_LOGIN_RATE_LIMIT).toBeGreaterThanOrEqual(500);
    expect(loadConfig({ NODE_ENV: 'test' }).loginRateLimit).toBe(PRODUCTION_LOGIN_RATE_LIMIT);
    expect(loadConfig(PRODUCTION).loginRateLimit).toBe(20);
    expect(loadConfig({ ...PRODUCTION, LOGIN_RATE_LIMIT: '50' }).loginRateLimit).toBe(50);
    expect(loadConfig({ LOGIN_RATE_LIMIT: '5' }).loginRateLimit).toBe(5);
  });
});

describe('MOCK_CONTROLS, the mock mode', () => {
  it('is on for development and test and off for production unless set (fails closed)', () => {
    expect(loadConfig({}).mockControls).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).mockControls).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).mockControls).toBe(true);
    expect(loadConfig(PRODUCTION).mockControls).toBe(false);
  });

  it('follows the setting whatever NODE_ENV says', () => {
    expect(loadConfig({ ...PRODUCTION, MOCK_CONTROLS: 'true' }).mockControls).toBe(true);
    expect(loadConfig({ ...PRODUCTION, MOCK_CONTROLS: '1' }).mockControls).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', MOCK_CONTROLS: 'false' }).mockControls).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', MOCK_CONTROLS: '0' }).mockControls).toBe(false);
  });

  it('refuses anything but a boolean', () => {
    expect(() => loadConfig({ MOCK_CONTROLS: 'yes' })).toThrow(/MOCK_CONTROLS/);
  });

  it('cannot be had by a NODE_ENV the API does not know', () => {
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });
});

describe('DB_REPROBE', () => {
  it('keeps the remembered database choice unless set', () => {
    expect(loadConfig({}).dbReprobe).toBe(false);
    expect(loadConfig({ DB_REPROBE: '1' }).dbReprobe).toBe(true);
    expect(loadConfig({ DB_REPROBE: 'false' }).dbReprobe).toBe(false);
  });
});
