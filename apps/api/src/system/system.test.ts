import { getHeapStatistics } from 'node:v8';
import request from 'supertest';
import mongoose from 'mongoose';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { healthResponseSchema } from '@publisher/contract';
import { createAppState } from '../app-state';
import type { ClickRecord } from '../deep-links/click.model';
import { createClickRecorder, type ClickWriter } from '../deep-links/click-recorder';
import { createAppFor, useTestApp } from '../testing/test-app';

const ctx = useTestApp();

describe('GET /health', () => {
  it('reports ok and which database is in use', async () => {
    const res = await request(ctx.app).get('/health');
    expect(res.status).toBe(200);
    const body = healthResponseSchema.parse(res.body);
    expect(body.status).toBe('ok');
    expect(body.database.kind).toBe(inject('databaseKind'));
    expect(body.database.state).toBe('connected');
    expect(body.database.name).toMatch(/^t_/);
  });

  it("reports the process's heap in use against its limit, and its resident set", async () => {
    const { memory } = healthResponseSchema.parse((await request(ctx.app).get('/health')).body);
    // This test process is the API process here: its own figures bound the answer.
    expect(memory?.heapLimitBytes).toBe(getHeapStatistics().heap_size_limit);
    expect(memory?.heapUsedBytes).toBeGreaterThan(1_000_000);
    expect(memory?.heapUsedBytes).toBeLessThan(memory?.heapLimitBytes ?? 0);
    expect(memory?.rssBytes).toBeGreaterThan(memory?.heapUsedBytes ?? Infinity);
  });

  it('sends security headers and CORS for the web origin only', async () => {
    const allowed = await request(ctx.app).get('/health').set('Origin', 'http://localhost:4200');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:4200');
    expect(allowed.headers['x-content-type-options']).toBe('nosniff');
    expect(allowed.headers['x-powered-by']).toBeUndefined();
    const other = await request(ctx.app).get('/health').set('Origin', 'http://evil.test');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("gives API answers an API's security headers and the /docs page helmet's full set for HTML", async () => {
    const json = await request(ctx.app).get('/health');
    expect(json.headers).toMatchObject({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    });
    // Headers that only mean something to an HTML page are left out of JSON answers.
    for (const name of ['x-xss-protection', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options'])
      expect(json.headers[name]).toBeUndefined();
    const docs = await request(ctx.app).get('/docs/');
    expect(docs.status).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
    expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(docs.headers['x-dns-prefetch-control']).toBe('off');
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI document generated from the contract', async () => {
    const res = await request(ctx.app).get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/health',
        '/auth/signin',
        '/auth/signup_publisher_0599',
        '/auth/update',
        '/auth/{id}',
        '/auth/changePassword',
      ]),
    );
    expect(res.body.paths['/auth/signin'].post.security).toEqual([]);
    expect(res.body.paths['/auth/update'].put.security).toEqual([{ token: [] }]);
  });

  it('serves interactive docs at /docs', async () => {
    const res = await request(ctx.app).get('/docs/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('swagger-ui');
  });
});

describe('unknown routes', () => {
  it('answer 404 in the error envelope', async () => {
    const res = await request(ctx.app).get('/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      statusMessages: ['No route for GET /no/such/route.'],
      errors: ['No route for GET /no/such/route.'],
    });
  });
});

describe('GET /health: dropped clicks', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the clicks whose batch failed every attempt', async () => {
    const ids: string[] = [];
    let attempts = 0;
    const refusing: ClickWriter = {
      insert(_date, documents) {
        attempts += 1;
        ids.push(...documents.map((document) => document._id.toHexString()));
        return Promise.reject(new Error('connection refused'));
      },
    };
    const state = createAppState({
      clicks: createClickRecorder({ writer: refusing, maxAttempts: 3, retryDelayMs: 500, log: () => undefined }),
    });
    const app = createAppFor({
      config: ctx.config,
      database: { kind: inject('databaseKind') },
      log: () => undefined,
      state,
    });
    expect(healthResponseSchema.parse((await request(app).get('/health')).body).droppedClicks).toBe(0);

    // The retries' pauses pass on a fake clock; the HTTP call below runs on real timers again.
    vi.useFakeTimers();
    const click = (): ClickRecord => ({
      _id: new mongoose.Types.ObjectId(),
      at: new Date('2026-11-23T10:00:00Z'),
      date: '2026-11-23',
      source: null,
      isCPC: true,
      programCode: '',
      vendorId: 5001,
      merchantName: '',
      domain: 'example.com',
      campaign: '1',
      placementId: 'noid',
      clickId: 'noid',
      subId: '5001_noid_noid',
      country: '',
      device: 'desktop',
      referrer: '',
      shortCode: '',
    });
    for (let i = 0; i < 4; i += 1) await state.clicks.record(click());
    const flushed = state.clicks.flush();
    await vi.runAllTimersAsync();
    await flushed;
    vi.useRealTimers();

    expect(attempts).toBe(3);
    expect(new Set(ids).size).toBe(4);
    const body = healthResponseSchema.parse((await request(app).get('/health')).body);
    expect(body.droppedClicks).toBe(4);
    // Another app's recorders dropped nothing.
    expect(healthResponseSchema.parse((await request(ctx.app).get('/health')).body).droppedClicks).toBe(0);
    await app.close();
  });
});
