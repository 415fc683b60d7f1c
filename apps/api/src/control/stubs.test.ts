import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  MOCK_SESSION_HEADER,
  MOCK_STUB_HEADER,
  contract,
  requestJournalSchema,
  stubListSchema,
  stubSchema,
  type StubDefinition,
} from '@publisher/contract';
import { exampleBody } from '@publisher/contract/mock';
import { AppError } from '../shared/app-error';
import { buildVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import { createMockApp } from './mock-app';
import { createStubStore } from './stubs';

const ctx = useTestApp({ mockSessions: { limit: 4, ttlMs: 600_000, spares: 0 } });

beforeAll(async () => {
  // A session starts from the default session's profile: the small one keeps this file fast.
  await request(ctx.app).post('/__control/reset').send({ profile: 'small' }).expect(200);
}, 120_000);

beforeEach(async () => {
  await request(ctx.app).delete('/__control/stubs').expect(200);
  await request(ctx.app).delete('/__control/requests').expect(200);
});

/** An answer of GET /dashboard/settings that its schema accepts. */
const settings = () => exampleBody(contract.settings.getSettings, 200) as { data: Record<string, unknown> };

const envelope = (...messages: string[]) => ({ statusMessages: messages, errors: messages });

/** A signin refused with the given message, for one email only. */
const refusedSignin = (email: string, times?: number): StubDefinition => ({
  route: 'auth.signin',
  match: { body: { email } },
  answer: { status: 401, body: envelope('This account is locked for the test.'), headers: { 'X-Why': 'stub' } },
  ...(times === undefined ? {} : { times }),
});

async function addStub(definition: unknown, session?: string) {
  const call = request(ctx.app).post('/__control/stubs');
  const answer = await (session === undefined ? call : call.set(MOCK_SESSION_HEADER, session)).send(
    definition as object,
  );
  expect(answer.status).toBe(201);
  return stubSchema.parse(answer.body);
}

async function stubsOf(session?: string) {
  const call = request(ctx.app).get('/__control/stubs');
  const answer = await (session === undefined ? call : call.set(MOCK_SESSION_HEADER, session)).expect(200);
  return stubListSchema.parse(answer.body).stubs;
}

describe('POST /__control/stubs', () => {
  it('400 on bad input: the definition schema, in the envelope', async () => {
    const answer = await request(ctx.app).post('/__control/stubs').send({ route: 'auth.signin' }).expect(400);
    expect(answer.body).toEqual({ statusMessages: ['answer: Required'], errors: ['body.answer: Required'] });
  });

  it('refuses a body the contract does not allow, naming each zod issue (path and message)', async () => {
    const answer = await request(ctx.app)
      .post('/__control/stubs')
      .send({
        route: 'settings.getSettings',
        answer: { status: 200, body: { data: { ...settings().data, isShortUrlEnabled: 'yes' } } },
      })
      .expect(400);
    expect(answer.body).toEqual(envelope('answer.body.data.isShortUrlEnabled: Expected boolean, received string'));
    expect(await stubsOf()).toEqual([]);
  });

  it('refuses an unknown route, listing the known names of its domain', async () => {
    const answer = await request(ctx.app)
      .post('/__control/stubs')
      .send({ route: 'auth.signon', answer: { status: 200 } })
      .expect(400);
    expect(answer.body.statusMessages[0]).toMatch(
      /^route: auth\.signon is no route of the contract; routes of auth: auth\.signin, auth\.signup, auth\.update, /,
    );
  });

  it('refuses an undocumented success status, and a 101st stub', async () => {
    const answer = await request(ctx.app)
      .post('/__control/stubs')
      .send({ route: 'POST /auth/signin', answer: { status: 204 } })
      .expect(400);
    expect(answer.body.statusMessages).toEqual([
      'answer.status: POST /auth/signin does not document 204; it documents 200, 400, 401, 403, 404, 409, 413, 415, 429, 500, 503.',
    ]);
    const store = createStubStore({ limit: 1 });
    store.add(refusedSignin('a@x.test'));
    expect(() => store.add(refusedSignin('b@x.test'))).toThrow(AppError);
    expect(() => store.add(refusedSignin('b@x.test'))).toThrow(/holds 1 stubs, the most it takes/);
  });
});

describe('a stub answering calls', () => {
  it('answers only the calls its match names, `times` times, and the journal names it', async () => {
    const stub = await addStub(refusedSignin('odd@stub.test', 2));
    expect(stub).toMatchObject({ id: expect.stringMatching(/^stub-\d+$/), route: 'auth.signin', remaining: 2 });

    const stubbed = await request(ctx.app)
      .post('/auth/signin')
      .send({ email: 'odd@stub.test', password: 'anything' })
      .expect(401);
    expect(stubbed.body).toEqual(envelope('This account is locked for the test.'));
    expect(stubbed.headers[MOCK_STUB_HEADER.toLowerCase()]).toBe(stub.id);
    expect(stubbed.headers['x-why']).toBe('stub');

    const other = await request(ctx.app).post('/auth/signin').send({ email: 'other@stub.test', password: 'x' });
    expect(other.headers[MOCK_STUB_HEADER.toLowerCase()]).toBeUndefined();
    expect(other.body).not.toEqual(envelope('This account is locked for the test.'));
    expect((await stubsOf())[0]).toMatchObject({ id: stub.id, remaining: 1, answered: 1 });

    await request(ctx.app).post('/auth/signin').send({ email: 'odd@stub.test', password: 'x' }).expect(401);
    // Its two times are used up: gone, and the real handler answers.
    expect(await stubsOf()).toEqual([]);
    const after = await request(ctx.app).post('/auth/signin').send({ email: 'odd@stub.test', password: 'x' });
    expect(after.headers[MOCK_STUB_HEADER.toLowerCase()]).toBeUndefined();

    const journal = requestJournalSchema.parse((await request(ctx.app).get('/__control/requests').expect(200)).body);
    expect(journal.requests.map((entry) => entry.stub)).toEqual([null, stub.id, null, stub.id]);
    expect(journal.requests[3]).toMatchObject({
      responseBody: envelope('This account is locked for the test.'),
      responseBodyTruncated: false,
    });
  });

  it('tries the newest stub first; a success stub answers only a request the route accepts, after its access check', async () => {
    const vendor = await buildVendor();
    const { data } = settings();
    const older = await addStub({ route: 'settings.getSettings', answer: { status: 200, body: { data } } });
    const newer = await addStub({
      route: 'GET /dashboard/settings',
      // A key the schema does not declare is dropped, as the API's response validation drops it.
      answer: { status: 200, body: { data: { ...data, isShortUrlEnabled: true, internalNote: 'x' } } },
    });
    const answered = await request(ctx.app)
      .get('/dashboard/settings')
      .set('Authorization', `Bearer ${vendor.token}`)
      .expect(200);
    expect(answered.headers[MOCK_STUB_HEADER.toLowerCase()]).toBe(newer.id);
    expect(answered.body).toEqual({ data: { ...data, isShortUrlEnabled: true } });

    await request(ctx.app).get('/dashboard/settings').expect(401);
    const invalid = await request(ctx.app)
      .get('/dashboard/settings?vendorId=none')
      .set('Authorization', `Bearer ${vendor.token}`)
      .expect(400);
    expect(invalid.headers[MOCK_STUB_HEADER.toLowerCase()]).toBeUndefined();

    await request(ctx.app).delete(`/__control/stubs/${newer.id}`).expect(200);
    const next = await request(ctx.app)
      .get('/dashboard/settings')
      .set('Authorization', `Bearer ${vendor.token}`)
      .expect(200);
    expect(next.headers[MOCK_STUB_HEADER.toLowerCase()]).toBe(older.id);
  });

  it('matches the body as a subset at every depth (objects by the keys given, arrays item by item)', async () => {
    // Fails on a match that compares each top-level field whole: `device` has a key the match does not give.
    const stub = await addStub({
      route: 'auth.signin',
      match: { body: { email: 'deep@stub.test', device: { os: 'ios' }, tags: [{ id: 1 }] } },
      answer: { status: 401, body: envelope('Locked for this device.') },
    });
    const signin = (device: object, tags: object[]) =>
      request(ctx.app).post('/auth/signin').send({ email: 'deep@stub.test', password: 'x', device, tags });
    const stubbed = await signin({ os: 'ios', version: '17' }, [{ id: 1, name: 'first' }]).expect(401);
    expect(stubbed.headers[MOCK_STUB_HEADER.toLowerCase()]).toBe(stub.id);
    for (const [device, tags] of [
      [{ os: 'android' }, [{ id: 1 }]],
      [{ os: 'ios' }, [{ id: 1 }, { id: 2 }]],
      [{ os: 'ios' }, [{ id: '1' }]],
    ] as const) {
      const other = await signin(device, [...tags]);
      expect(other.headers[MOCK_STUB_HEADER.toLowerCase()]).toBeUndefined();
    }
  });

  it("answers before the session's scenarios: its error rate and the call's Prefer do not shape a stubbed answer", async () => {
    // Fails with the stubs after the scenario controls: the error rate's 503 (and Prefer's) answered first.
    const stub = await addStub(refusedSignin('first@stub.test'));
    await request(ctx.app).put('/__control/errors').send({ rate: 1, status: 503 }).expect(200);
    try {
      for (const prefer of [undefined, 'code=503', 'example=empty', 'code=nonsense']) {
        const call = request(ctx.app).post('/auth/signin');
        const answer = await (prefer === undefined ? call : call.set('Prefer', prefer))
          .send({ email: 'first@stub.test', password: 'x' })
          .expect(401);
        expect(answer.body).toEqual(envelope('This account is locked for the test.'));
        expect(answer.headers[MOCK_STUB_HEADER.toLowerCase()]).toBe(stub.id);
        expect(answer.headers['preference-applied']).toBeUndefined();
      }
      // A call no stub matches still meets the scenarios.
      await request(ctx.app).post('/auth/signin').send({ email: 'other@stub.test', password: 'x' }).expect(503);
    } finally {
      await request(ctx.app).delete('/__control/errors').expect(200);
    }
  });

  it('waits its delayMs before answering (a fake wait: no real sleep)', async () => {
    const waits: number[] = [];
    const app = createMockApp({
      config: ctx.config,
      database: { kind: inject('databaseKind') },
      log: () => undefined,
      stubWait: async (ms) => {
        waits.push(ms);
      },
    });
    try {
      await request(app)
        .post('/__control/stubs')
        .send({ ...refusedSignin('slow@stub.test'), answer: { ...refusedSignin('').answer, delayMs: 2_500 } })
        .expect(201);
      await request(app).post('/auth/signin').send({ email: 'slow@stub.test', password: 'x' }).expect(401);
      expect(waits).toEqual([2_500]);
    } finally {
      await app.close();
    }
  });
});

describe('listing and deleting stubs', () => {
  it('lists newest first, deletes one (404 for an unknown id) and all', async () => {
    const first = await addStub(refusedSignin('a@stub.test'));
    const second = await addStub(refusedSignin('b@stub.test'));
    expect((await stubsOf()).map((stub) => stub.id)).toEqual([second.id, first.id]);
    const deleted = await request(ctx.app).delete(`/__control/stubs/${first.id}`).expect(200);
    expect(deleted.body).toMatchObject({ id: first.id, route: 'auth.signin' });
    const missing = await request(ctx.app).delete(`/__control/stubs/${first.id}`).expect(404);
    expect(missing.body).toEqual(envelope(`No stub ${first.id} in this session.`));
    await request(ctx.app).delete('/__control/stubs/nonsense').expect(400);
    await addStub(refusedSignin('c@stub.test'));
    expect((await request(ctx.app).delete('/__control/stubs').expect(200)).body).toEqual({ deleted: 2 });
    expect(await stubsOf()).toEqual([]);
  });

  it('a reset clears them', async () => {
    await addStub(refusedSignin('a@stub.test'));
    await request(ctx.app).post('/__control/reset').send({}).expect(200);
    expect(await stubsOf()).toEqual([]);
  }, 120_000);

  it('keeps each mock session to its own stubs', async () => {
    const own = await addStub(refusedSignin('iso@stub.test'), 'stub-worker');
    expect(await stubsOf()).toEqual([]);
    expect((await stubsOf('stub-worker')).map((stub) => stub.id)).toEqual([own.id]);
    const inDefault = await request(ctx.app).post('/auth/signin').send({ email: 'iso@stub.test', password: 'x' });
    expect(inDefault.headers[MOCK_STUB_HEADER.toLowerCase()]).toBeUndefined();
    const inSession = await request(ctx.app)
      .post('/auth/signin')
      .set(MOCK_SESSION_HEADER, 'stub-worker')
      .send({ email: 'iso@stub.test', password: 'x' })
      .expect(401);
    expect(inSession.headers[MOCK_STUB_HEADER.toLowerCase()]).toBe(own.id);
  }, 120_000);
});

afterAll(async () => {
  await request(ctx.app).delete('/__control/sessions/stub-worker');
});
