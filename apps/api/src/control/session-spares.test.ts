import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MOCK_SESSION_HEADER,
  mockSessionListSchema,
  mockSessionSparesSchema,
  type MockSessionSpares,
} from '@publisher/contract';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { useTestApp } from '../testing/test-app';
import { captureState } from './data-states';
import { digests, onDatabase } from './testing/kept-state';

// Spares come from prepare alone here (MOCK_SESSION_SPARES 0), so each test knows which exist.
const ctx = useTestApp({ mockSessions: { limit: 3, ttlMs: 600_000, spares: 0 } });

async function prepare(count: number): Promise<MockSessionSpares> {
  const response = await request(ctx.app).post('/__control/sessions/prepare').send({ count });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return mockSessionSparesSchema.parse(response.body);
}

async function listed() {
  return mockSessionListSchema.parse((await request(ctx.app).get('/__control/sessions').expect(200)).body);
}

async function rename(session: string | undefined, fullName: string): Promise<void> {
  const call = (test: request.Test): request.Test => (session ? test.set(MOCK_SESSION_HEADER, session) : test);
  const signedIn = await call(request(ctx.app).post('/auth/signin'))
    .send({ email: 'vendor@publisher.test', password: DEMO_PASSWORD })
    .expect(200);
  await call(request(ctx.app).put('/auth/update'))
    .set('Authorization', (signedIn.body as { token: string }).token)
    .send({ fullName })
    .expect(200);
}

beforeAll(async () => {
  await request(ctx.app).post('/__control/reset').send({ profile: 'small' }).expect(200);
}, 120_000);

afterAll(async () => {
  // Drops the spares still kept (and stops a filling in flight) before the database goes.
  await ctx.app.close();
});

describe('warm spare session databases (POST /__control/sessions/prepare)', () => {
  it('400 on a count that is not a whole number from 0 to 64', async () => {
    for (const count of [-1, 65, 1.5, '2']) {
      const response = await request(ctx.app).post('/__control/sessions/prepare').send({ count });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusMessages: [expect.stringContaining('count')] });
    }
  });

  it('prepare answers once the spare is filled; a session takes it and has exactly the fresh seed, alone', async () => {
    expect((await listed()).spares).toEqual({ ready: 0, filling: 0, target: 0 });
    const fresh = await captureState();

    expect(await prepare(1)).toEqual({ ready: 1, filling: 0, target: 1 });
    expect((await listed()).spares).toEqual({ ready: 1, filling: 0, target: 1 });
    const spareName = `${mongoose.connection.name}__spare_1`;
    const databases = await mongoose.connection.getClient().db().admin().listDatabases({ nameOnly: true });
    expect(databases.databases.map((database) => database.name)).toContain(spareName);

    // The first call of a new session takes the spare: no copying.
    const own = await request(ctx.app).get('/__control/sessions').set(MOCK_SESSION_HEADER, 'spare-a').expect(200);
    const [session] = mockSessionListSchema.parse(own.body).sessions;
    expect(session).toMatchObject({ id: 'spare-a', profile: 'small', fromSpare: true });
    const taken = await onDatabase(spareName, () => captureState());
    expect(digests(taken)).toEqual(digests(fresh));

    // Its data is its own: a change there is not seen by the default session, nor the reverse.
    await rename('spare-a', 'Spare Name');
    await rename(undefined, 'Default Name');
    const read = async (header: string | undefined): Promise<string> => {
      const call = (test: request.Test): request.Test => (header ? test.set(MOCK_SESSION_HEADER, header) : test);
      const signedIn = await call(request(ctx.app).post('/auth/signin'))
        .send({ email: 'vendor@publisher.test', password: DEMO_PASSWORD })
        .expect(200);
      const body = signedIn.body as { token: string; user: { _id: string } };
      const profile = await call(request(ctx.app).get(`/auth/${body.user._id}`))
        .set('Authorization', body.token)
        .expect(200);
      return (profile.body as { data: { fullName: string } }).data.fullName;
    };
    expect(await read('spare-a')).toBe('Spare Name');
    expect(await read(undefined)).toBe('Default Name');
    // A reset in the session goes back to the seed through the session's own kept copy.
    await request(ctx.app).post('/__control/reset').set(MOCK_SESSION_HEADER, 'spare-a').send({}).expect(200);
    expect(await read('spare-a')).toBe('Maya Patel');
    expect(await read(undefined)).toBe('Default Name');
    await request(ctx.app).post('/__control/reset').send({}).expect(200);
  });

  it('spares do not count against MOCK_SESSION_LIMIT; at the limit a new session takes one and the least recently used gives way', async () => {
    // One session is alive (spare-a) under a limit of 3: 3 spares all the same (no more than the limit).
    expect(await prepare(64)).toEqual({ ready: 3, filling: 0, target: 3 });
    for (const worker of ['spare-b', 'spare-c']) {
      await request(ctx.app).get('/__control').set(MOCK_SESSION_HEADER, worker).expect(200);
    }
    const { sessions, spares } = await listed();
    expect(sessions.map((session) => [session.id, session.fromSpare])).toEqual([
      ['spare-a', true],
      ['spare-b', true],
      ['spare-c', true],
    ]);
    expect(spares.target).toBe(3);
    // At the limit: spare-a, used least recently, gives way to spare-d, which takes the spare left.
    await request(ctx.app).get('/__control').set(MOCK_SESSION_HEADER, 'spare-d').expect(200);
    expect((await listed()).sessions.map((session) => [session.id, session.fromSpare])).toEqual([
      ['spare-b', true],
      ['spare-c', true],
      ['spare-d', true],
    ]);
  });

  it('sessions on the seed the default session is on read its read models: one catalog in memory, not one each', async () => {
    const own = await ctx.app.readModels();
    for (const id of ['spare-b', 'spare-c', 'spare-d']) {
      const theirs = await ctx.app.sessions?.readModels(id);
      expect(theirs?.catalog, id).toBe(own.catalog);
      expect(theirs?.coupons, id).toBe(own.coupons);
    }
  });
});
