import request from 'supertest';
import { describe, expect, inject, it } from 'vitest';
import { controlStateSchema, type ControlState } from '@publisher/contract';
import type { App } from '../app';
import { createAppState } from '../app-state';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { demoAccountId } from '../shared/seeded-ids';
import { useTestApp } from '../testing/test-app';
import { createMockApp, type MockApp } from './mock-app';

const ctx = useTestApp();

async function reset(app: App, body: object = {}): Promise<ControlState> {
  const response = await request(app).post('/__control/reset').send(body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return controlStateSchema.parse(response.body);
}

async function signIn(app: App, email: string): Promise<{ token: string; id: string }> {
  const response = await request(app).post('/auth/signin').send({ email, password: DEMO_PASSWORD }).expect(200);
  const body = response.body as { token: string; user: { _id: string } };
  return { token: body.token, id: body.user._id };
}

/** The account the token names, read with the token: what a signed-in screen does first. */
const readSelf = (app: App, caller: { token: string; id: string }) =>
  request(app).get(`/auth/${caller.id}`).set('Authorization', caller.token);

/** The API started again on the same database: a new process's app, its state and kept copies empty. */
const restarted = (): MockApp =>
  createMockApp({
    config: ctx.config,
    database: { kind: inject('databaseKind') },
    log: () => undefined,
    state: createAppState(),
  });

describe('seeded data survives resets and restarts by its ids', () => {
  it("a demo account's token signed before a reset that seeds from nothing (another date) still reads the account", async () => {
    await request(ctx.app).put('/__control/clock').send({ now: '2026-06-15T12:00:00Z' }).expect(200);
    await reset(ctx.app, { profile: 'small' });
    const vendor = await signIn(ctx.app, 'vendor@publisher.test');
    expect(vendor.id).toBe(demoAccountId('vendor@publisher.test').toHexString());

    // Two days on (within the token's week): no kept copy for that date, so the database is dropped and seeded again.
    await request(ctx.app).put('/__control/clock').send({ now: '2026-06-17T12:00:00Z' }).expect(200);
    expect((await reset(ctx.app)).lastReset).toMatchObject({ method: 'seed', target: 'small' });
    const after = await readSelf(ctx.app, vendor);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body).toMatchObject({ data: { _id: vendor.id, email: 'vendor@publisher.test' } });
    await request(ctx.app).delete('/__control/clock').expect(200);
  });

  it('after a restart, the profile the data was seeded with is read back and a token from before the restart works after its first reset', async () => {
    await reset(ctx.app, { profile: 'small', restoreDefaults: true });
    const admin = await signIn(ctx.app, 'admin@publisher.test');

    const again = restarted();
    try {
      expect(controlStateSchema.parse((await request(again).get('/__control').expect(200)).body).profile).toBe('demo');
      // What main.ts does on a start over existing data.
      expect(await again.control?.adoptStoredProfile()).toBe('small');
      expect(controlStateSchema.parse((await request(again).get('/__control').expect(200)).body).profile).toBe('small');
      expect((await readSelf(again, admin)).status).toBe(200);

      // The new process keeps no copy yet: its first reset seeds `small` from nothing, with the same ids.
      expect((await reset(again)).lastReset).toMatchObject({ target: 'small' });
      const after = await readSelf(again, admin);
      expect(after.status, JSON.stringify(after.body)).toBe(200);
      expect(after.body).toMatchObject({ data: { _id: admin.id, email: 'admin@publisher.test' } });
    } finally {
      await again.close();
    }
  });
});
