import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';

const ctx = useTestApp({ loginRateLimit: 3 });

describe('login rate limit', () => {
  it('answers 429 in the envelope after too many sign-in attempts', async () => {
    const attempt = () => request(ctx.app).post('/auth/signin').send({ email: 'x@y.test', password: 'wrong-one' });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.statusMessages).toEqual(['Too many attempts. Please wait a few minutes and try again.']);
    expect(limited.headers['ratelimit-policy']).toBeDefined();
  });

  it('does not limit other routes', async () => {
    for (let i = 0; i < 5; i += 1) expect((await request(ctx.app).get('/health')).status).toBe(200);
  });
});
