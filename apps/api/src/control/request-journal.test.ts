import request from 'supertest';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  REDACTED,
  REQUEST_JOURNAL_BODY_LIMIT,
  REQUEST_JOURNAL_CAPACITY,
  requestJournalClearedSchema,
  requestJournalSchema,
  type RequestJournal as RequestJournalAnswer,
} from '@publisher/contract';
import type { App } from '../app';
import { buildVendor } from '../testing/factories';
import { createAppFor, useTestApp } from '../testing/test-app';
import { createRng } from '@publisher/contract/mock';
import { SECRET_FIELD_IN_TEXT, createRequestJournal, redactText, type JournalRecord } from './request-journal';

const ctx = useTestApp();

const RANGE = { startDate: '2025-03-01', endDate: '2025-03-10' };

async function journalOf(app: App, query: Record<string, string> = {}): Promise<RequestJournalAnswer> {
  const answer = await request(app).get('/__control/requests').query(query).expect(200);
  return requestJournalSchema.parse(answer.body);
}

const ownApps: App[] = [];
afterAll(async () => {
  await Promise.all(ownApps.map((app) => app.close()));
});

/** An app of its own on the test database, with the journal given (the mock layer's, when the mock mode is on). */
function appWith(journal = createRequestJournal(), overrides: Partial<typeof ctx.config> = {}): App {
  const app = createAppFor({
    config: { ...ctx.config, ...overrides },
    database: { kind: inject('databaseKind') },
    log: () => undefined,
    journal,
  });
  ownApps.push(app);
  return app;
}

describe('the request journal (GET /__control/requests)', () => {
  beforeEach(async () => {
    await request(ctx.app).delete('/__control/requests').expect(200);
  });

  it('records a sign-in with the password redacted, and nothing of its own calls, /health or the docs', async () => {
    const vendor = await buildVendor({ password: 'Journal-secret-1' });
    await request(ctx.app).get('/health').expect(200);
    await request(ctx.app).get('/openapi.json').expect(200);
    await request(ctx.app).get('/__control').expect(200);
    await request(ctx.app)
      .post('/auth/signin?from=test')
      .set('Cookie', 'session=abc')
      .set('X-Api-Key', 'key-123')
      .send({ email: vendor.user.email, password: 'Journal-secret-1' })
      .expect(200);

    const journal = await journalOf(ctx.app);
    expect(journal.held).toBe(1);
    expect(journal.capacity).toBe(REQUEST_JOURNAL_CAPACITY);
    const [signin] = journal.requests;
    expect(signin).toMatchObject({
      method: 'POST',
      path: '/auth/signin',
      query: { from: 'test' },
      body: { email: vendor.user.email, password: REDACTED },
      bodyTruncated: false,
      status: 200,
    });
    expect(signin?.headers).toMatchObject({
      cookie: REDACTED,
      'x-api-key': REDACTED,
      'content-type': 'application/json',
    });
    expect(signin?.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(signin?.time ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(journal)).not.toContain('Journal-secret-1');
    expect(JSON.stringify(journal)).not.toContain('key-123');
  });

  it('records the POST body of a report call, its token and apiKey redacted', async () => {
    const vendor = await buildVendor();
    await request(ctx.app)
      .post('/home/getEarningsReport')
      .set('Authorization', vendor.token)
      .send({ ...RANGE, apiKey: vendor.user.apiKey })
      .expect(200);

    const [report] = (await journalOf(ctx.app)).requests;
    expect(report).toMatchObject({
      method: 'POST',
      path: '/home/getEarningsReport',
      body: { ...RANGE, apiKey: REDACTED },
      status: 200,
    });
    expect(report?.headers.authorization).toBe(REDACTED);
  });

  it('records refusals that never reach a handler: malformed JSON (400) and a 401', async () => {
    await request(ctx.app)
      .post('/home/getEarningsReport')
      .set('Content-Type', 'application/json')
      .send('{"startDate":')
      .expect(400);
    await request(ctx.app).get('/dashboard/settings').expect(401);
    const { requests } = await journalOf(ctx.app);
    expect(requests.map(({ method, path, status, body }) => ({ method, path, status, body }))).toEqual([
      { method: 'GET', path: '/dashboard/settings', status: 401, body: null },
      // What was sent, as text: the developer sees why it failed.
      { method: 'POST', path: '/home/getEarningsReport', status: 400, body: '{"startDate":' },
    ]);
  });

  it('keeps malformed JSON as its text, secrets redacted and cut like any body', async () => {
    await request(ctx.app)
      .post('/auth/signin')
      .set('Content-Type', 'application/json')
      .send('{"email":"a@publisher.test","password":"Hunter-2-secret", apiKey: k-123 "token":"cut-off')
      .expect(400);
    const long = `{"startDate":"2025-03-01","note":"${'x'.repeat(REQUEST_JOURNAL_BODY_LIMIT)}"`;
    await request(ctx.app)
      .post('/home/getEarningsReport')
      .set('Content-Type', 'application/json')
      .send(long)
      .expect(400);
    const [cut, signin] = (await journalOf(ctx.app)).requests;
    expect(signin).toMatchObject({
      status: 400,
      bodyTruncated: false,
      body: `{"email":"a@publisher.test","password":"${REDACTED}", apiKey: "${REDACTED}" "token":"${REDACTED}"`,
    });
    expect(cut?.bodyTruncated).toBe(true);
    expect(cut?.body).toBe(
      `${long.slice(0, REQUEST_JOURNAL_BODY_LIMIT)}…[truncated: ${String(long.length)} characters]`,
    );
  });

  it('cuts a body over the limit and marks it', async () => {
    await request(ctx.app)
      .post('/home/getEarningsReport')
      .send({ ...RANGE, note: 'x'.repeat(REQUEST_JOURNAL_BODY_LIMIT + 100) })
      .expect(401);
    const [entry] = (await journalOf(ctx.app)).requests;
    expect(entry?.bodyTruncated).toBe(true);
    expect(typeof entry?.body).toBe('string');
    const body = String(entry?.body);
    expect(body.startsWith('{"startDate":"2025-03-01"')).toBe(true);
    expect(body).toMatch(/…\[truncated: \d+ characters\]$/);
    expect(body.length).toBeLessThan(REQUEST_JOURNAL_BODY_LIMIT + 60);
  });

  it('filters by method (exact), path (prefix) and limit, newest first', async () => {
    await request(ctx.app).get('/dashboard/settings').expect(401);
    await request(ctx.app).post('/home/getEarningsReport').send(RANGE).expect(401);
    await request(ctx.app).post('/home/getPerformanceReport').send(RANGE).expect(401);
    await request(ctx.app).post('/auth/signin').send({ email: 'nobody@example.test', password: 'x' }).expect(401);

    const paths = async (query: Record<string, string>) =>
      (await journalOf(ctx.app, query)).requests.map((entry) => `${entry.method} ${entry.path}`);
    expect(await paths({})).toEqual([
      'POST /auth/signin',
      'POST /home/getPerformanceReport',
      'POST /home/getEarningsReport',
      'GET /dashboard/settings',
    ]);
    expect(await paths({ method: 'GET' })).toEqual(['GET /dashboard/settings']);
    expect(await paths({ path: '/home/' })).toEqual([
      'POST /home/getPerformanceReport',
      'POST /home/getEarningsReport',
    ]);
    expect(await paths({ method: 'POST', path: '/home', limit: '1' })).toEqual(['POST /home/getPerformanceReport']);
  });

  it('filters by since on the journal clock', async () => {
    let nowMs = Date.parse('2026-03-01T10:00:00Z');
    const app = appWith(createRequestJournal({ now: () => nowMs }));
    await request(app).get('/dashboard/settings').expect(401);
    nowMs += 60_000;
    await request(app).post('/home/getEarningsReport').send(RANGE).expect(401);

    const later = await journalOf(app, { since: '2026-03-01T10:00:30Z' });
    expect(later.requests.map((entry) => [entry.path, entry.time])).toEqual([
      ['/home/getEarningsReport', '2026-03-01T10:01:00.000Z'],
    ]);
    // An offset is the same instant: 12:00+02:00 is 10:00Z, so both are at or after it.
    expect((await journalOf(app, { since: '2026-03-01T12:00:00+02:00' })).requests).toHaveLength(2);
  });

  it('answers 400 in the envelope on a bad filter', async () => {
    for (const query of [
      { limit: '0' },
      { limit: '501' },
      { method: 'FETCH' },
      { since: 'yesterday' },
      { path: 'home' },
    ]) {
      const answer = await request(ctx.app).get('/__control/requests').query(query).expect(400);
      expect(answer.body.statusMessages).toHaveLength(1);
    }
  });

  it('clears on DELETE and says how many it forgot', async () => {
    await request(ctx.app).get('/dashboard/settings').expect(401);
    await request(ctx.app).get('/dashboard/settings').expect(401);
    const cleared = await request(ctx.app).delete('/__control/requests').expect(200);
    expect(requestJournalClearedSchema.parse(cleared.body)).toEqual({ cleared: 2 });
    expect(await journalOf(ctx.app)).toMatchObject({ requests: [], held: 0 });
  });

  it('is bounded: N+10 calls leave the newest N', async () => {
    const capacity = 15;
    const app = appWith(createRequestJournal({ capacity }));
    for (let call = 0; call < capacity + 10; call += 1) {
      await request(app)
        .get(`/dashboard/settings?call=${String(call)}`)
        .expect(401);
    }
    const journal = await journalOf(app, { limit: '500' });
    expect(journal).toMatchObject({ held: capacity, capacity });
    expect(journal.requests.map((entry) => entry.query.call)).toEqual(
      Array.from({ length: capacity }, (_, index) => String(capacity + 9 - index)),
    );
  });

  it('keeps two apps in one process apart', async () => {
    const first = appWith();
    const second = appWith();
    await request(first).get('/dashboard/settings').expect(401);
    await request(second).post('/home/getEarningsReport').send(RANGE).expect(401);
    expect((await journalOf(first)).requests.map((entry) => entry.path)).toEqual(['/dashboard/settings']);
    expect((await journalOf(second)).requests.map((entry) => entry.path)).toEqual(['/home/getEarningsReport']);
    await request(first).delete('/__control/requests').expect(200);
    expect((await journalOf(second)).held).toBe(1);
  });

  it('is absent without the mock mode: a 404, and nothing recorded', async () => {
    const journal = createRequestJournal();
    const app = appWith(journal, { mockControls: false });
    await request(app).get('/dashboard/settings').expect(401);
    await request(app).get('/__control/requests').expect(404);
    await request(app).delete('/__control/requests').expect(404);
    expect(journal.list({ limit: 500 }).held).toBe(0);
  });
});

describe('the request journal, held until listed', () => {
  const LIMIT = REQUEST_JOURNAL_BODY_LIMIT;

  /** A call as the middleware records it, answered with `responseBody` (JSON unless `responseType` says not). */
  const call = (overrides: Partial<JournalRecord> = {}): JournalRecord => ({
    method: 'POST',
    path: '/home/getAllVendors',
    query: {},
    headers: { 'content-type': 'application/json' },
    body: undefined,
    status: 200,
    responseType: 'application/json; charset=utf-8',
    durationMs: 1.26,
    receivedAtMs: Date.parse('2026-03-01T10:00:00Z'),
    ...overrides,
  });

  const only = (journal: ReturnType<typeof createRequestJournal>) => {
    const [entry] = journal.list({ limit: 1 }).requests;
    if (!entry) throw new Error('Nothing recorded.');
    return entry;
  };

  it('reads nothing of a call when it records it, and makes its entry once, when first listed', () => {
    // Fails on a journal that builds its entries at record time: the query is read then.
    let reads = 0;
    const query = {
      get pageNo() {
        reads += 1;
        return '2';
      },
    };
    const journal = createRequestJournal();
    journal.record(call({ query, responseBody: '{"data":[],"totalRecords":0}' }));
    expect(reads).toBe(0);
    const entry = only(journal);
    expect(entry).toMatchObject({
      query: { pageNo: '2' },
      responseBody: { data: [], totalRecords: 0 },
      durationMs: 1.3,
    });
    expect(only(journal)).toBe(entry);
    expect(reads).toBe(1);
  });

  it('cuts an answer over the limit as it always did: redacted first, the redacted length named', () => {
    const rows = Array.from({ length: 600 }, (_, index) => ({
      vendorId: index,
      apiKey: `secret-key-${String(index)}`,
    }));
    const sent = JSON.stringify({ data: rows });
    const redacted = JSON.stringify({ data: rows.map((row) => ({ ...row, apiKey: REDACTED })) });
    expect(redacted.length).toBeGreaterThan(LIMIT);
    expect(redacted.length).toBeLessThan(sent.length);
    const journal = createRequestJournal();
    journal.record(call({ responseBody: sent }));
    expect(only(journal)).toMatchObject({
      responseBody: `${redacted.slice(0, LIMIT)}…[truncated: ${String(redacted.length)} characters]`,
      responseBodyTruncated: true,
    });
  });

  it('shows whole a text over the limit that its redaction brings within it, and a long text without secrets cut', () => {
    const secret = 'k'.repeat(LIMIT);
    const journal = createRequestJournal();
    journal.record(call({ responseBody: `token: ${secret}`, responseType: 'text/plain' }));
    expect(only(journal)).toMatchObject({ responseBody: `token: "${REDACTED}"`, responseBodyTruncated: false });
    const plain = 'x'.repeat(LIMIT + 5);
    journal.record(call({ responseBody: plain, responseType: 'text/csv' }));
    expect(only(journal)).toMatchObject({
      responseBody: `${plain.slice(0, LIMIT)}…[truncated: ${String(LIMIT + 5)} characters]`,
      responseBodyTruncated: true,
    });
  });

  it("redacts text exactly as the pattern's replace does, on texts made to trip it", () => {
    const parts = [
      ...['password', 'apiKey', 'api-key', 'API_KEY', 'token', 'Secret', 'secretoken', 'xtoken9', 'pass', 'key'],
      ...['"', '"', ':', ': ', ' ', ',', '}', ']', '{', '\\', '\\"', '\n', 'a', '$', '-', '_', '1', 'é', 'ſ'],
    ];
    const rng = createRng('redact-text');
    for (let sample = 0; sample < 20_000; sample += 1) {
      const text = Array.from({ length: rng.int(0, 24) }, () => rng.pick(parts)).join('');
      expect(redactText(text), text).toBe(text.replace(SECRET_FIELD_IN_TEXT, `$1"${REDACTED}"`));
    }
  });

  it('shows JSON text that does not parse as text, secrets redacted by pattern', () => {
    const journal = createRequestJournal();
    journal.record(call({ responseBody: '{"password":"hunter2", oops}' }));
    expect(only(journal)).toMatchObject({
      responseBody: `{"password":"${REDACTED}", oops}`,
      responseBodyTruncated: false,
    });
  });

  it('redacts a request body of any size, cutting it when its redacted JSON is over the limit', () => {
    const journal = createRequestJournal();
    const small = { email: 'a@x.test', password: 'p' };
    journal.record(call({ body: small, headers: { 'content-length': String(JSON.stringify(small).length) } }));
    expect(only(journal)).toMatchObject({ body: { email: 'a@x.test', password: REDACTED }, bodyTruncated: false });

    // Within the limit as sent, over it once each empty secret reads [redacted].
    const secrets = Object.fromEntries(Array.from({ length: 1_100 }, (_, index) => [`token${String(index)}`, '']));
    const grown = JSON.stringify(Object.fromEntries(Object.keys(secrets).map((key) => [key, REDACTED])));
    journal.record(call({ body: secrets, headers: { 'content-length': String(JSON.stringify(secrets).length) } }));
    expect(JSON.stringify(secrets).length).toBeLessThanOrEqual(LIMIT);
    expect(only(journal)).toMatchObject({
      body: `${grown.slice(0, LIMIT)}…[truncated: ${String(grown.length)} characters]`,
      bodyTruncated: true,
    });

    // Compressed (its length says nothing of the inflated size) or over the limit: redacted and cut when recorded.
    const large = { note: 'n'.repeat(LIMIT), apiKey: 'k' };
    const text = JSON.stringify({ note: large.note, apiKey: REDACTED });
    for (const headers of [{ 'content-length': '90', 'content-encoding': 'gzip' }, {}]) {
      journal.record(call({ body: large, headers }));
      expect(only(journal)).toMatchObject({
        body: `${text.slice(0, LIMIT)}…[truncated: ${String(text.length)} characters]`,
        bodyTruncated: true,
      });
    }
  });
});
