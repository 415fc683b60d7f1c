import request from 'supertest';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  accessLogsResponseSchema,
  apiLogsResponseSchema,
  clicksReportDaysResponseSchema,
  searchLogsResponseSchema,
  vendorListResponseSchema,
} from '@publisher/contract';
import { ApiCallTotalModel } from '../reports/api-call.model';
import { buildAdmin, saveDate } from '../reports/testing/report-fixtures';
import { CATALOG_SIZES } from '../seed/catalog-generator';
import { seedCatalog } from '../seed/catalog-seed';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { createAppFor, useTestApp } from '../testing/test-app';
import { AccessLogModel } from './access-log.model';
import { createActivityRecorder } from './activity-recorder';
import { createAppState } from '../app-state';

const ctx = useTestApp();

let admin: BuiltVendor;
let vendor: BuiltVendor;
let other: BuiltVendor;

beforeAll(async () => {
  await seedCatalog({ size: { ...CATALOG_SIZES.test, products: 100 }, anchorDate: '2026-01-15' });
  admin = await buildAdmin({ vendorId: 5029 });
  vendor = await buildVendor();
  other = await buildVendor();
});

const get = (path: string, as: BuiltVendor | null) => {
  const call = request(ctx.app).get(path);
  return as ? call.set('Authorization', as.token) : call;
};

describe('recording authenticated calls', () => {
  it('writes nothing per request: the calls wait in memory and go out in one batch', async () => {
    const recorder = createActivityRecorder({ flushDelayMs: 60_000 });
    const app = createAppFor({
      config: ctx.config,
      database: { kind: inject('databaseKind') },
      log: () => undefined,
      state: createAppState({ activity: recorder }),
    });
    const caller = await buildVendor();
    for (let i = 0; i < 25; i += 1) {
      expect((await request(app).get('/dashboard/settings').set('Authorization', caller.token)).status).toBe(200);
    }
    expect(recorder.state()).toMatchObject({ pendingCalls: 25 });
    expect(await AccessLogModel.countDocuments({ vendorId: caller.user.vendorId })).toBe(0);

    await recorder.flush();
    expect(recorder.state()).toMatchObject({ pendingCalls: 0, pendingSearches: 0, dropped: 0 });
    const lines = await AccessLogModel.find({ vendorId: caller.user.vendorId, path: '/dashboard/settings' }).lean();
    // Identical calls within a second share a line: 25 calls are a line or two (a second boundary), 25 in all.
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBeLessThan(25);
    expect(lines.reduce((sum, line) => sum + line.count, 0)).toBe(25);
    const total = await ApiCallTotalModel.findById(caller.user.vendorId).lean();
    expect(total).toMatchObject({ count: 0, authenticatedCount: 25 });
  });

  it('one line per vendor, method, path, status, signature and second, with the number of calls it stands for', async () => {
    const recorder = createActivityRecorder({ flushDelayMs: 60_000 });
    const vendorId = 990_001;
    const second = (ms: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, 0, ms));
    const call = { vendorId, method: 'GET', path: '/coupons/getcoupons', status: 200, via: 'token' as const };
    for (const ms of [0, 10, 999]) recorder.recordCall({ ...call, at: second(ms) });
    recorder.recordCall({ ...call, at: second(1_000) });
    recorder.recordCall({ ...call, status: 400, at: second(5) });
    recorder.recordCall({ ...call, via: 'apiKey', at: second(6) });
    recorder.recordCall({ ...call, method: 'POST', at: second(7) });
    recorder.recordCall({ ...call, path: '/coupons/getcoupon', at: second(8) });
    recorder.recordCall({ ...call, vendorId: vendorId + 1, at: second(9) });
    expect(recorder.state()).toMatchObject({ pendingCalls: 9 });
    await recorder.flush();
    const lines = await AccessLogModel.find({ vendorId: { $in: [vendorId, vendorId + 1] } })
      .sort({ at: 1 })
      .lean();
    expect(
      lines.map(({ vendorId: id, method, path, status, via, at, count }) => [
        id - vendorId,
        method,
        path,
        status,
        via,
        at.getTime() - second(0).getTime(),
        count,
      ]),
    ).toEqual([
      [0, 'GET', '/coupons/getcoupons', 200, 'token', 0, 3],
      [0, 'GET', '/coupons/getcoupons', 400, 'token', 5, 1],
      [0, 'GET', '/coupons/getcoupons', 200, 'apiKey', 6, 1],
      [0, 'POST', '/coupons/getcoupons', 200, 'token', 7, 1],
      [0, 'GET', '/coupons/getcoupon', 200, 'token', 8, 1],
      [1, 'GET', '/coupons/getcoupons', 200, 'token', 9, 1],
      [0, 'GET', '/coupons/getcoupons', 200, 'token', 1_000, 1],
    ]);
    const total = await ApiCallTotalModel.findById(vendorId).lean();
    expect(total).toMatchObject({ count: 1, authenticatedCount: 8 });
  });

  it('schedules no retry once closed: a write that fails after close() gave up waiting is not tried again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The database answers the write with an error 5 s later, after close() stopped waiting for it (1 s).
    const failLater = () =>
      new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('down')), 5_000));
    const insertMany = vi.spyOn(AccessLogModel.collection, 'insertMany').mockImplementation(failLater);
    const totals = vi.spyOn(ApiCallTotalModel, 'bulkWrite').mockImplementation(failLater);
    try {
      const recorder = createActivityRecorder({ flushDelayMs: 60_000, log: () => undefined });
      recorder.recordCall({ vendorId: 1, method: 'GET', path: '/x', status: 200, via: 'token', at: new Date() });
      const closing = recorder.close(1_000);
      await vi.advanceTimersByTimeAsync(1_000);
      await closing;
      await vi.advanceTimersByTimeAsync(5_000);
      // Past the flush delay: on the old recorder the failed write was retried here, into whatever database the
      // process used next.
      await vi.advanceTimersByTimeAsync(120_000);
      expect(insertMany).toHaveBeenCalledTimes(1);
      expect(totals).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
      insertMany.mockRestore();
      totals.mockRestore();
    }
  });

  it('bounds its memory: past maxBuffered the oldest lines are dropped and counted', async () => {
    const recorder = createActivityRecorder({ flushDelayMs: 60_000, batchSize: 1_000, maxBuffered: 3 });
    for (let i = 0; i < 5; i += 1) {
      recorder.recordCall({ vendorId: 1, method: 'GET', path: `/p${i}`, status: 200, via: 'token', at: new Date() });
    }
    expect(recorder.state()).toEqual({ pendingCalls: 3, pendingSearches: 0, dropped: 2 });
  });
});

describe('GET /home/logs/accessLogs', () => {
  it('401 without a token; 400 on a bad page', async () => {
    expect((await get('/home/logs/accessLogs', null)).status).toBe(401);
    expect((await get('/home/logs/accessLogs?pageNo=0', vendor)).status).toBe(400);
  });

  it('records vendor, method, path without its query, status and how the caller signed in', async () => {
    await get('/home/getAllVendors', vendor); // 403: refused calls are recorded too
    await get(
      `/v1/connexity/getConversionReportSummary?apiKey=${vendor.user.apiKey}&vendorId=${vendor.user.vendorId}&startDate=2026-01-01&endDate=2026-01-02`,
      null,
    );
    const res = await get('/home/logs/accessLogs?pageSize=10', vendor);
    expect(res.status).toBe(200);
    const { data, totalRecords } = accessLogsResponseSchema.parse(res.body);
    // Newest first; the bad page of the test above was an authenticated call too (400).
    expect(totalRecords).toBe(3);
    expect(data.map(({ method, path, status, via, count }) => ({ method, path, status, via, count }))).toEqual([
      { method: 'GET', path: '/v1/connexity/getConversionReportSummary', status: 200, via: 'apiKey', count: 1 },
      { method: 'GET', path: '/home/getAllVendors', status: 403, via: 'token', count: 1 },
      { method: 'GET', path: '/home/logs/accessLogs', status: 400, via: 'token', count: 1 },
    ]);
    expect(data.every((line) => line.vendorId === vendor.user.vendorId && line.fullName === vendor.user.fullName)).toBe(
      true,
    );
    expect(JSON.stringify(res.body)).not.toContain(vendor.user.apiKey);
  });

  it("a vendor sees only its own lines and 403 for another vendor's; the admin sees everyone, or one vendor", async () => {
    await get('/dashboard/settings', other);
    expect((await get(`/home/logs/accessLogs?vendorId=${other.user.vendorId}`, vendor)).status).toBe(403);
    const own = accessLogsResponseSchema.parse((await get('/home/logs/accessLogs?pageSize=500', vendor)).body);
    expect(own.data.every((line) => line.vendorId === vendor.user.vendorId)).toBe(true);
    const all = accessLogsResponseSchema.parse((await get('/home/logs/accessLogs?pageSize=500', admin)).body);
    expect([...new Set(all.data.map((line) => line.vendorId))]).toEqual(
      expect.arrayContaining([vendor.user.vendorId, other.user.vendorId]),
    );
    const one = accessLogsResponseSchema.parse(
      (await get(`/home/logs/accessLogs?vendorId=${other.user.vendorId}`, admin)).body,
    );
    expect(one.data.map((line) => line.vendorId)).toEqual(one.data.map(() => other.user.vendorId));
    expect(one.totalRecords).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /home/logs/apiLogs?calls=all (All Vendors API Access Reports List, table one)', () => {
  it('counts every authenticated call per vendor; calls=apiKey (the default) only the API-key calls', async () => {
    const caller = await buildVendor();
    for (let i = 0; i < 3; i += 1) await get('/dashboard/settings', caller);
    const all = apiLogsResponseSchema.parse((await get('/home/logs/apiLogs?calls=all', admin)).body);
    expect(all.data.find((entry) => entry.data.vendorId === caller.user.vendorId)).toEqual({
      data: {
        fullName: caller.user.fullName,
        created_date: caller.user.createdAt.toISOString(),
        email: caller.user.email,
        vendorId: caller.user.vendorId,
      },
      count: 3,
    });
    const apiKeyOnly = apiLogsResponseSchema.parse((await get('/home/logs/apiLogs', admin)).body);
    expect(apiKeyOnly.data.some((entry) => entry.data.vendorId === caller.user.vendorId)).toBe(false);
    expect((await get('/home/logs/apiLogs?calls=some', admin)).status).toBe(400);
  });

  it('gives any signed-in vendor (the /AllLogs screen) its own calls only', async () => {
    const caller = await buildVendor();
    for (let i = 0; i < 2; i += 1) await get('/dashboard/settings', caller);
    await get('/dashboard/settings', other);
    const own = apiLogsResponseSchema.parse((await get('/home/logs/apiLogs?calls=all', caller)).body);
    expect(own.data.map((entry) => entry.data.vendorId)).toEqual([caller.user.vendorId]);
    // Its two calls and the log read itself, which is an authenticated call too.
    expect(own.data[0]?.count).toBeGreaterThanOrEqual(2);
  });
});

describe('GET /home/logs/esLogs', () => {
  const products = (as: BuiltVendor, query: string) => get(`/home/getProductslist?${query}`, as);

  it('401 without a token', async () => {
    expect((await get('/home/logs/esLogs', null)).status).toBe(401);
  });

  it('counts first-page searches per vendor, list and lower-cased text; paging and empty texts do not count', async () => {
    const searcher = await buildVendor();
    expect((await products(searcher, 'q=%20Shirt%20')).status).toBe(200);
    await products(searcher, 'q=shirt&pageNo=1');
    await products(searcher, 'q=shirt&pageNo=2');
    await products(searcher, 'q=');
    await get('/home/getMerchantsV2?searchText=Nike', searcher);

    const res = await get('/home/logs/esLogs', searcher);
    expect(res.status).toBe(200);
    const { data, totalRecords } = searchLogsResponseSchema.parse(res.body);
    expect(totalRecords).toBe(2);
    expect(data.map(({ list, text, count, vendorId }) => ({ list, text, count, vendorId }))).toEqual([
      { list: 'products', text: 'shirt', count: 2, vendorId: searcher.user.vendorId },
      { list: 'merchants', text: 'nike', count: 1, vendorId: searcher.user.vendorId },
    ]);
    const merchantsOnly = searchLogsResponseSchema.parse(
      (await get('/home/logs/esLogs?list=merchants', searcher)).body,
    );
    expect(merchantsOnly.data.map((row) => row.text)).toEqual(['nike']);

    expect((await get(`/home/logs/esLogs?vendorId=${searcher.user.vendorId}`, other)).status).toBe(403);
    const asAdmin = searchLogsResponseSchema.parse(
      (await get(`/home/logs/esLogs?vendorId=${searcher.user.vendorId}`, admin)).body,
    );
    expect(asAdmin.totalRecords).toBe(2);
    expect(asAdmin.data[0]?.fullName).toBe(searcher.user.fullName);
  });

  it("gives a vendor its own searches, never another vendor's; the admin sees every vendor's", async () => {
    const mine = await buildVendor();
    const theirs = await buildVendor();
    await products(mine, 'q=lamp');
    await products(theirs, 'q=kettle');
    const own = searchLogsResponseSchema.parse((await get('/home/logs/esLogs', mine)).body);
    expect(own.data.map((row) => [row.vendorId, row.text])).toEqual([[mine.user.vendorId, 'lamp']]);
    const everyone = searchLogsResponseSchema.parse((await get('/home/logs/esLogs?pageSize=100', admin)).body);
    const texts = everyone.data.map((row) => row.text);
    expect(texts).toEqual(expect.arrayContaining(['lamp', 'kettle']));
  });
});

describe('paged admin lists', () => {
  it('GET /home/getAllVendors?order=newest pages newest first with the total', async () => {
    const res = await get('/home/getAllVendors?order=newest&pageNo=1&pageSize=2', admin);
    expect(res.status).toBe(200);
    const page = vendorListResponseSchema.parse(res.body);
    const all = vendorListResponseSchema.parse((await get('/home/getAllVendors', admin)).body);
    expect(page.totalRecords).toBe(all.data.length);
    expect(page.data.map((row) => row.vendorId)).toEqual(
      [...all.data]
        .reverse()
        .slice(0, 2)
        .map((row) => row.vendorId),
    );
    expect((await get('/home/getAllVendors?order=sideways', admin)).status).toBe(400);
  });

  it('GET /home/getAllClicksReports pages the saved dates', async () => {
    await saveDate(ctx.app, admin.token, 'connexity', '2025-06-02');
    await saveDate(ctx.app, admin.token, 'connexity', '2025-06-03');
    const page = clicksReportDaysResponseSchema.parse(
      (await get('/home/getAllClicksReports?pageNo=2&pageSize=1', admin)).body,
    );
    expect(page.totalRecords).toBe(2);
    expect(page.data.map((row) => row.date)).toEqual(['2025-06-02']);
  });
});
