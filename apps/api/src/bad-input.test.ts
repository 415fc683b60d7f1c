import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildVendor, type BuiltVendor } from './testing/factories';
import { useTestApp } from './testing/test-app';
import { createHttpServer } from './shared/http-server';

/**
 * Bad input answers a 4xx in the error envelope, never a 500: every request here answered 500 (or a bare
 * status line, or held its connection for minutes) before.
 */
const ctx = useTestApp();
let vendor: BuiltVendor;

beforeAll(async () => {
  vendor = await buildVendor();
});

const envelopeOf = (message: string) => ({ statusMessages: [message], errors: [message] });

describe('bad input never answers 500', () => {
  it('an apiKey with a "|" is just a wrong apiKey: 401', async () => {
    const res = await request(ctx.app).get(
      '/v1/connexity/getConversionReport?apiKey=x%7Cy&vendorId=1&startDate=2026-01-01&endDate=2026-01-02',
    );
    expect(res.status).toBe(401);
    expect(res.body).toEqual(envelopeOf('Unauthenticated.'));
  });

  it('an apiKey call whose vendorId is beyond a safe integer is refused, not cast: 401', async () => {
    const res = await request(ctx.app).get(
      `/v1/connexity/getConversionReport?apiKey=${vendor.user.apiKey}&vendorId=1${'0'.repeat(30)}&startDate=2026-01-01&endDate=2026-01-02`,
    );
    expect(res.status).toBe(401);
  });

  it('JSON in a charset other than UTF-8: 415', async () => {
    const res = await request(ctx.app)
      .post('/auth/signin')
      .set('Content-Type', 'application/json; charset=latin1')
      .send('{"email":"a@b.c","password":"x"}');
    expect(res.status).toBe(415);
    expect(res.body).toEqual(envelopeOf('Unsupported charset: send JSON as UTF-8.'));
  });

  it('an unsupported Content-Encoding: 415; a corrupt gzip body: 400', async () => {
    const unsupported = await request(ctx.app)
      .post('/auth/signin')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'compress')
      .send('{"email":"a@b.c","password":"x"}');
    expect(unsupported.status).toBe(415);
    expect(unsupported.body.statusMessages[0]).toMatch(/Content-Encoding/);

    const corrupt = await request(ctx.app)
      .post('/auth/signin')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send('{"email":"a@b.c","password":"x"}');
    expect(corrupt.status).toBe(400);
    expect(corrupt.body).toEqual(envelopeOf('The request body could not be decoded.'));
  });

  it('a path that is not valid percent-encoding: 400', async () => {
    const res = await request(ctx.app).get('/assets/logos/%C0%AE.svg');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(envelopeOf('The request path is not valid percent-encoding.'));
  });

  it('JSON nested 100,000 deep on a cached report call: 400', async () => {
    const deep = `{"startDate":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const res = await request(ctx.app)
      .post('/home/getEarningsReport')
      .set('Authorization', vendor.token)
      .set('Content-Type', 'application/json')
      .send(deep);
    expect(res.status).toBe(400);
    expect(res.body.statusMessages.length).toBeGreaterThan(0);

    const deepArray = await request(ctx.app)
      .post('/home/getEarningsReport')
      .set('Authorization', vendor.token)
      .set('Content-Type', 'application/json')
      .send(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(deepArray.status).toBe(400);
  });

  it('a token whose sub is not a user id: 401', async () => {
    const secret = ctx.config.jwtSecret;
    for (const subject of ['not-an-id', '{"$gt":""}', 'zzzzzzzzzzzzzzzzzzzzzzzz']) {
      const token = jwt.sign({ ver: 0 }, secret, { subject, algorithm: 'HS256', expiresIn: 3600 });
      const res = await request(ctx.app).get(`/auth/${vendor.user._id.toHexString()}`).set('Authorization', token);
      expect({ subject, status: res.status, body: res.body }).toEqual({
        subject,
        status: 401,
        body: envelopeOf('User Not Found.'),
      });
    }
  });

  it('a method a known path does not have: 405 with Allow', async () => {
    const res = await request(ctx.app).delete('/home/getEarningsReport');
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('OPTIONS, POST');
    expect(res.body.statusMessages[0]).toBe(
      'DELETE is not allowed on /home/getEarningsReport; allowed: OPTIONS, POST.',
    );
    // Not also GET /auth/:id: "signin" is not an ObjectId (the fuzzer found Allow naming GET, which the document
    // does not give /auth/signin).
    const signin = await request(ctx.app).delete('/auth/signin');
    expect(signin.status).toBe(405);
    expect(signin.headers['allow']).toBe('OPTIONS, POST');
    const user = await request(ctx.app).delete(`/auth/${vendor.user._id.toHexString()}`);
    expect(user.status).toBe(405);
    expect(user.headers['allow']).toBe('GET, HEAD, OPTIONS');
    const unknown = await request(ctx.app).delete('/no/such/path');
    expect(unknown.status).toBe(404);
  });

  it('a call that needs a body and has none: 400 naming the body (found by the fuzzer: it said "request: Required")', async () => {
    const res = await request(ctx.app).post('/home/getEarningsReport').set('Authorization', vendor.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusMessages: ['body: Required'], errors: ['body: Required'] });
  });

  it('an OPTIONS that is not a CORS preflight: 204 with Allow (found by the fuzzer: it was a 405 listing OPTIONS)', async () => {
    const res = await request(ctx.app).options('/home/getEarningsReport');
    expect(res.status).toBe(204);
    expect(res.headers['allow']).toBe('OPTIONS, POST');
    const unknown = await request(ctx.app).options('/no/such/path');
    expect(unknown.status).toBe(404);
  });
});

describe("what Node's HTTP layer refuses", () => {
  const server = () => createHttpServer(ctx.app, { requestTimeoutMs: 1_000, headersTimeoutMs: 1_000 });
  let running: ReturnType<typeof server>;
  let port: number;

  beforeAll(async () => {
    running = server();
    await new Promise<void>((resolve) => running.listen(0, '127.0.0.1', resolve));
    port = (running.address() as AddressInfo).port;
  });
  afterAll(async () => {
    running.closeAllConnections();
    await new Promise((resolve) => running.close(resolve));
  });

  /** Sends raw bytes and reads until the server closes the connection; resolves with what came back and when. */
  function exchange(raw: string): Promise<{ text: string; ms: number }> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1', () => socket.write(raw));
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      socket.on('close', () => resolve({ text, ms: Date.now() - started }));
      socket.on('error', reject);
      socket.setTimeout(15_000, () => socket.destroy(new Error('no answer')));
    });
  }

  const bodyOf = (text: string): unknown => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

  it('headers over the limit: 431 in the envelope', async () => {
    const { text } = await exchange(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(text.startsWith('HTTP/1.1 431 ')).toBe(true);
    expect(bodyOf(text)).toEqual(envelopeOf('The request headers are too large.'));
  });

  it('a malformed request: 400 in the envelope', async () => {
    const { text } = await exchange('NOT HTTP AT ALL\r\n\r\n');
    expect(text.startsWith('HTTP/1.1 400 ')).toBe(true);
    expect(bodyOf(text)).toEqual(envelopeOf('The request is not valid HTTP.'));
  });

  it('a request that announces a body and sends nothing is answered 408 and dropped within the request timeout', async () => {
    const { text, ms } = await exchange(
      'POST /auth/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n',
    );
    expect(text.startsWith('HTTP/1.1 408 ')).toBe(true);
    expect(bodyOf(text)).toEqual(envelopeOf('The request took too long to arrive.'));
    expect(ms).toBeLessThan(5_000);
  });
});
