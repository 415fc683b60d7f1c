import request from 'supertest';
import { describe, expect, inject, it } from 'vitest';
import { healthResponseSchema } from '@publisher/contract';
import { useTestApp } from '../testing/test-app';

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
      expect.arrayContaining(['/health', '/auth/signin', '/auth/signup_publisher_0599', '/auth/update', '/auth/{id}', '/auth/changePassword']),
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
