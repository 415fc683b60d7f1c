import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_LOGIN_RATE_LIMIT, loadConfig, PRODUCTION_LOGIN_RATE_LIMIT } from './env';

const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-0123456789-abcdefXYZ' };

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
