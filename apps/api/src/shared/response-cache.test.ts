import express, { type Express } from 'express';
import request from 'supertest';
import type { AppRoute } from '@ts-rest/core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserRecord } from '../auth/user.model';
import { createResponseCache, type ResponseCache, type ResponseCacheOptions } from './response-cache';

const route = (method: 'GET' | 'POST', path: string) => ({ method, path }) as unknown as AppRoute;
const READ = route('GET', '/read');
const POST_READ = route('POST', '/post-read');
const UNDECLARED = route('GET', '/other');

interface Harness {
  app: Express;
  cache: ResponseCache;
  calls: () => number;
  setGeneration: (value: number) => void;
  setStatus: (value: number) => void;
  advance: (ms: number) => void;
}

/**
 * An app shaped like the real one: something sets the route and the caller, the cache middleware runs, then a
 * handler answers with res.json (as ts-rest does) and counts how often it really ran.
 */
function harness(options: ResponseCacheOptions = {}): Harness {
  let calls = 0;
  let generation = 1;
  let status = 200;
  let clock = 1_000_000;
  // Stored at the first miss here unless a test asks otherwise: most tests are about what is kept, not when.
  const cache = createResponseCache({ now: () => clock, storeOnRepeat: false, ...options });
  cache.cache([READ, POST_READ], () => generation);
  const app = express();
  app.use(express.json());
  const routes: Record<string, AppRoute> = { '/read': READ, '/post-read': POST_READ, '/other': UNDECLARED };
  app.use((req, _res, next) => {
    const tsRestRoute = routes[req.path];
    if (tsRestRoute) Object.assign(req, { tsRestRoute });
    const userId = req.header('x-user');
    if (userId) {
      const user = { _id: userId, tokenVersion: Number(req.header('x-version') ?? 0), updatedAt: new Date(0) };
      req.caller = { user: user as unknown as UserRecord, via: 'token' };
    }
    next();
  });
  app.use(cache.middleware);
  app.all(['/read', '/post-read', '/other'], (req, res) => {
    calls += 1;
    res.status(status).json({ call: calls, query: req.query, body: req.body as unknown, user: req.header('x-user') });
  });
  return {
    app,
    cache,
    calls: () => calls,
    setGeneration: (value) => (generation = value),
    setStatus: (value) => (status = value),
    advance: (ms) => (clock += ms),
  };
}

describe('response cache', () => {
  let h: Harness;
  beforeEach(() => {
    h = harness();
  });

  it('answers a repeated read from the first answer, byte for byte, without running the handler again', async () => {
    const first = await request(h.app).get('/read?a=1').set('x-user', 'u1');
    const second = await request(h.app).get('/read?a=1').set('x-user', 'u1');
    expect(first.headers['x-cache']).toBe('miss');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['etag']).toBe(first.headers['etag']);
    expect(second.headers['cache-control']).toBe('private, no-cache');
    expect(h.calls()).toBe(1);
    expect(h.cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1 });
  });

  it('answers 304 to a conditional request whose ETag matches', async () => {
    const first = await request(h.app).get('/read').set('x-user', 'u1');
    const again = await request(h.app)
      .get('/read')
      .set('x-user', 'u1')
      .set('If-None-Match', String(first.headers['etag']));
    expect(again.status).toBe(304);
  });

  it("stores a GET's answer with Express's ETag and a POST's with none", async () => {
    const repeat = harness({ storeOnRepeat: true });
    const gets = [];
    for (let i = 0; i < 3; i += 1) gets.push(await request(repeat.app).get('/read').set('x-user', 'u1'));
    expect(gets.map((res) => res.headers['x-cache'])).toEqual([undefined, 'miss', 'hit']);
    // Express's weak ETag (what the real app's computed answers carry), the same on the stored answer's hits.
    expect(gets[1]?.headers['etag']).toMatch(/^W\/"[0-9a-f]+-/);
    expect(gets[2]?.headers['etag']).toBe(gets[1]?.headers['etag']);
    await request(repeat.app).post('/post-read').set('x-user', 'u1').send({ page: 1 });
    await request(repeat.app).post('/post-read').set('x-user', 'u1').send({ page: 1 });
    const hit = await request(repeat.app).post('/post-read').set('x-user', 'u1').send({ page: 1 });
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.headers['etag']).toBeUndefined();
    expect(Number(hit.headers['content-length'])).toBe(Buffer.byteLength(hit.text));
    expect(hit.body).toMatchObject({ body: { page: 1 }, user: 'u1' });
  });

  it('keys by query, body and caller: a different input or another user is computed afresh', async () => {
    await request(h.app).get('/read?a=1').set('x-user', 'u1');
    const otherQuery = await request(h.app).get('/read?a=2').set('x-user', 'u1');
    const otherUser = await request(h.app).get('/read?a=1').set('x-user', 'u2');
    const newPassword = await request(h.app).get('/read?a=1').set('x-user', 'u1').set('x-version', '1');
    expect([otherQuery, otherUser, newPassword].map((res) => res.headers['x-cache'])).toEqual(['miss', 'miss', 'miss']);
    expect(otherUser.body).toMatchObject({ user: 'u2' });
    await request(h.app).post('/post-read').set('x-user', 'u1').send({ page: 1 });
    const otherBody = await request(h.app).post('/post-read').set('x-user', 'u1').send({ page: 2 });
    const sameBody = await request(h.app).post('/post-read').set('x-user', 'u1').send({ page: 1 });
    expect(otherBody.headers['x-cache']).toBe('miss');
    expect(sameBody.headers['x-cache']).toBe('hit');
    expect(sameBody.body).toMatchObject({ body: { page: 1 } });
  });

  it('drops an answer once the data generation changes', async () => {
    await request(h.app).get('/read').set('x-user', 'u1');
    h.setGeneration(2);
    const after = await request(h.app).get('/read').set('x-user', 'u1');
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body).toMatchObject({ call: 2 });
    expect((await request(h.app).get('/read').set('x-user', 'u1')).body).toMatchObject({ call: 2 });
  });

  it('neither serves nor stores while the generation is unknown (negative)', async () => {
    h.setGeneration(-1);
    const first = await request(h.app).get('/read').set('x-user', 'u1');
    const second = await request(h.app).get('/read').set('x-user', 'u1');
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.body).toMatchObject({ call: 2 });
  });

  it('never stores errors', async () => {
    h.setStatus(400);
    await request(h.app).get('/read').set('x-user', 'u1');
    h.setStatus(200);
    const next = await request(h.app).get('/read').set('x-user', 'u1');
    expect(next.headers['x-cache']).toBe('miss');
    expect(next.body).toMatchObject({ call: 2 });
  });

  it('leaves routes that were not declared alone', async () => {
    await request(h.app).get('/other').set('x-user', 'u1');
    const second = await request(h.app).get('/other').set('x-user', 'u1');
    expect(second.headers['x-cache']).toBeUndefined();
    expect(h.calls()).toBe(2);
  });

  it('expires answers after the TTL', async () => {
    h = harness({ ttlMs: 1_000 });
    await request(h.app).get('/read').set('x-user', 'u1');
    h.advance(999);
    expect((await request(h.app).get('/read').set('x-user', 'u1')).headers['x-cache']).toBe('hit');
    h.advance(2);
    expect((await request(h.app).get('/read').set('x-user', 'u1')).headers['x-cache']).toBe('miss');
  });

  it('keeps at most maxEntries, dropping the least recently used first', async () => {
    h = harness({ maxEntries: 2 });
    await request(h.app).get('/read?k=a').set('x-user', 'u1');
    await request(h.app).get('/read?k=b').set('x-user', 'u1');
    await request(h.app).get('/read?k=a').set('x-user', 'u1'); // a is now the most recent
    await request(h.app).get('/read?k=c').set('x-user', 'u1'); // evicts b
    expect(h.cache.stats().entries).toBe(2);
    expect((await request(h.app).get('/read?k=a').set('x-user', 'u1')).headers['x-cache']).toBe('hit');
    expect((await request(h.app).get('/read?k=b').set('x-user', 'u1')).headers['x-cache']).toBe('miss');
  });

  it('keeps at most maxBytes of answers', async () => {
    // Each answer here is 41 or 42 bytes: two fit in 100, three do not.
    h = harness({ maxBytes: 100 });
    for (const k of ['a', 'b', 'c', 'd']) await request(h.app).get(`/read?k=${k}`).set('x-user', 'u1');
    const { bytes, entries } = h.cache.stats();
    expect(bytes).toBeLessThanOrEqual(100);
    expect(entries).toBe(2);
    expect((await request(h.app).get('/read?k=d').set('x-user', 'u1')).headers['x-cache']).toBe('hit');
    expect((await request(h.app).get('/read?k=a').set('x-user', 'u1')).headers['x-cache']).toBe('miss');
  });

  it('by default stores an answer at its second miss: a query asked once is never copied or kept', async () => {
    h = harness({ storeOnRepeat: true });
    const first = await request(h.app).get('/read?a=1').set('x-user', 'u1');
    expect(first.headers['x-cache']).toBeUndefined();
    expect(h.cache.stats()).toMatchObject({ entries: 0, misses: 1 });
    const second = await request(h.app).get('/read?a=1').set('x-user', 'u1');
    expect(second.headers['x-cache']).toBe('miss');
    const third = await request(h.app).get('/read?a=1').set('x-user', 'u1');
    expect(third.headers['x-cache']).toBe('hit');
    expect(third.text).toBe(second.text);
    expect(h.calls()).toBe(2);
    // Another caller's first read of the same query is a first sight of its own.
    expect((await request(h.app).get('/read?a=1').set('x-user', 'u2')).headers['x-cache']).toBeUndefined();
  });

  it('remembers at most maxEntries first misses, forgetting the oldest', async () => {
    h = harness({ storeOnRepeat: true, maxEntries: 2 });
    for (const k of ['a', 'b', 'c']) await request(h.app).get(`/read?k=${k}`).set('x-user', 'u1');
    // a was forgotten when c came: its next read is a first sight again; c's is a repeat, stored.
    expect((await request(h.app).get('/read?k=a').set('x-user', 'u1')).headers['x-cache']).toBeUndefined();
    expect((await request(h.app).get('/read?k=c').set('x-user', 'u1')).headers['x-cache']).toBe('miss');
    expect(h.cache.stats().entries).toBe(1);
  });
});
