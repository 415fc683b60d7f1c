import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { controlStateSchema, healthResponseSchema } from '@publisher/contract';
import { UserModel } from '../auth/user.model';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { buildVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';

const ctx = useTestApp();

async function signIn(email = 'vendor@publisher.test'): Promise<{ token: string; id: string }> {
  const response = await request(ctx.app).post('/auth/signin').send({ email, password: DEMO_PASSWORD }).expect(200);
  const body = response.body as { token: string; user: { _id: string } };
  return { token: body.token, id: body.user._id };
}

async function resetTo(profile: 'small'): Promise<void> {
  const response = await request(ctx.app).post('/__control/reset').send({ profile }).expect(200);
  expect(controlStateSchema.parse(response.body)).toMatchObject({ profile, resetting: false });
}

describe('scenario control API', () => {
  it('answers the state, and the same state in GET /health', async () => {
    const state = await request(ctx.app).get('/__control').expect(200);
    expect(controlStateSchema.parse(state.body)).toEqual({
      profile: 'demo',
      fixedNow: null,
      latency: null,
      errorRate: 0,
      errorStatus: 500,
      resetting: false,
      lastResetAt: null,
      lastReset: null,
      failures: [],
    });
    const health = await request(ctx.app).get('/health').expect(200);
    expect(healthResponseSchema.parse(health.body).controls).toEqual(state.body);
  });

  it('refuses bad input with a 400 envelope naming the field', async () => {
    const cases: [string, string, unknown][] = [
      ['put', '/__control/clock', { now: 'tomorrow' }],
      ['put', '/__control/clock', { now: '2030-01-01T00:00:00Z', extra: 1 }],
      ['put', '/__control/latency', { minMs: 500, maxMs: 100 }],
      ['put', '/__control/latency', { minMs: 0, maxMs: 30_001 }],
      ['put', '/__control/latency', { minMs: -1, maxMs: 10 }],
      ['put', '/__control/errors', { rate: 1.5 }],
      ['put', '/__control/errors', { rate: 0.5, status: 502 }],
      ['put', '/__control/profile', { profile: 'huge' }],
      ['post', '/__control/reset', { profile: 'huge' }],
      ['post', '/__control/reset', { profile: 'small', snapshot: 'x' }],
      ['post', '/__control/reset', { snapshot: 'has space' }],
      ['post', '/__control/snapshots', { name: '' }],
      ['post', '/__control/snapshots', { name: 'a/b' }],
    ];
    for (const [method, path, body] of cases) {
      const response = await (method === 'put' ? request(ctx.app).put(path) : request(ctx.app).post(path)).send(
        body as object,
      );
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.body).toMatchObject({ statusMessages: [expect.any(String)], errors: expect.any(Array) });
    }
    expect((await request(ctx.app).get('/__control').expect(200)).body).toMatchObject({ latency: null, errorRate: 0 });
  });

  it('resets the database to the seed: saved changes disappear, demo accounts come back', async () => {
    await resetTo('small');
    const before = await signIn();
    const extra = await buildVendor();
    await UserModel.updateOne({ email: 'vendor@publisher.test' }, { $set: { fullName: 'Changed Name' } });
    expect((await request(ctx.app).get(`/auth/${before.id}`).set('Authorization', before.token)).body).toMatchObject({
      data: { fullName: 'Changed Name' },
    });

    await resetTo('small');
    expect(await UserModel.findById(extra.user._id).lean()).toBeNull();
    const after = await signIn();
    const user = await request(ctx.app).get(`/auth/${after.id}`).set('Authorization', after.token).expect(200);
    expect(user.body).toMatchObject({ data: { fullName: 'Maya Patel' } });
    // The seed's records keep their ids across resets: a session signed in on the seed's data goes on working.
    expect(after.id).toBe(before.id);
    await request(ctx.app).get(`/auth/${before.id}`).set('Authorization', before.token).expect(200);
    const coupons = await request(ctx.app).get('/coupons/getcoupons').set('Authorization', after.token).expect(200);
    expect((coupons.body as { totalCount: number }).totalCount).toBe(60);
  });

  it('answers 409 to a reset while one runs', async () => {
    const [first, second] = await Promise.all([
      request(ctx.app).post('/__control/reset').send({ profile: 'small' }),
      request(ctx.app).post('/__control/reset').send({ profile: 'small' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const conflict = first.status === 409 ? first : second;
    expect(conflict.body).toMatchObject({
      statusMessages: ['A reset is already running; try again when it has finished.'],
    });
  });

  it('fixes "now" for coupon validity and token expiry; a reset keeps it and seeds around it', async () => {
    const { token } = await signIn();
    const valid = async (auth: string): Promise<number> =>
      (
        (await request(ctx.app).get('/coupons/getcoupons?validCoupons=true').set('Authorization', auth).expect(200))
          .body as { totalCount: number }
      ).totalCount;
    expect(await valid(token)).toBeGreaterThan(0);

    const farFuture = await request(ctx.app).put('/__control/clock').send({ now: '2100-01-01T00:00:00Z' }).expect(200);
    expect(farFuture.body).toMatchObject({ fixedNow: '2100-01-01T00:00:00.000Z' });
    // In 2100 every seeded coupon has expired, and the week-long token signed today too.
    await request(ctx.app).get('/coupons/getcoupons').set('Authorization', token).expect(401);
    const future = await signIn();
    expect(await valid(future.token)).toBe(0);
    expect((await request(ctx.app).get('/health').expect(200)).body).toMatchObject({
      controls: { fixedNow: '2100-01-01T00:00:00.000Z' },
    });

    // Back to the real clock: today's token works again and coupons run again.
    await request(ctx.app).delete('/__control/clock').expect(200);
    expect(await valid(token)).toBeGreaterThan(0);

    // A reset keeps the fixed clock and seeds around its date: in 2100 the coupons run again.
    await request(ctx.app).put('/__control/clock').send({ now: '2100-01-01T00:00:00Z' }).expect(200);
    await resetTo('small');
    expect((await request(ctx.app).get('/__control').expect(200)).body).toMatchObject({
      fixedNow: '2100-01-01T00:00:00.000Z',
    });
    expect(await valid((await signIn()).token)).toBeGreaterThan(0);

    // Asked for, the reset goes back to the real clock first and seeds around today.
    const restored = await request(ctx.app)
      .post('/__control/reset')
      .send({ profile: 'small', restoreDefaults: true })
      .expect(200);
    expect(restored.body).toMatchObject({ fixedNow: null });
    expect(await valid((await signIn()).token)).toBeGreaterThan(0);
  });

  it('delays contract calls by the global latency, not /health or /__control', async () => {
    await request(ctx.app).put('/__control/latency').send({ minMs: 300, maxMs: 300 }).expect(200);
    const started = performance.now();
    await request(ctx.app).post('/auth/signin').send({ email: 'nobody@example.test', password: 'x' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect((await request(ctx.app).get('/health').expect(200)).body).toMatchObject({
      controls: { latency: { minMs: 300, maxMs: 300 } },
    });
    await request(ctx.app).delete('/__control/latency').expect(200);
    expect((await request(ctx.app).get('/__control').expect(200)).body).toMatchObject({ latency: null });
  });

  it('answers the chosen share of contract calls with the chosen error, never /health or /__control', async () => {
    const { token } = await signIn();
    await request(ctx.app).put('/__control/errors').send({ rate: 1, status: 503 }).expect(200);
    const failed = await request(ctx.app).get('/coupons/getcoupons').set('Authorization', token).expect(503);
    expect(failed.headers['retry-after']).toBe('1');
    expect(failed.body).toEqual({
      statusMessages: ['Scenario: 503 from the global error rate (PUT /__control/errors).'],
      errors: ['Scenario: 503 from the global error rate (PUT /__control/errors).'],
    });
    await request(ctx.app).get('/health').expect(200);
    await request(ctx.app).get('/__control').expect(200);
    // An unauthenticated call still gets its 401: the access check comes first.
    await request(ctx.app).get('/coupons/getcoupons').expect(401);

    await request(ctx.app).put('/__control/errors').send({ rate: 0.5 }).expect(200);
    const statuses = await Promise.all(
      Array.from(
        { length: 40 },
        async () => (await request(ctx.app).get('/coupons/getFilters').set('Authorization', token)).status,
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([200, 500]));

    await request(ctx.app).delete('/__control/errors').expect(200);
    await request(ctx.app).get('/coupons/getcoupons').set('Authorization', token).expect(200);
  });

  it('refuses an error status it cannot inject, naming the ones it can', async () => {
    const refused = await request(ctx.app).put('/__control/errors').send({ rate: 0.5, status: 404 }).expect(400);
    expect(refused.body).toEqual({
      statusMessages: ['status must be 500 or 503'],
      errors: ['body.status: status must be 500 or 503'],
    });
    expect((await request(ctx.app).get('/__control').expect(200)).body).toMatchObject({ errorRate: 0 });
  });

  it('a reset keeps latency and errors unless asked to restore the defaults', async () => {
    await request(ctx.app).put('/__control/latency').send({ minMs: 1, maxMs: 2 }).expect(200);
    await request(ctx.app).put('/__control/errors').send({ rate: 0.1 }).expect(200);
    await request(ctx.app).put('/__control/profile').send({ profile: 'small' }).expect(200);
    const kept = controlStateSchema.parse((await request(ctx.app).get('/__control').expect(200)).body);
    expect(kept).toMatchObject({ profile: 'small', latency: { minMs: 1, maxMs: 2 }, errorRate: 0.1 });

    await request(ctx.app).post('/__control/reset').send({ restoreDefaults: true }).expect(200);
    const state = controlStateSchema.parse((await request(ctx.app).get('/__control').expect(200)).body);
    expect(state).toMatchObject({ profile: 'small', latency: null, errorRate: 0, errorStatus: 500, fixedNow: null });
    expect(state.lastResetAt).not.toBeNull();
  });
});
