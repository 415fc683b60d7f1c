import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { earningsReportResponseSchema, productListResponseSchema } from '@publisher/contract';
import { createApp } from './app';
import { REPORT_REVISION_ID, ReportRevisionModel } from './reports/report-revision.model';
import { recheckRevisionNow } from './reports/rollup-cache';
import { ALL_SOURCES_MENU, buildAdmin, saveDate } from './reports/testing/report-fixtures';
import { CATALOG_SIZES } from './seed/catalog-generator';
import { seedCatalog } from './seed/catalog-seed';
import { buildVendor, type BuiltVendor } from './testing/factories';
import { testConfig, useTestApp } from './testing/test-app';

/** The response cache inside the real app: what it may serve again, and what makes it compute afresh. */
const ctx = useTestApp();

let admin: BuiltVendor;
let vendor: BuiltVendor;
let other: BuiltVendor;
let locked: BuiltVendor;

const DAYS = ['2025-05-05', '2025-05-06'];
const RANGE = { startDate: DAYS[0], endDate: DAYS[1], aggregation: 'daily' };

beforeAll(async () => {
  admin = await buildAdmin();
  vendor = await buildVendor({ menu: ALL_SOURCES_MENU });
  other = await buildVendor({ menu: ALL_SOURCES_MENU });
  locked = await buildVendor({ vendorId: 5036 });
  await saveDate(ctx.app, admin.token, 'connexity', DAYS[0] ?? '');
  await seedCatalog({ size: CATALOG_SIZES.test, anchorDate: new Date().toISOString().slice(0, 10) });
});

const earnings = (as: BuiltVendor, body: object = RANGE) =>
  request(ctx.app).post('/home/getEarningsReport').set('Authorization', as.token).send(body);
const totalClicks = (body: unknown): number => earningsReportResponseSchema.parse(body).reports.totals.cpcRedirects;

describe('cached report answers', () => {
  it('stores a report read a second time and serves it from then on', async () => {
    const first = await earnings(vendor);
    const second = await earnings(vendor);
    const third = await earnings(vendor);
    expect(first.status).toBe(200);
    // First sight: computed, remembered, not stored (most distinct queries are asked once).
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('miss');
    expect(third.headers['x-cache']).toBe('hit');
    expect(third.text).toBe(second.text);
    expect(second.body).toEqual(first.body);
  });

  it("keeps each caller's answer apart: another vendor with the same body gets its own rows", async () => {
    const mine = await earnings(vendor);
    const theirs = await earnings(other);
    expect(theirs.headers['x-cache']).not.toBe('hit');
    expect(totalClicks(theirs.body)).not.toBe(totalClicks(mine.body));
    const asAdmin = await earnings(admin, { ...RANGE, campaign_id: other.user.vendorId });
    expect(asAdmin.headers['x-cache']).not.toBe('hit');
    expect(asAdmin.body).toEqual(theirs.body);
  });

  it('computes afresh after a save in this process changes the data', async () => {
    const before = await earnings(vendor);
    await saveDate(ctx.app, admin.token, 'connexity', DAYS[1] ?? '');
    const after = await earnings(vendor);
    expect(after.headers['x-cache']).not.toBe('hit');
    expect(totalClicks(after.body)).toBeGreaterThan(totalClicks(before.body));
  });

  it('computes afresh once another process bumps the report revision', async () => {
    await earnings(vendor);
    expect((await earnings(vendor)).headers['x-cache']).toBe('hit');
    await ReportRevisionModel.updateOne({ _id: REPORT_REVISION_ID }, { $inc: { revision: 1 } }, { upsert: true });
    await recheckRevisionNow();
    expect((await earnings(vendor)).headers['x-cache']).not.toBe('hit');
  });

  it('computes afresh after the caller updates the profile', async () => {
    await earnings(vendor);
    expect((await earnings(vendor)).headers['x-cache']).toBe('hit');
    const update = await request(ctx.app)
      .put('/auth/update')
      .set('Authorization', vendor.token)
      .send({ city: 'Lisbon', apiKey: vendor.user.apiKey });
    expect(update.status).toBe(200);
    expect((await earnings(vendor)).headers['x-cache']).not.toBe('hit');
  });

  it('never stores a refused call: a 400 stays a 400 and a valid call after it is computed', async () => {
    const bad = { startDate: DAYS[1], endDate: DAYS[0] };
    expect((await earnings(other, bad)).status).toBe(400);
    const again = await earnings(other, bad);
    expect(again.status).toBe(400);
    expect(again.headers['x-cache']).toBeUndefined();
  });

  it('does not cache downloads or logs', async () => {
    const logs = await request(ctx.app).get('/home/logs/esLogs').set('Authorization', admin.token);
    const logsAgain = await request(ctx.app).get('/home/logs/esLogs').set('Authorization', admin.token);
    expect(logs.status).toBe(200);
    expect(logsAgain.headers['x-cache']).toBeUndefined();
  });
});

describe('cached catalog answers', () => {
  const PATH = '/home/getProductslist?pageSize=5&pageNo=1&sortBy=priceLtoH';

  it('serves a repeated product list from the first answer and keeps the 5036 lock per caller', async () => {
    // This app loaded its catalog snapshot before the catalog was seeded: the first call loads the seeded one,
    // and nothing is cached until a snapshot of seeded data exists.
    const loading = await request(ctx.app).get('/home/getCategories').set('Authorization', vendor.token);
    expect(loading.headers['x-cache']).toBeUndefined();
    const first = await request(ctx.app).get(PATH).set('Authorization', vendor.token);
    const second = await request(ctx.app).get(PATH).set('Authorization', vendor.token);
    const third = await request(ctx.app).get(PATH).set('Authorization', vendor.token);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('miss');
    expect(third.headers['x-cache']).toBe('hit');
    expect(third.body).toEqual(first.body);
    const lockedList = productListResponseSchema.parse(
      (await request(ctx.app).get(PATH).set('Authorization', locked.token)).body,
    );
    const merchants = new Set(lockedList.data.map((product) => product._source.merchantId));
    expect(merchants.size).toBe(1);
    expect(lockedList.data).not.toEqual(productListResponseSchema.parse(first.body).data);
  });
});

describe('RESPONSE_CACHE_TTL_SECONDS=0', () => {
  it('turns the cache off: every call is computed', async () => {
    const app = createApp({
      config: testConfig({ responseCacheTtlMs: 0 }),
      database: { kind: 'ferretdb' },
      log: () => undefined,
    });
    await request(app).post('/home/getEarningsReport').set('Authorization', vendor.token).send(RANGE);
    const again = await request(app).post('/home/getEarningsReport').set('Authorization', vendor.token).send(RANGE);
    expect(again.status).toBe(200);
    expect(again.headers['x-cache']).toBeUndefined();
  });
});
