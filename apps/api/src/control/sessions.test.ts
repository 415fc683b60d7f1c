import express from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  controlStateSchema,
  mockSessionListSchema,
  MOCK_SESSION_HEADER,
  requestJournalSchema,
} from '@publisher/contract';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { errorHandler } from '../shared/error-handler';
import { useTestApp } from '../testing/test-app';
import { createSessions, type SessionApp } from './sessions';

const ctx = useTestApp({ mockSessions: { limit: 6, ttlMs: 600_000 } });

/** A request builder for one session (undefined: the default session). */
function as(session: string | undefined) {
  const withHeader = <T extends request.Test>(test: T): T =>
    session === undefined ? test : test.set(MOCK_SESSION_HEADER, session);
  return {
    get: (path: string) => withHeader(request(ctx.app).get(path)),
    post: (path: string) => withHeader(request(ctx.app).post(path)),
    put: (path: string) => withHeader(request(ctx.app).put(path)),
    delete: (path: string) => withHeader(request(ctx.app).delete(path)),
  };
}

async function signIn(session: string | undefined): Promise<{ token: string; id: string }> {
  const response = await as(session)
    .post('/auth/signin')
    .send({ email: 'vendor@publisher.test', password: DEMO_PASSWORD })
    .expect(200);
  const body = response.body as { token: string; user: { _id: string } };
  return { token: body.token, id: body.user._id };
}

async function fullName(session: string | undefined): Promise<string> {
  const { token, id } = await signIn(session);
  const response = await as(session).get(`/auth/${id}`).set('Authorization', token).expect(200);
  return (response.body as { data: { fullName: string } }).data.fullName;
}

beforeAll(async () => {
  // Sessions start from the default session's profile: the small one keeps this file fast.
  await request(ctx.app).post('/__control/reset').send({ profile: 'small' }).expect(200);
}, 120_000);

describe('isolated mock sessions (X-Mock-Session)', () => {
  it('four workers in parallel each change data, clock and latency, and none sees another', async () => {
    const workers = ['worker-1', 'worker-2', 'worker-3', 'worker-4'];
    await Promise.all(
      workers.map(async (worker, index) => {
        const day = `2026-0${String(index + 1)}-15T12:00:00.000Z`;
        await as(worker).put('/__control/clock').send({ now: day }).expect(200);
        await as(worker).put('/__control/latency').send({ minMs: index, maxMs: index }).expect(200);
        const { token } = await signIn(worker);
        await as(worker)
          .put('/auth/update')
          .set('Authorization', token)
          .send({ fullName: `Name ${worker}` })
          .expect(200);
      }),
    );
    for (const [index, worker] of workers.entries()) {
      expect(await fullName(worker)).toBe(`Name ${worker}`);
      const state = controlStateSchema.parse((await as(worker).get('/__control').expect(200)).body);
      expect(state).toMatchObject({
        fixedNow: `2026-0${String(index + 1)}-15T12:00:00.000Z`,
        latency: { minMs: index, maxMs: index },
        profile: 'small',
      });
    }
    // The default session saw none of it.
    expect(await fullName(undefined)).toBe('Maya Patel');
    expect(controlStateSchema.parse((await as(undefined).get('/__control').expect(200)).body)).toMatchObject({
      fixedNow: null,
      latency: null,
    });

    const listed = mockSessionListSchema.parse((await as(undefined).get('/__control/sessions').expect(200)).body);
    expect(listed.sessions.map((session) => session.id)).toEqual(expect.arrayContaining(workers));
    expect(listed.limit).toBe(6);
  });

  it('errors, journal and resets stay in their session', async () => {
    await as('errors').put('/__control/errors').send({ rate: 1, status: 503 }).expect(200);
    const broken = await signIn('calm').then(({ token }) =>
      as('errors').get('/coupons/getcoupons').set('Authorization', token),
    );
    expect(broken.status).toBe(503);
    const calm = await signIn('calm');
    await as('calm').get('/coupons/getcoupons').set('Authorization', calm.token).expect(200);

    const journal = requestJournalSchema.parse((await as('calm').get('/__control/requests').expect(200)).body);
    expect(journal.requests.length).toBeGreaterThan(0);
    expect(journal.requests.every((entry) => entry.headers['x-mock-session'] === 'calm')).toBe(true);

    // A reset in one session puts back its own data only.
    const { token } = await signIn('calm');
    await as('calm').put('/auth/update').set('Authorization', token).send({ fullName: 'Calm Changed' }).expect(200);
    await as('errors').delete('/__control/errors').expect(200);
    const other = await signIn('errors');
    await as('errors').put('/auth/update').set('Authorization', other.token).send({ fullName: 'Kept' }).expect(200);
    await as('calm').post('/__control/reset').send({}).expect(200);
    expect(await fullName('calm')).toBe('Maya Patel');
    expect(await fullName('errors')).toBe('Kept');
  });

  it('refuses a malformed id with 400, more sessions than the limit with 429, and ends a session on request', async () => {
    const bad = await as('not valid!').get('/health');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      statusMessages: [`${MOCK_SESSION_HEADER} must be 1 to 32 letters, digits, - or _`],
    });

    // Empty is the default session (a client that always sends the header, empty when it has no session).
    const empty = controlStateSchema.parse((await as('').get('/__control').expect(200)).body);
    expect(empty.fixedNow).toBeNull();

    const alive = mockSessionListSchema.parse((await as(undefined).get('/__control/sessions').expect(200)).body);
    for (let index = alive.sessions.length; index < alive.limit; index += 1) {
      await as(`filler-${String(index)}`)
        .get('/__control')
        .expect(200);
    }
    const refused = await as('one-too-many').get('/__control');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ statusMessages: [expect.stringContaining('At most 6 mock sessions')] });

    const ended = await as(undefined).delete('/__control/sessions/worker-1').expect(200);
    expect(ended.body).toMatchObject({ id: 'worker-1', profile: 'small' });
    await as(undefined).delete('/__control/sessions/worker-1').expect(404);
    // Its place is free again, and a new session of that name starts from the seed.
    expect(await fullName('worker-1')).toBe('Maya Patel');
  });
});

describe('session expiry', () => {
  it('drops a session unused past the TTL when room is needed', async () => {
    let clock = 0;
    const closed: string[] = [];
    const sessions = createSessions({
      limit: 1,
      ttlMs: 1_000,
      now: () => clock,
      profile: () => 'small',
      build: (id): SessionApp => ({
        handle: (_req, res) => {
          res.json({ id });
        },
        reset: async () => undefined,
        profile: () => 'small',
        close: async () => {
          closed.push(id);
        },
      }),
    });
    const app = express();
    app.use(sessions.middleware);
    app.use(errorHandler(() => undefined));
    try {
      await request(app).get('/').set(MOCK_SESSION_HEADER, 'first').expect(200, { id: 'first' });
      clock = 500;
      expect((await request(app).get('/').set(MOCK_SESSION_HEADER, 'second')).status).toBe(429);
      clock = 2_000;
      await request(app).get('/').set(MOCK_SESSION_HEADER, 'second').expect(200, { id: 'second' });
      expect(closed).toEqual(['first']);
      expect(sessions.list().map((session) => session.id)).toEqual(['second']);
    } finally {
      await sessions.close();
    }
  });
});
