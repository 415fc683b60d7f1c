import type { Express } from 'express';
import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseNameFor } from '@publisher/db';
import { buildVendor } from '../testing/factories';
import { startFreezableProxy, type FreezableProxy } from '../testing/freezable-proxy';
import { createAppFor, testConfig } from '../testing/test-app';
import { DATABASE_UNAVAILABLE_MESSAGE } from './db-limits';
import { connectDatabase } from './db';

/**
 * The API in front of a database that stops answering: every call must end in a 503 within the operation
 * timeout instead of hanging, /health must say so, and the API must recover when the database answers again.
 */
const OPERATION_TIMEOUT_MS = 1_500;

let proxy: FreezableProxy;
let app: Express;

beforeAll(async () => {
  proxy = await startFreezableProxy(inject('mongoUri'));
  // The indexes first, with the usual operation timeout: some 40 models' indexes at once waited longer than the
  // test's 1.5 s for a pooled connection on a loaded CI machine, and the file failed before its test.
  await connectDatabase(inject('mongoUri'), databaseNameFor('db-reliability'));
  await Promise.all(Object.values(mongoose.models).map((model) => model.createIndexes()));
  await mongoose.disconnect();
  await connectDatabase(proxy.uri, databaseNameFor('db-reliability'), OPERATION_TIMEOUT_MS);
  app = createAppFor({ config: testConfig(), database: { kind: inject('databaseKind') }, log: () => undefined });
});

afterAll(async () => {
  proxy.thaw();
  await mongoose.connection.dropDatabase();
  await mongoose.disconnect();
  await proxy.close();
});

describe('a database that stops answering', () => {
  it('turns calls into 503 envelopes, /health into degraded, and recovers when it answers again', async () => {
    const vendor = await buildVendor({ password: 'Right-password-1' });
    const signin = () =>
      request(app).post('/auth/signin').send({ email: vendor.user.email, password: 'Right-password-1' });
    expect((await signin()).status).toBe(200);
    expect((await request(app).get('/health')).body.status).toBe('ok');

    proxy.freeze();
    const started = Date.now();
    const [health, frozenSignin] = await Promise.all([request(app).get('/health'), signin()]);
    const elapsed = Date.now() - started;

    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'degraded', database: { responding: false } });
    expect(frozenSignin.status).toBe(503);
    expect(frozenSignin.headers['retry-after']).toBe('5');
    expect(frozenSignin.body).toEqual({
      statusMessages: [DATABASE_UNAVAILABLE_MESSAGE],
      errors: [DATABASE_UNAVAILABLE_MESSAGE],
    });
    // Bounded by the operation timeout (plus bcrypt and scheduling), not by a client giving up.
    expect(elapsed).toBeLessThan(OPERATION_TIMEOUT_MS + 3_000);

    proxy.thaw();
    // The driver reconnects through the proxy; the next calls succeed again.
    let recovered = false;
    for (let attempt = 0; attempt < 40 && !recovered; attempt += 1) {
      recovered = (await request(app).get('/health')).status === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(recovered).toBe(true);
    expect((await signin()).status).toBe(200);
  }, 30_000);
});
