import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changesNothing,
  contract,
  contractRoutes,
  controlStateSchema,
  SIGNUP_PATH,
  snapshotListSchema,
  snapshotSchema,
  type ControlState,
} from '@publisher/contract';
import { MerchantModel } from '../catalog/merchant.model';
import { uploadRow, uploadRows } from '../reports/testing/report-fixtures';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed/demo-accounts';
import { useTestApp } from '../testing/test-app';
import { captureState } from './data-states';
import { digests } from './testing/kept-state';

const ctx = useTestApp();

/** A fixed "now": the seed lays its report days and coupons out around it, so every answer is reproducible. */
const NOW = '2026-06-15T12:00:00Z';
const hints: Record<string, unknown> = {
  startDate: '2026-06-01',
  endDate: '2026-06-14',
  date: '2026-06-14',
  groupBy: 'day',
  pageNo: '1',
  pageSize: '10',
};

async function reset(body: object = {}): Promise<ControlState> {
  const response = await request(ctx.app).post('/__control/reset').send(body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return controlStateSchema.parse(response.body);
}

async function signIn(email: string): Promise<{ token: string; id: string; vendorId: number }> {
  const response = await request(ctx.app).post('/auth/signin').send({ email, password: DEMO_PASSWORD }).expect(200);
  const body = response.body as { token: string; user: { _id: string; vendorId: number } };
  return { token: body.token, id: body.user._id, vendorId: body.user.vendorId };
}

/** The input of a route's query or body built from the hints (and the caller's ids), if the schema takes it. */
function inputFor(schema: unknown, vendorId: number): Record<string, unknown> | undefined {
  const zod = schema as z.ZodTypeAny | undefined;
  if (!zod || typeof zod.safeParse !== 'function') return {};
  const values = { ...hints, vendorId: String(vendorId), campaign_id: String(vendorId) };
  for (const candidate of [values, {}]) {
    const parsed = zod.safeParse(candidate);
    if (parsed.success) return typeof parsed.data === 'object' && parsed.data !== null ? candidate : {};
  }
  return undefined;
}

/**
 * Log routes list this test's own calls (what they answer depends on the reading itself), and /health tells
 * when the last reset ran.
 */
const readsItsOwnCalls = (key: string): boolean => /log|health/i.test(key);

/**
 * Everything every demo account can read: each route that changes nothing, with no path parameter but the
 * caller's id, called as each account; status and body by route.
 */
async function readEverything(): Promise<Record<string, unknown>> {
  const seen: Record<string, unknown> = {};
  const routes = contractRoutes(contract).filter(
    (entry) => changesNothing(entry) && !readsItsOwnCalls(entry.key) && entry.key !== 'auth.signin',
  );
  // The accounts read side by side (9 calls in flight: within what FerretDB takes), each route after the other.
  const readAs = async (account: (typeof DEMO_ACCOUNTS)[number]): Promise<void> => {
    const caller = await signIn(account.email);
    for (const entry of routes) {
      const params = entry.path.match(/:\w+/g) ?? [];
      if (params.some((param) => param !== ':id')) continue;
      const path = entry.path.replace(':id', caller.id);
      const route = entry.route as { query?: unknown; body?: unknown };
      if (entry.method === 'GET') {
        const query = inputFor(route.query, caller.vendorId);
        if (!query) continue;
        const response = await request(ctx.app).get(path).query(query).set('Authorization', caller.token);
        seen[`${account.email} GET ${path}`] = { status: response.status, body: response.body as unknown };
      } else {
        const body = inputFor(route.body, caller.vendorId);
        if (!body) continue;
        const response = await request(ctx.app).post(path).send(body).set('Authorization', caller.token);
        seen[`${account.email} POST ${path}`] = { status: response.status, body: response.body as unknown };
      }
    }
  };
  await Promise.all(DEMO_ACCOUNTS.map(readAs));
  return seen;
}

/** A typical browser test's writes: a sign-up, 3 followed links, a short link, settings, an upload, a daily save. */
async function typicalWrites(): Promise<void> {
  const vendor = await signIn('vendor@publisher.test');
  const admin = await signIn('admin@publisher.test');
  await request(ctx.app)
    .post(SIGNUP_PATH)
    .send({
      fullName: 'Nia Okafor',
      email: 'nia.okafor@example.com',
      password: 'Another#2026pass',
      conformPassword: 'Another#2026pass',
    })
    .expect(201);
  const merchant = await MerchantModel.findOne().lean();
  if (!merchant) throw new Error('the seed has no merchant');
  const generated = await request(ctx.app)
    .post('/home/generateDeepLink')
    .set('Authorization', vendor.token)
    .send({ merchantUrl: merchant.merchantUrl, placement_id: 'reset-test' })
    .expect(200);
  const link = new URL((generated.body as { deepLinkInfo: { link: string } }).deepLinkInfo.link);
  for (let follow = 0; follow < 3; follow += 1) {
    await request(ctx.app).get(`${link.pathname}${link.search}`).expect(302);
  }
  await request(ctx.app)
    .post('/shortURL/create')
    .set('Authorization', vendor.token)
    .send({ url: link.href, domain: null, expires_at: null })
    .expect(200);
  await request(ctx.app)
    .put('/dashboard/settings')
    .set('Authorization', vendor.token)
    .send({ isShortUrlEnabled: true, secondaryEmail: 'ops@example.com', secondaryEmail2: '' })
    .expect(200);
  const rows = Array.from({ length: 100 }, (_, index) =>
    uploadRow({ CAMPAIGN_ID: vendor.vendorId, FROM_DATE: '2026-06-10', PLACEMENT_ID: `upload-${String(index)}` }),
  );
  expect((await uploadRows(ctx.app, admin.token, rows)).status).toBe(200);
  await request(ctx.app).get('/home/saveDailyReports?startDate=2026-06-14').set('Authorization', admin.token);
}

describe('resets go back to a kept copy of the seed', () => {
  it('after a typical test, every collection and every answer equals the fresh seed; only what was written is rewritten', async () => {
    await request(ctx.app).put('/__control/clock').send({ now: NOW }).expect(200);
    const seeded = await reset({ profile: 'small' });
    expect(seeded.lastReset).toMatchObject({ method: 'seed', target: 'small' });
    const fresh = await captureState();
    const freshAnswers = await readEverything();
    expect(Object.keys(freshAnswers).length).toBeGreaterThan(100);

    await typicalWrites();
    expect(digests(await captureState())).not.toEqual(digests(fresh));

    const again = await reset();
    expect(again.lastReset).toMatchObject({ method: 'copy', target: 'small' });
    const rewritten = again.lastReset?.collectionsRewritten ?? Number.POSITIVE_INFINITY;
    expect(rewritten).toBeGreaterThan(0);
    expect(rewritten).toBeLessThan(fresh.collections.size);
    expect(digests(await captureState())).toEqual(digests(fresh));
    expect(await readEverything()).toEqual(freshAnswers);
  });

  it('a start that seeded an empty database keeps that seed: the first reset is a copy', async () => {
    const control = ctx.app.control;
    if (!control) throw new Error('the test app has no controls');
    await reset({ profile: 'small', restoreDefaults: true });
    await control.adoptFreshSeed('small');
    const { token } = await signIn('vendor@publisher.test');
    await request(ctx.app).put('/auth/update').set('Authorization', token).send({ fullName: 'Changed' }).expect(200);
    const state = await reset();
    expect(state.lastReset).toMatchObject({ method: 'copy', target: 'small' });
    // The account, its sign-in and its call log: a handful, not the 80-odd collections of the seed.
    expect(state.lastReset?.collectionsRewritten).toBeLessThanOrEqual(6);
  });

  it('named snapshots: keep, list, go back to, delete', async () => {
    await reset({ profile: 'small' });
    const vendor = await signIn('vendor@publisher.test');
    const rename = (fullName: string) =>
      request(ctx.app).put('/auth/update').set('Authorization', vendor.token).send({ fullName }).expect(200);
    const fullName = async (): Promise<string> =>
      (
        (await request(ctx.app).get(`/auth/${vendor.id}`).set('Authorization', vendor.token)).body as {
          data: { fullName: string };
        }
      ).data.fullName;
    await rename('Snapshot Name');

    const taken = await request(ctx.app).post('/__control/snapshots').send({ name: 'renamed' }).expect(201);
    expect(snapshotSchema.parse(taken.body)).toMatchObject({ name: 'renamed', profile: 'small' });
    await rename('Later Name');

    await reset();
    expect(await fullName()).toBe('Maya Patel');
    const back = await reset({ snapshot: 'renamed' });
    expect(back.lastReset).toMatchObject({ method: 'copy', target: 'snapshot renamed' });
    expect(await fullName()).toBe('Snapshot Name');

    // The answers CONTROLS.md describes, exactly: the snapshot (its six fields), the list of them, the one forgotten.
    expect(Object.keys(taken.body as object).sort()).toEqual(
      ['bytes', 'collections', 'createdAt', 'documents', 'name', 'profile'].sort(),
    );
    const list = await request(ctx.app).get('/__control/snapshots').expect(200);
    expect(snapshotListSchema.parse(list.body).snapshots.map((snapshot) => snapshot.name)).toEqual(['renamed']);
    expect(list.body).toEqual({ snapshots: [taken.body] });
    const forgotten = await request(ctx.app).delete('/__control/snapshots/renamed').expect(200);
    expect(forgotten.body).toEqual(taken.body);
    await request(ctx.app).delete('/__control/snapshots/renamed').expect(404);
    const missing = await request(ctx.app).post('/__control/reset').send({ snapshot: 'renamed' }).expect(404);
    expect(missing.body).toMatchObject({ statusMessages: ['No snapshot named renamed.'] });
  });

  it('calls made while a reset runs wait for it and read the reset data', async () => {
    await reset({ profile: 'small' });
    // Another date: no kept copy of it yet, so this reset seeds from nothing (the longest kind).
    await request(ctx.app).put('/__control/clock').send({ now: '2026-07-01T12:00:00Z' }).expect(200);
    // then(): supertest sends a request only once it is awaited or then() is called.
    const running = request(ctx.app)
      .post('/__control/reset')
      .send({})
      .then((response) => response);
    // The reset has begun once the control state says so; calls sent then are held until it ends.
    while (!controlStateSchema.parse((await request(ctx.app).get('/__control')).body).resetting) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const during = await Promise.all(
      DEMO_ACCOUNTS.map((account) =>
        request(ctx.app).post('/auth/signin').send({ email: account.email, password: DEMO_PASSWORD }),
      ),
    );
    expect((await running).status).toBe(200);
    expect(during.map((response) => response.status)).toEqual(DEMO_ACCOUNTS.map(() => 200));
    await request(ctx.app).delete('/__control/clock').expect(200);
  });
});
