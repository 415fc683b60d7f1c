import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_EXTENSION_SERVICE_EMAIL,
  DEVELOPMENT_EXTENSION_SERVICE_PASSWORD,
  DEVELOPMENT_JWT_SECRET,
  loadConfig,
} from './env';
import { CATALOG_SIZES } from '../seed/catalog-generator';
import { seedProfilePlan } from '../seed/seed-profiles';

/** Production credentials that pass every check: each test spoils one. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: '3f9c1e7a5b2d4c6e8f0a1b3c5d7e9f1a',
  EXTENSION_SERVICE_EMAIL: 'revenue@portal.example.com',
  EXTENSION_SERVICE_PASSWORD: 'k3P9-real-service-password',
} as const;

describe('loadConfig', () => {
  it('applies development defaults and flags the default secret', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3333);
    expect(config.jwtSecret).toBe(DEVELOPMENT_JWT_SECRET);
    expect(config.isDefaultJwtSecret).toBe(true);
    expect(config.webOrigins).toEqual(['http://localhost:4200', 'http://127.0.0.1:4200']);
    expect(config.seedOnStart).toBe(true);
  });

  it('knows the app, AI-brand and second-brand hosts: defaults, WEB_ORIGIN hosts, lists without ports', () => {
    expect(loadConfig({}).hosts).toEqual({
      app: ['localhost', '127.0.0.1'],
      aiBrand: ['ai.localhost'],
      secondBrand: ['brand2.localhost'],
    });
    expect(
      loadConfig({
        WEB_ORIGIN: 'https://portal.example.com',
        APP_HOSTS: ' Portal2.Example.com:443 ,,',
        AI_BRAND_HOSTS: 'ai.example.com',
        SECOND_BRAND_HOSTS: '',
      }).hosts,
    ).toEqual({
      app: ['localhost', '127.0.0.1', 'portal.example.com', 'portal2.example.com'],
      aiBrand: ['ai.example.com'],
      secondBrand: [],
    });
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

  it('seeds the demo profile unless SEED_PROFILE names another, with the sizes of that profile', () => {
    expect(loadConfig({}).seedProfile).toBe('demo');
    const demo = loadConfig({ SEED_REPORT_DAYS: '35' });
    expect(seedProfilePlan(demo.seedProfile, demo.seedReportDays)).toEqual({
      catalog: CATALOG_SIZES.full,
      reportDays: 35,
    });
    const largeConfig = loadConfig({ SEED_PROFILE: 'large' });
    const large = seedProfilePlan(largeConfig.seedProfile, largeConfig.seedReportDays);
    expect(large.reportDays).toBe(240);
    expect(large.catalog).toMatchObject({ coupons: 12_000, cashbackOffers: 4_500 });
    const small = loadConfig({ SEED_PROFILE: 'small' });
    expect(seedProfilePlan(small.seedProfile, small.seedReportDays).reportDays).toBe(7);
    expect(() => loadConfig({ SEED_PROFILE: 'huge' })).toThrow(/SEED_PROFILE/);
  });

  it('checks answers against the contract outside production unless RESPONSE_VALIDATION says otherwise', () => {
    expect(loadConfig({}).validateResponses).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).validateResponses).toBe(true);
    expect(loadConfig(PRODUCTION).validateResponses).toBe(false);
    expect(loadConfig({ ...PRODUCTION, RESPONSE_VALIDATION: 'true' }).validateResponses).toBe(true);
    expect(loadConfig({ RESPONSE_VALIDATION: 'false' }).validateResponses).toBe(false);
    expect(() => loadConfig({ RESPONSE_VALIDATION: 'yes' })).toThrow(/RESPONSE_VALIDATION/);
  });

  it("reads TRUST_PROXY as Express's trust proxy setting: off by default, words, hop counts and booleans", () => {
    // Off by default: a client reaching the API directly must not choose its own address with X-Forwarded-For.
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'uniquelocal' }).trustProxy).toBe('uniquelocal');
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('lists every bad variable', () => {
    expect(() => loadConfig({ API_PORT: 'abc', MONGODB_URI: 'not a uri' })).toThrow(/API_PORT[\s\S]*MONGODB_URI/);
  });

  it('refuses production with every credential missing, naming each', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      [
        'Invalid environment:',
        '  JWT_SECRET: required in production',
        '  EXTENSION_SERVICE_EMAIL: required in production',
        '  EXTENSION_SERVICE_PASSWORD: required in production',
      ].join('\n'),
    );
  });

  it.each([
    ['JWT_SECRET', DEVELOPMENT_JWT_SECRET],
    ['EXTENSION_SERVICE_EMAIL', DEVELOPMENT_EXTENSION_SERVICE_EMAIL],
    ['EXTENSION_SERVICE_EMAIL', DEVELOPMENT_EXTENSION_SERVICE_EMAIL.toUpperCase()],
    ['EXTENSION_SERVICE_PASSWORD', DEVELOPMENT_EXTENSION_SERVICE_PASSWORD],
  ])('refuses production with %s at its development default (%s), naming it alone', (name, value) => {
    const load = () => loadConfig({ ...PRODUCTION, [name]: value });
    expect(load).toThrow(`Invalid environment:\n  ${name}: the development default cannot be used in production`);
    // Only the spoilt variable is named.
    expect(load).toThrow(/^Invalid environment:\n {2}[A-Z_]+: [^\n]+$/);
  });

  it.each(['JWT_SECRET', 'EXTENSION_SERVICE_EMAIL', 'EXTENSION_SERVICE_PASSWORD'])(
    'refuses production without %s',
    (name) => {
      expect(() => loadConfig({ ...PRODUCTION, [name]: undefined })).toThrow(
        `Invalid environment:\n  ${name}: required in production`,
      );
    },
  );

  it('starts production with real credentials; outside production the development defaults are fine', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.jwtSecret).toBe(PRODUCTION.JWT_SECRET);
    expect(config.extensionService).toMatchObject({
      email: PRODUCTION.EXTENSION_SERVICE_EMAIL,
      password: PRODUCTION.EXTENSION_SERVICE_PASSWORD,
    });
    expect(loadConfig({}).extensionService).toMatchObject({
      email: DEVELOPMENT_EXTENSION_SERVICE_EMAIL,
      password: DEVELOPMENT_EXTENSION_SERVICE_PASSWORD,
    });
  });

  it('refuses a weak JWT_SECRET in production, and the development default above all', () => {
    const production = (JWT_SECRET: string) => () => loadConfig({ ...PRODUCTION, JWT_SECRET });
    expect(production(DEVELOPMENT_JWT_SECRET)).toThrow('the development default cannot be used in production');
    expect(production('short-but-over-16-chars')).toThrow('must be at least 32 characters');
    expect(production('a'.repeat(40))).toThrow('too predictable');
    // Outside production the development default is fine (and flagged).
    expect(loadConfig({ JWT_SECRET: DEVELOPMENT_JWT_SECRET }).jwtSecret).toBe(DEVELOPMENT_JWT_SECRET);
  });

  it('serves the stand-in extension service outside production only, unless EXTENSION_SERVICE_STANDIN says so', () => {
    expect(loadConfig({}).extensionService.isStandIn).toBe(true);
    expect(loadConfig({ EXTENSION_SERVICE_STANDIN: 'false' }).extensionService.isStandIn).toBe(false);
    expect(loadConfig(PRODUCTION).extensionService.isStandIn).toBe(false);
    expect(loadConfig({ ...PRODUCTION, EXTENSION_SERVICE_STANDIN: 'true' }).extensionService.isStandIn).toBe(true);
    // Asking for the stand-in does not let the development account in.
    expect(() =>
      loadConfig({
        ...PRODUCTION,
        EXTENSION_SERVICE_STANDIN: 'true',
        EXTENSION_SERVICE_PASSWORD: DEVELOPMENT_EXTENSION_SERVICE_PASSWORD,
      }),
    ).toThrow('EXTENSION_SERVICE_PASSWORD: the development default cannot be used in production');
  });

  it('seeds the demo accounts outside production only, unless SEED_DEMO_ACCOUNTS says otherwise', () => {
    expect(loadConfig({}).seedDemoAccounts).toBe(true);
    expect(loadConfig(PRODUCTION).seedDemoAccounts).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_ON_START: 'true' }).seedDemoAccounts).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO_ACCOUNTS: 'true' }).seedDemoAccounts).toBe(true);
    expect(loadConfig({ SEED_DEMO_ACCOUNTS: 'false' }).seedDemoAccounts).toBe(false);
  });

  it('limits failed sign-ins per account: 10 in 15 minutes unless configured', () => {
    expect(loadConfig({}).accountLockout).toEqual({ maxFailures: 10, windowMs: 900_000 });
    expect(loadConfig({ ACCOUNT_LOCKOUT_FAILURES: '5', ACCOUNT_LOCKOUT_SECONDS: '60' }).accountLockout).toEqual({
      maxFailures: 5,
      windowMs: 60_000,
    });
  });

  it('leaves the mock controls open unless MOCK_CONTROL_TOKEN is set (at least 16 characters; empty: open)', () => {
    expect(loadConfig({}).mockControlToken).toBeUndefined();
    expect(loadConfig({ MOCK_CONTROL_TOKEN: '' }).mockControlToken).toBeUndefined();
    expect(loadConfig({ MOCK_CONTROL_TOKEN: ' 0123456789abcdef ' }).mockControlToken).toBe('0123456789abcdef');
    expect(() => loadConfig({ MOCK_CONTROL_TOKEN: 'short' })).toThrow(/MOCK_CONTROL_TOKEN must be at least 16/);
  });

  it('bounds every database operation: 20 s unless DB_OPERATION_TIMEOUT_MS says otherwise', () => {
    expect(loadConfig({}).dbOperationTimeoutMs).toBe(20_000);
    expect(loadConfig({ DB_OPERATION_TIMEOUT_MS: '5000' }).dbOperationTimeoutMs).toBe(5_000);
  });
});

describe('npm start in production (src/main.ts)', () => {
  it('refuses to start with the development credentials, naming each, before it provisions a database', () => {
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      // Nothing of this process's environment: only what production would be given, with every credential at its
      // development value.
      env: {
        PATH: process.env['PATH'],
        NODE_ENV: 'production',
        JWT_SECRET: DEVELOPMENT_JWT_SECRET,
        EXTENSION_SERVICE_EMAIL: DEVELOPMENT_EXTENSION_SERVICE_EMAIL,
        EXTENSION_SERVICE_PASSWORD: DEVELOPMENT_EXTENSION_SERVICE_PASSWORD,
        MONGODB_URI: 'mongodb://127.0.0.1:9/never-reached',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    for (const name of ['JWT_SECRET', 'EXTENSION_SERVICE_EMAIL', 'EXTENSION_SERVICE_PASSWORD']) {
      expect(started.stderr).toContain(`${name}: the development default cannot be used in production`);
    }
    expect(started.stdout).not.toContain('[db]');
  }, 60_000);
});
