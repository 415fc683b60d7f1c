import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from './testing/api-server';
import { verify } from './verify';

/**
 * The API as `npm run compose:mock` configures it (package.json, docker-compose*.yml): production, the mock
 * controls on, the stand-in extension service with a generated password the verifier is not told.
 */
let api: RunningApi;

beforeAll(async () => {
  api = await startApi({
    env: {
      NODE_ENV: 'production',
      MOCK_CONTROLS: 'true',
      SEED_DEMO_ACCOUNTS: 'true',
      SEED_PROFILE: 'small',
      TRUST_PROXY: '1',
      JWT_SECRET: randomBytes(32).toString('hex'),
      EXTENSION_SERVICE_EMAIL: 'mock-extension@publisher.test',
      EXTENSION_SERVICE_PASSWORD: randomBytes(16).toString('hex'),
      EXTENSION_SERVICE_STANDIN: 'true',
    },
  });
});

afterAll(async () => {
  await api.stop();
});

describe('the verifier against the stack of npm run compose:mock', () => {
  it('passes the extension routes, the stand-in service included, without being told its generated password', async () => {
    const { results } = await verify({ baseUrl: api.baseUrl, only: ['extension.'] });
    const checked = results.filter((result) => result.check === 'contract');
    expect(checked.map((result) => result.key)).toEqual(
      expect.arrayContaining([
        'extension.serviceLogin',
        'extension.serviceDaily',
        'extension.serviceDevice',
        'extension.serviceMarket',
      ]),
    );
    expect(results.filter((result) => result.verdict !== 'PASS')).toEqual([]);
  });
});
