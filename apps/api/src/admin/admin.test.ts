import type { Express } from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  clicksReportDaysResponseSchema,
  saveReportsResponseSchema,
  vendorListResponseSchema,
} from '@publisher/contract';
import { ALL_SOURCES_MENU, buildAdmin, saveDate } from '../reports/testing/report-fixtures';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { createAppFor, useTestApp } from '../testing/test-app';
import { AccessLogModel } from './access-log.model';

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
      apiKey: `${'*'.repeat(first.user.apiKey.length - 4)}${first.user.apiKey.slice(-4)}`,
      createdAt: first.user.createdAt.toISOString(),
    });
    expect(JSON.stringify(res.body)).not.toContain('passwordHash');
    // No working key leaves in the list: each is masked down to its last 4 characters.
    for (const built of [admin, first, second]) expect(JSON.stringify(res.body)).not.toContain(built.user.apiKey);
  });
});

describe('GET /home/getAllVendors?search=', () => {
  const search = async (text: string) => {
    const res = await request(ctx.app)
      .get('/home/getAllVendors')
      .query({ order: 'newest', search: text })
      .set('Authorization', admin.token);
    expect(res.status).toBe(200);
    return vendorListResponseSchema.parse(res.body);
  };

  it('finds accounts by part of the name or email in any case, or by vendorId, and counts only the matches', async () => {
    const odd = await buildVendor({ fullName: 'Zoë (Q.A.) Harrow', email: 'zoe.harrow+qa@example.test' });
    const byName = await search('  harROW ');
    expect(byName.data.map((row) => row.vendorId)).toEqual([odd.user.vendorId]);
    expect(byName.totalRecords).toBe(1);
    expect((await search('+QA@EXAMPLE')).data.map((row) => row.vendorId)).toEqual([odd.user.vendorId]);
    expect((await search(String(first.user.vendorId))).data.map((row) => row.vendorId)).toEqual([
      first.user.vendorId,
    ]);
    // The text is taken literally: pattern characters find themselves, not everything.
    expect((await search('(Q.A.)')).data.map((row) => row.vendorId)).toEqual([odd.user.vendorId]);
    expect(await search('.*')).toEqual({ data: [], totalRecords: 0 });
    // Blank is no search: every account.
    expect((await search('  ')).totalRecords).toBe(4);
  });

  it('refuses a search over 100 characters with a 400 that says so', async () => {
    const res = await request(ctx.app)
      .get('/home/getAllVendors')
      .query({ search: 'x'.repeat(101) })
      .set('Authorization', admin.token);
    expect(res.status).toBe(400);
    expect(res.body.statusMessages).toEqual(['search can be at most 100 characters']);
  });
});

describe('POST /home/vendors/:vendorId/revealApiKey', () => {
  const reveal = (app: Express, vendorId: number | string, as: BuiltVendor | null) => {
    const call = request(app).post(`/home/vendors/${vendorId}/revealApiKey`).send({});
    return as ? call.set('Authorization', as.token) : call;
  };

  it('401 without a token, 403 for a vendor (its own key included)', async () => {
    expect((await reveal(ctx.app, first.user.vendorId, null)).status).toBe(401);
    const own = await reveal(ctx.app, first.user.vendorId, first);
    expect(own.status).toBe(403);
    expect(JSON.stringify(own.body)).not.toContain(first.user.apiKey);
  });

  it('400 on a vendorId that is not a number, 404 for an unknown vendor', async () => {
    const bad = await reveal(ctx.app, 'abc', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.statusMessages[0]).toBe('vendorId must be a number');
    const unknown = await reveal(ctx.app, 987_654_321, admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.statusMessages).toEqual(['No vendor with this vendorId.']);
  });

  it('answers the whole key to the admin, and logs who revealed whose key', async () => {
    const lines: string[] = [];
    const app = createAppFor({
      config: ctx.config,
      database: { kind: inject('databaseKind') },
      log: (line) => lines.push(line),
    });
    const res = await reveal(app, second.user.vendorId, admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { vendorId: second.user.vendorId, apiKey: second.user.apiKey } });
    expect(lines).toContain(
      `[audit] vendor ${admin.user.vendorId} revealed the apiKey of vendor ${second.user.vendorId}`,
    );
    // The access log holds the call too, under the admin, with the vendor in its path.
    await app.state.activity.flush();
    const logged = await AccessLogModel.findOne({
      vendorId: admin.user.vendorId,
      path: `/home/vendors/${second.user.vendorId}/revealApiKey`,
    }).lean();
    expect(logged).toMatchObject({ method: 'POST', status: 200 });
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
