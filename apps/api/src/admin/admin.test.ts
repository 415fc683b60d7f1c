import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  clicksReportDaysResponseSchema,
  saveReportsResponseSchema,
  vendorListResponseSchema,
} from '@publisher/contract';
import { ALL_SOURCES_MENU, buildAdmin, saveDate } from '../reports/testing/report-fixtures';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';

const ctx = useTestApp();

let admin: BuiltVendor;
let first: BuiltVendor;
let second: BuiltVendor;

beforeAll(async () => {
  admin = await buildAdmin();
  first = await buildVendor({ menu: ALL_SOURCES_MENU });
  second = await buildVendor({ menu: ALL_SOURCES_MENU });
});

describe.each(['/home/getAllVendors', '/home/getAllClicksReports'])('GET %s access', (path) => {
  it('answers 401 without a token', async () => {
    expect((await request(ctx.app).get(path)).status).toBe(401);
  });

  it('answers 403 to a vendor who is not the admin', async () => {
    const res = await request(ctx.app).get(path).set('Authorization', first.token);
    expect(res.status).toBe(403);
    expect(res.body.statusMessages.length).toBeGreaterThan(0);
  });
});

describe('GET /home/getAllVendors', () => {
  it('lists every account, oldest first, with the columns of the All Vendors List and no secrets', async () => {
    const res = await request(ctx.app).get('/home/getAllVendors').set('Authorization', admin.token);
    expect(res.status).toBe(200);
    const { data } = vendorListResponseSchema.parse(res.body);
    expect(data.map((row) => row.vendorId)).toEqual([admin, first, second].map((built) => built.user.vendorId));
    expect(data[1]).toEqual({
      _id: first.user._id.toHexString(),
      fullName: first.user.fullName,
      email: first.user.email,
      vendorId: first.user.vendorId,
      apiKey: first.user.apiKey,
      createdAt: first.user.createdAt.toISOString(),
    });
    expect(JSON.stringify(res.body)).not.toContain('passwordHash');
  });
});

describe('GET /home/getAllClicksReports', () => {
  it('lists the saved dates of the clicks report with their row counts, newest first, and nothing of other sources', async () => {
    const before = clicksReportDaysResponseSchema.parse(
      (await request(ctx.app).get('/home/getAllClicksReports').set('Authorization', admin.token)).body,
    );
    expect(before.data).toEqual([]);

    const older = saveReportsResponseSchema.parse(
      (await saveDate(ctx.app, admin.token, 'connexity', '2025-06-02')).body,
    );
    const newer = saveReportsResponseSchema.parse(
      (await saveDate(ctx.app, admin.token, 'connexity', '2025-07-09')).body,
    );
    await saveDate(ctx.app, admin.token, 'kelkoo', '2025-07-10');

    const res = await request(ctx.app).get('/home/getAllClicksReports').set('Authorization', admin.token);
    expect(res.status).toBe(200);
    expect(clicksReportDaysResponseSchema.parse(res.body).data).toEqual([
      { date: '2025-07-09', count: newer.run.rowsWritten },
      { date: '2025-06-02', count: older.run.rowsWritten },
    ]);
    expect(older.run.rowsWritten).toBeGreaterThan(0);
  });
});
