import type { Express } from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createAppFor, testConfig, useTestApp } from '../testing/test-app';

const development = useTestApp({ nodeEnv: 'development' });
let production: Express;

beforeAll(() => {
  production = createAppFor({
    config: testConfig({ nodeEnv: 'production', webOrigins: ['https://portal.example.com'] }),
    database: { kind: inject('databaseKind') },
    log: () => undefined,
  });
});

/** The browser's preflight of a sign-in from `origin`: the origin it may read answers from, if any. */
async function preflightFrom(app: Express, origin: string): Promise<string | undefined> {
  const res = await request(app)
    .options('/auth/signin')
    .set('Origin', origin)
    .set('Access-Control-Request-Method', 'POST')
    .set('Access-Control-Request-Headers', 'content-type');
  const allowed: unknown = res.headers['access-control-allow-origin'];
  return typeof allowed === 'string' ? allowed : undefined;
}

describe('CORS in development and test', () => {
  it.each([
    'http://localhost:4200',
    'http://127.0.0.1:4200',
    'http://whitelabel.localhost:4200',
    'http://ai.localhost:4200',
    'http://brand2.localhost:4200',
    'http://localhost:5173',
    'http://127.0.0.1:8081',
  ])('lets %s read answers', async (origin) => {
    expect(await preflightFrom(development.app, origin)).toBe(origin);
  });

  it.each(['http://evil.test', 'http://localhost.evil.test:4200', 'http://127.0.0.2:4200', 'file://localhost'])(
    'refuses %s',
    async (origin) => {
      expect(await preflightFrom(development.app, origin)).toBeUndefined();
    },
  );

  it('answers an allowed preflight itself (204)', async () => {
    const res = await request(development.app)
      .options('/auth/signin')
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'POST');
    expect(res.status).toBe(204);
  });

  it('sends the header on the answer itself too', async () => {
    const res = await request(development.app).get('/health').set('Origin', 'http://whitelabel.localhost:4200');
    expect(res.headers['access-control-allow-origin']).toBe('http://whitelabel.localhost:4200');
  });
});

describe('CORS in production', () => {
  it('lets only the WEB_ORIGIN list read answers', async () => {
    expect(await preflightFrom(production, 'https://portal.example.com')).toBe('https://portal.example.com');
    for (const origin of ['http://localhost:4200', 'http://whitelabel.localhost:4200', 'http://localhost:5173'])
      expect(await preflightFrom(production, origin)).toBeUndefined();
  });
});
