import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { contract, couponListResponseSchema, healthResponseSchema, userEnvelopeSchema } from '@publisher/contract';
import { createApp } from '../app';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { testConfig, useTestApp } from '../testing/test-app';
import { exampleBody, parsePrefer } from '@publisher/contract/mock';
import { buildOpenApiDocument } from '../system/openapi';
import { DEEPLINK4_LINK_COLUMNS } from '../deep-links/merchant-links.csv';
import { CONVERSION_COLUMNS } from '../reports/reports.csv';
import { csvLine } from '../shared/csv';

const ctx = useTestApp();
let token = '';
let userId = '';

beforeAll(async () => {
  await request(ctx.app).post('/__control/reset').send({ profile: 'small' }).expect(200);
  const signedIn = await request(ctx.app)
    .post('/auth/signin')
    .send({ email: 'vendor@publisher.test', password: DEMO_PASSWORD })
    .expect(200);
  const body = signedIn.body as { token: string; user: { _id: string } };
  token = body.token;
  userId = body.user._id;
});

describe('parsePrefer', () => {
  it('reads RFC 7240 preferences, in any case, with quoted values and several headers', () => {
    expect(parsePrefer(undefined)).toEqual({ ok: true, preference: {} });
    expect(parsePrefer('code=404, delay=200')).toEqual({
      ok: true,
      preference: { code: 404, delay: { minMs: 200, maxMs: 200 } },
    });
    expect(parsePrefer(['Delay="100-300"', 'EXAMPLE=empty'])).toEqual({
      ok: true,
      preference: { delay: { minMs: 100, maxMs: 300 }, example: 'empty' },
    });
  });

  it('ignores what RFC 7240 says a server ignores: unknown preferences, parameters, later repeats', () => {
    for (const header of ['return=minimal', 'respond-async', 'handling=strict', 'wait=5', 'example']) {
      expect(parsePrefer(header), header).toEqual({ ok: true, preference: {} });
    }
    expect(parsePrefer('respond-async, handling=strict, code=200')).toEqual({ ok: true, preference: { code: 200 } });
    expect(parsePrefer('code=200;strict, code=404')).toEqual({ ok: true, preference: { code: 200 } });
    expect(parsePrefer('example=Full')).toEqual({ ok: true, preference: { example: 'full' } });
  });

  it('refuses a malformed or out-of-range code or delay, which would otherwise do nothing silently', () => {
    for (const header of ['code', 'code=abc', 'code=42', 'code=600', 'delay=abc', 'delay=30001', 'delay=300-100']) {
      expect(parsePrefer(header).ok, header).toBe(false);
    }
    expect(parsePrefer('delay=-5').ok).toBe(false);
  });
});

describe('Prefer header on contract routes', () => {
  it('code=N answers a documented error status with the envelope', async () => {
    const response = await request(ctx.app)
      .get(`/auth/${userId}`)
      .set('Authorization', token)
      .set('Prefer', 'code=404')
      .expect(404);
    expect(response.headers['preference-applied']).toBe('code=404');
    expect(response.body).toEqual({
      statusMessages: ['Scenario: 404 as asked by the Prefer header.'],
      errors: ['Scenario: 404 as asked by the Prefer header.'],
    });
  });

  it('code=200 answers a stable example that the route schema accepts', async () => {
    const first = await request(ctx.app)
      .get(`/auth/${userId}`)
      .set('Authorization', token)
      .set('Prefer', 'code=200')
      .expect(200);
    const example = userEnvelopeSchema.parse(first.body);
    expect(example.data._id).not.toBe(userId);
    const second = await request(ctx.app).get(`/auth/${userId}`).set('Authorization', token).set('Prefer', 'code=200');
    expect(second.body).toEqual(first.body);
    const coupons = await request(ctx.app)
      .get('/coupons/getcoupons')
      .set('Authorization', token)
      .set('Prefer', 'code=200')
      .expect(200);
    expect(couponListResponseSchema.parse(coupons.body).data.length).toBeGreaterThan(0);
  });

  it('code=200 on a CSV download answers its header line only: the first line of the real file', async () => {
    const response = await request(ctx.app)
      .get('/reports/downloadConversionReportsAll?campaign_id=5001')
      .set('Authorization', token)
      .set('Prefer', 'code=200')
      .expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.text).toBe(csvLine(CONVERSION_COLUMNS.map((column) => column.header)));
    const real = await request(ctx.app)
      .get('/reports/downloadConversionReportsAll?campaign_id=5001')
      .set('Authorization', token)
      .expect(200);
    expect(real.text.slice(0, real.text.indexOf('\r\n') + 2)).toBe(response.text);

    const links = await request(ctx.app)
      .get('/shoppermeet/downAllMerchantLinks?campaign_id=5001&country=us')
      .set('Authorization', token)
      .set('Prefer', 'code=200')
      .expect(200);
    expect(links.text).toBe(csvLine(DEEPLINK4_LINK_COLUMNS.map((column) => column.header)));
    expect(links.text).toBe('geo,merchant_name,merchant_domain,link\r\n');
  });

  it('code=302 on a redirect validates the request, then answers a Location', async () => {
    const refused = await request(ctx.app).get('/redirect').set('Prefer', 'code=302').expect(400);
    const plain = await request(ctx.app).get('/redirect').expect(400);
    expect(refused.body).toEqual(plain.body);
    expect((refused.body as { statusMessages: string[] }).statusMessages).toHaveLength(4);
    expect(refused.headers.location).toBeUndefined();
    expect(refused.headers['preference-applied']).toBeUndefined();

    const response = await request(ctx.app)
      .get(`/redirect?source=22261&publisher=1&sub=5001_noid&url=${encodeURIComponent('https://merchant.example/')}`)
      .set('Prefer', 'code=302')
      .expect(302);
    expect(response.headers.location).toBe('https://example.test/');
    expect(response.headers['preference-applied']).toBe('code=302');
  });

  it('an undocumented status is a 400 that lists what the route documents', async () => {
    const documented = Object.keys(contract.coupons.getCoupons.responses).join(', ');
    const response = await request(ctx.app)
      .get('/coupons/getcoupons')
      .set('Authorization', token)
      .set('Prefer', 'code=418')
      .expect(400);
    expect(response.body).toMatchObject({
      statusMessages: [`Prefer: code=418 is not documented for GET /coupons/getcoupons; it documents ${documented}.`],
    });
    expect(documented).toContain('200, 400, 401');
  });

  it('a malformed code or delay is a 400 naming what is accepted', async () => {
    const response = await request(ctx.app)
      .get('/coupons/getcoupons')
      .set('Authorization', token)
      .set('Prefer', 'delay=40000')
      .expect(400);
    expect((response.body as { statusMessages: string[] }).statusMessages[0]).toMatch(/^Prefer: delay must be/);
  });

  it('ignores unknown preferences (RFC 7240): the real answer, and Preference-Applied names none of them', async () => {
    const real = await request(ctx.app)
      .get('/coupons/getcoupons')
      .set('Authorization', token)
      .set('Prefer', 'respond-async, wait=5')
      .expect(200);
    expect(real.headers['preference-applied']).toBeUndefined();
    const example = await request(ctx.app)
      .get(`/auth/${userId}`)
      .set('Authorization', token)
      .set('Prefer', 'handling=strict, code=200')
      .expect(200);
    expect(example.headers['preference-applied']).toBe('code=200');
    expect(userEnvelopeSchema.parse(example.body).data._id).not.toBe(userId);
  });

  it('code=2xx validates the request first: bad input is still a 400', async () => {
    const refused = await request(ctx.app).post('/auth/signin').set('Prefer', 'code=200').send({}).expect(400);
    expect(refused.headers['preference-applied']).toBeUndefined();
    expect((refused.body as { errors: string[] }).errors.join(' ')).toMatch(/email/);
    await request(ctx.app)
      .get('/reports/downloadConversionReportsAll')
      .set('Authorization', token)
      .set('Prefer', 'code=200')
      .expect(400);
    await request(ctx.app)
      .get('/coupons/getcoupons?pageNo=zero')
      .set('Authorization', token)
      .set('Prefer', 'example=empty')
      .expect(400);
    // An error scenario needs no valid request: it stands for what the server would answer anyway.
    await request(ctx.app).post('/auth/signin').set('Prefer', 'code=500').send({}).expect(500);
  });

  it('answers plausible examples: an email that is an email, a degraded health under 503', async () => {
    const signedIn = await request(ctx.app)
      .post('/auth/signin')
      .set('Prefer', 'code=200')
      .send({ email: 'someone@example.test', password: 'whatever-it-is' })
      .expect(200);
    const { user } = signedIn.body as { user: { email: string; fullName: string } };
    expect(user.email).toMatch(/^[a-z]+\.[a-z]+@publisher\.test$/);
    expect(user.fullName).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    const down = await request(ctx.app).get('/health').set('Prefer', 'code=503').expect(503);
    const health = healthResponseSchema.parse(down.body);
    expect(health.status).toBe('degraded');
    expect(health.database.responding).toBe(false);
  });

  it('example=empty answers an empty page on a list route, and is ignored elsewhere', async () => {
    const page = await request(ctx.app)
      .get('/coupons/getcoupons')
      .set('Authorization', token)
      .set('Prefer', 'example=empty')
      .expect(200);
    expect(couponListResponseSchema.parse(page.body)).toEqual({ data: [], totalCount: 0 });
    expect(page.headers['preference-applied']).toBe('example=empty');
    // The dev panel's "Prefer on every call: example=empty" must not break the session refresh.
    const own = await request(ctx.app)
      .get(`/auth/${userId}`)
      .set('Authorization', token)
      .set('Prefer', 'example=empty')
      .expect(200);
    expect(userEnvelopeSchema.parse(own.body).data._id).toBe(userId);
    expect(own.headers['preference-applied']).toBeUndefined();
  });

  it('Preference-Applied names only what shaped the answer', async () => {
    const error = await request(ctx.app)
      .get('/coupons/getcoupons')
      .set('Authorization', token)
      .set('Prefer', 'code=404, example=empty, respond-async')
      .expect(404);
    expect(error.headers['preference-applied']).toBe('code=404');
    const empty = await request(ctx.app)
      .get('/coupons/getcoupons')
      .set('Authorization', token)
      .set('Prefer', 'code=200, example=empty')
      .expect(200);
    expect(empty.headers['preference-applied']).toBe('code=200, example=empty');
    expect(empty.body).toEqual({ data: [], totalCount: 0 });
  });

  it('example=<name> answers a named example of the route; a name it lacks is a 400 listing its names', async () => {
    const typical = await request(ctx.app)
      .get('/coupons/getcoupons')
      .set('Authorization', token)
      .set('Prefer', 'example=typical')
      .expect(200);
    expect(typical.headers['preference-applied']).toBe('example=typical');
    const page = couponListResponseSchema.parse(typical.body);
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.totalCount).toBeGreaterThanOrEqual(page.data.length);
    for (const coupon of page.data) expect(coupon.startDateGMT <= coupon.endDateGMT).toBe(true);
    // The same body again: an example is stable, so a test can assert on it.
    const again = await request(ctx.app)
      .get('/coupons/getcoupons')
      .set('Authorization', token)
      .set('Prefer', 'example=typical')
      .expect(200);
    expect(again.body).toEqual(typical.body);
    // One source: the body the OpenAPI document shows for this example (and the MSW handlers answer).
    const documented = buildOpenApiDocument().paths['/coupons/getcoupons']?.get?.responses['200'] as {
      content: { 'application/json': { examples: Record<string, { value: unknown }> } };
    };
    expect(documented.content['application/json'].examples.typical?.value).toEqual(typical.body);
    expect(typical.body).toEqual(exampleBody(contract.coupons.getCoupons, 200, 'typical'));

    const unknownExample = await request(ctx.app)
      .get('/coupons/getcoupons')
      .set('Authorization', token)
      .set('Prefer', 'example=nonesuch')
      .expect(400);
    expect(unknownExample.headers['preference-applied']).toBeUndefined();
    expect((unknownExample.body as { statusMessages: string[] }).statusMessages).toEqual([
      'Prefer: example=nonesuch is not an example of GET /coupons/getcoupons 200; it has: typical, empty.',
    ]);
    // Under code=N the names are those of status N: an error status has none.
    const underError = await request(ctx.app)
      .get('/coupons/getcoupons')
      .set('Authorization', token)
      .set('Prefer', 'code=404, example=nonesuch')
      .expect(400);
    expect(JSON.stringify(underError.body)).toContain('it has: none');
  });

  it('delay=N holds the answer back and says so', async () => {
    const started = performance.now();
    const response = await request(ctx.app)
      .get('/coupons/getFilters')
      .set('Authorization', token)
      .set('Prefer', 'delay=250')
      .expect(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    expect(response.headers['preference-applied']).toBe('delay=250');
  });

  it('names the delay before the code in Preference-Applied, as the MSW handlers do', async () => {
    const response = await request(ctx.app)
      .get('/coupons/getFilters')
      .set('Authorization', token)
      .set('Prefer', 'code=503, delay=1')
      .expect(503);
    expect(response.headers['preference-applied']).toBe('delay=1, code=503');
  });

  it('comes after the access check: no token is still a 401', async () => {
    await request(ctx.app).get('/coupons/getcoupons').set('Prefer', 'code=200').expect(401);
  });

  it('is allowed by CORS from the web origin', async () => {
    const origin = ctx.config.webOrigins[0] ?? '';
    const preflight = await request(ctx.app)
      .options('/coupons/getcoupons')
      .set('Origin', origin)
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization,prefer')
      .expect(204);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('prefer');
  });
});

describe('with the mock mode off (MOCK_CONTROLS=false, the production default)', () => {
  it('has no control API and ignores the Prefer header', async () => {
    const app = createApp({
      config: testConfig({ nodeEnv: 'production', mockControls: false }),
      database: { kind: 'external' },
      log: () => undefined,
    });
    const unknown = await request(app).get('/__unknown').expect(404);
    for (const [method, path] of [
      ['get', '/__control'],
      ['post', '/__control/reset'],
      ['put', '/__control/clock'],
      ['delete', '/__control/errors'],
    ] as const) {
      const response = await request(app)[method](path).send({ now: '2100-01-01T00:00:00Z' });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body).toEqual({
        statusMessages: [`No route for ${method.toUpperCase()} ${path}.`],
        errors: [`No route for ${method.toUpperCase()} ${path}.`],
      });
    }
    expect(unknown.body).toMatchObject({ statusMessages: ['No route for GET /__unknown.'] });
    const health = await request(app).get('/health').set('Prefer', 'code=503, delay=nonsense').expect(200);
    expect(healthResponseSchema.parse(health.body).controls).toBeUndefined();
    expect(health.headers['preference-applied']).toBeUndefined();
    await request(app)
      .get('/coupons/getcoupons')
      .set('Authorization', token)
      .set('Prefer', 'example=empty')
      .expect(200);
  });
});
