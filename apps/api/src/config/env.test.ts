import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_JWT_SECRET, loadConfig } from './env';

describe('loadConfig', () => {
  it('applies development defaults and flags the default secret', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3333);
    expect(config.jwtSecret).toBe(DEVELOPMENT_JWT_SECRET);
    expect(config.isDefaultJwtSecret).toBe(true);
    expect(config.webOrigins).toEqual(['http://localhost:4200', 'http://127.0.0.1:4200']);
    expect(config.seedOnStart).toBe(true);
  });

  it('reads overrides', () => {
    const config = loadConfig({
      API_PORT: '4000',
      JWT_SECRET: 'a-real-secret-value',
      WEB_ORIGIN: 'https://a.test, https://b.test',
      SEED_ON_START: 'false',
    });
    expect(config).toMatchObject({
      port: 4000,
      jwtSecret: 'a-real-secret-value',
      isDefaultJwtSecret: false,
      webOrigins: ['https://a.test', 'https://b.test'],
      seedOnStart: false,
    });
  });

  it('tracks links on the public API URL unless TRACKING_BASE_URL names another host', () => {
    expect(loadConfig({}).trackingBaseUrl).toBe('http://localhost:3333');
    expect(loadConfig({ PUBLIC_API_URL: 'https://api.example.test/' }).trackingBaseUrl).toBe(
      'https://api.example.test',
    );
    expect(loadConfig({ TRACKING_BASE_URL: 'https://go.example.test/' }).trackingBaseUrl).toBe(
      'https://go.example.test',
    );
    expect(() => loadConfig({ TRACKING_BASE_URL: 'not a url' })).toThrow(/TRACKING_BASE_URL/);
  });

  it('saves 180 days of reports on first start unless SEED_REPORT_DAYS says otherwise', () => {
    expect(loadConfig({}).seedReportDays).toBe(180);
    expect(loadConfig({ SEED_REPORT_DAYS: '35' }).seedReportDays).toBe(35);
    expect(loadConfig({ SEED_REPORT_DAYS: '0' }).seedReportDays).toBe(0);
    expect(() => loadConfig({ SEED_REPORT_DAYS: '-1' })).toThrow(/SEED_REPORT_DAYS/);
  });

  it('keeps cached read answers 30 s unless RESPONSE_CACHE_TTL_SECONDS says otherwise (0 turns the cache off)', () => {
    expect(loadConfig({}).responseCacheTtlMs).toBe(30_000);
    expect(loadConfig({ RESPONSE_CACHE_TTL_SECONDS: '5' }).responseCacheTtlMs).toBe(5_000);
    expect(loadConfig({ RESPONSE_CACHE_TTL_SECONDS: '0' }).responseCacheTtlMs).toBe(0);
    expect(() => loadConfig({ RESPONSE_CACHE_TTL_SECONDS: '-1' })).toThrow(/RESPONSE_CACHE_TTL_SECONDS/);
  });

  it("reads TRUST_PROXY as Express's trust proxy setting: loopback by default, words, hop counts and booleans", () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'uniquelocal' }).trustProxy).toBe('uniquelocal');
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('lists every bad variable', () => {
    expect(() => loadConfig({ API_PORT: 'abc', MONGODB_URI: 'not a uri' })).toThrow(/API_PORT[\s\S]*MONGODB_URI/);
  });

  it('refuses production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('JWT_SECRET: required in production');
  });
});
