import request, { type Test } from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogsResponseSchema, orderHistoryResponseSchema } from '@publisher/contract';
import type { BuiltVendor } from '../testing/factories';
import { buildVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import { OTHER_VENDOR_MESSAGE } from './reports.router';
import { ALL_SOURCES_MENU, buildAdmin, saveDate, uploadRow, uploadRows } from './testing/report-fixtures';

const ctx = useTestApp();

let admin: BuiltVendor;
let vendorA: BuiltVendor;
let vendorB: BuiltVendor;

const DATE = '2025-05-06';
const RANGE = { startDate: '2025-05-01', endDate: '2025-05-31' };
const B_MARKER = 'only-in-b-reports';

beforeAll(async () => {
  admin = await buildAdmin();
  vendorA = await buildVendor({ menu: ALL_SOURCES_MENU });
  vendorB = await buildVendor({ menu: ALL_SOURCES_MENU });
  for (const source of ['connexity', 'newdashboard', 'doneoftheownou', 'shoppermeet', 'kelkoo'] as const)
    await saveDate(ctx.app, admin.token, source, DATE);
  const upload = await uploadRows(ctx.app, admin.token, [
    uploadRow({ CAMPAIGN_ID: vendorB.user.vendorId, FROM_DATE: '2025-05-07', PLACEMENT_ID: B_MARKER }),
  ]);
  expect(upload.status).toBe(200);
});

type Credentials = { token: string } | { apiKey: string; vendorId: number } | null;

interface RouteCase {
  name: string;
  /** How the route names the vendor to read: a body field, a query field, or not at all. */
  names: 'campaign_id (body)' | 'vendorId (query)' | 'campaign_id (query)' | 'none';
  send: (credentials: Credentials, targetVendorId: number) => Test;
}

function withCredentials(test: Test, credentials: Credentials): Test {
  return credentials && 'token' in credentials ? test.set('Authorization', credentials.token) : test;
}

const postRoute = (name: string, path: string, extra: object = {}): RouteCase => ({
  name,
  names: 'campaign_id (body)',
  send: (credentials, target) =>
    withCredentials(request(ctx.app).post(path), credentials)
      .send({ ...RANGE, ...extra, campaign_id: target })
      .buffer(true),
});

const getRoute = (name: string, path: string, field: 'vendorId' | 'campaign_id', extra: object = {}): RouteCase => ({
  name,
  names: field === 'vendorId' ? 'vendorId (query)' : 'campaign_id (query)',
  send: (credentials, target) => {
    const apiKey = credentials && 'apiKey' in credentials ? { apiKey: credentials.apiKey } : {};
    return withCredentials(request(ctx.app).get(path), credentials)
      .query({ ...RANGE, ...extra, ...apiKey, [field]: target })
      .buffer(true);
  },
});

/** Every report, summary and download call that reads a vendor's rows. */
const VENDOR_ROUTES: RouteCase[] = [
  postRoute('earnings', '/home/getEarningsReport'),
  postRoute('performance', '/home/getPerformanceReport'),
  postRoute('top performers', '/home/getTopPerformers'),
  postRoute('clicks report', '/home/getClicksReports'),
  postRoute('all clicks summary', '/home/getAllClicksSummary'),
  postRoute('all clicks summary by date', '/home/getAllClicksSummarybyDate'),
  postRoute('conversion report 1', '/home/getConversionReports'),
  postRoute('conversion report 1 summary', '/home/getConversionReportSummary'),
  postRoute('conversion report 1 summary by date', '/home/getConversionReportSummaryByDate'),
  postRoute('conversion report 1 download', '/home/getConversionReportsDownLoad'),
  postRoute('quality by merchant', '/home/getQualityReport', { groupBy: 'merchant' }),
  postRoute('quality by category', '/home/getQualityReport', { groupBy: 'category' }),
  postRoute('conversion report 2', '/newdashboard/getConversionReports2'),
  postRoute('deep link 3 report', '/doneoftheownou/getConversionReports'),
  postRoute('deep link 4 report', '/shoppermeet/getConversionReports'),
  postRoute('deep link 5 report', '/kelkoo/getConversionReports'),
  getRoute('connexity report', '/v1/connexity/getConversionReport', 'vendorId'),
  getRoute('connexity summary', '/v1/connexity/getConversionReportSummary', 'vendorId'),
  getRoute('connexity summary by date', '/v1/connexity/getConversionReportSummaryByDate', 'vendorId'),
  getRoute('connexity download', '/v1/connexity/downloadConversionReport', 'vendorId'),
  getRoute('connexity day-wise download', '/v1/connexity/downloadConversionReportByDate', 'vendorId'),
  getRoute('report 2 download', '/newdashboard/downloadConversionReports2', 'campaign_id'),
  getRoute('deep link 3 download', '/doneoftheownou/downloadConversionReports', 'campaign_id'),
  getRoute('deep link 4 download', '/shoppermeet/downloadConversionReports', 'campaign_id'),
  getRoute('deep link 5 download', '/kelkoo/downloadConversionReports', 'campaign_id'),
  getRoute('quality download', '/reports/downloadQualityReport', 'campaign_id', { groupBy: 'merchant' }),
  getRoute('download all', '/reports/downloadConversionReportsAll', 'campaign_id'),
];

const GET_ROUTES = VENDOR_ROUTES.filter((route) => route.names !== 'campaign_id (body)');

const bodyText = (res: { text: string; body: unknown }): string =>
  res.text.length > 0 ? res.text : JSON.stringify(res.body);

describe('reports access: every route that reads a vendor', () => {
  it.each(VENDOR_ROUTES.map((route) => [route.name, route] as const))(
    '%s: 401 without credentials',
    async (_name, route) => {
      const res = await route.send(null, vendorA.user.vendorId);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusMessages: ['Unauthenticated.'], errors: ['Unauthenticated.'] });
    },
  );

  it.each(VENDOR_ROUTES.map((route) => [route.name, route] as const))(
    "%s: vendor A naming vendor B's id gets 403",
    async (_name, route) => {
      const res = await route.send({ token: vendorA.token }, vendorB.user.vendorId);
      expect(res.status).toBe(403);
      expect(res.body.statusMessages).toEqual([OTHER_VENDOR_MESSAGE]);
      expect(bodyText(res)).not.toContain(B_MARKER);
    },
  );

  it.each(GET_ROUTES.map((route) => [route.name, route] as const))(
    "%s: A's apiKey with B's id is refused (401)",
    async (_name, route) => {
      const res = await route.send(
        { apiKey: vendorA.user.apiKey, vendorId: vendorB.user.vendorId },
        vendorB.user.vendorId,
      );
      expect(res.status).toBe(401);
      expect(bodyText(res)).not.toContain(B_MARKER);
    },
  );

  it.each(VENDOR_ROUTES.map((route) => [route.name, route] as const))(
    '%s: vendor A reading itself sees none of B’s rows',
    async (_name, route) => {
      const res = await route.send({ token: vendorA.token }, vendorA.user.vendorId);
      expect(res.status).toBe(200);
      expect(bodyText(res)).not.toContain(B_MARKER);
      expect(bodyText(res)).not.toMatch(new RegExp(`\\b${vendorB.user.vendorId}\\b`));
    },
  );

  it.each(VENDOR_ROUTES.map((route) => [route.name, route] as const))(
    '%s: the admin may name B and gets exactly what B gets',
    async (_name, route) => {
      const asAdmin = await route.send({ token: admin.token }, vendorB.user.vendorId);
      const asB = await route.send({ token: vendorB.token }, vendorB.user.vendorId);
      expect(asAdmin.status).toBe(200);
      expect(bodyText(asAdmin)).toBe(bodyText(asB));
    },
  );

  it('B’s own reports do hold the marker (so the checks above are meaningful)', async () => {
    const res = await request(ctx.app)
      .post('/home/getConversionReports')
      .set('Authorization', vendorB.token)
      .send(RANGE);
    expect(JSON.stringify(res.body)).toContain(B_MARKER);
  });

  it('a campaign_id query naming B is refused even with A’s valid apiKey + vendorId pair', async () => {
    const res = await request(ctx.app)
      .get('/newdashboard/downloadConversionReports2')
      .query({
        ...RANGE,
        apiKey: vendorA.user.apiKey,
        vendorId: vendorA.user.vendorId,
        campaign_id: vendorB.user.vendorId,
      });
    expect(res.status).toBe(403);
  });

  it("a body apiKey that is not the caller's own is refused", async () => {
    const res = await request(ctx.app)
      .post('/home/getConversionReports')
      .set('Authorization', vendorA.token)
      .send({ ...RANGE, apiKey: vendorB.user.apiKey });
    expect(res.status).toBe(403);
  });
});

describe('routes without a vendor parameter read the caller only', () => {
  it("My Orders: A's orders only", async () => {
    const res = await request(ctx.app)
      .post('/home/getOrderHistory')
      .set('Authorization', vendorA.token)
      .send({ pageSize: 500 });
    const body = orderHistoryResponseSchema.parse(res.body);
    expect(body.totalRecords).toBeGreaterThan(0);
    expect(body.data.every((order) => order.orderId.includes(`-${vendorA.user.vendorId}-`))).toBe(true);
  });

  it('apiLogs: counts API-key calls; a vendor sees its own line, the admin every vendor that called', async () => {
    const before = apiLogsResponseSchema.parse(
      (await request(ctx.app).get('/home/logs/apiLogs').set('Authorization', vendorA.token)).body,
    );
    const countBefore = before.data.find((entry) => entry.data.vendorId === vendorA.user.vendorId)?.count ?? 0;
    for (let i = 0; i < 3; i += 1) {
      const res = await request(ctx.app)
        .get('/v1/connexity/getConversionReportSummary')
        .query({ ...RANGE, apiKey: vendorA.user.apiKey, vendorId: vendorA.user.vendorId });
      expect(res.status).toBe(200);
    }
    await request(ctx.app)
      .get('/v1/connexity/getConversionReportSummary')
      .query({ ...RANGE, apiKey: vendorB.user.apiKey, vendorId: vendorB.user.vendorId });
    // A token call is not an API-key call.
    await request(ctx.app)
      .get('/v1/connexity/getConversionReportSummary')
      .set('Authorization', vendorA.token)
      .query({ ...RANGE, vendorId: vendorA.user.vendorId });

    const own = apiLogsResponseSchema.parse(
      (await request(ctx.app).get('/home/logs/apiLogs').set('Authorization', vendorA.token)).body,
    );
    expect(own.data).toHaveLength(1);
    expect(own.data[0]).toMatchObject({
      count: countBefore + 3,
      data: { vendorId: vendorA.user.vendorId, email: vendorA.user.email, fullName: vendorA.user.fullName },
    });
    expect(own.data[0]?.data.created_date).toBe(vendorA.user.createdAt.toISOString());

    const all = apiLogsResponseSchema.parse(
      (await request(ctx.app).get('/home/logs/apiLogs').set('Authorization', admin.token)).body,
    );
    expect(all.data.map((entry) => entry.data.vendorId).sort()).toEqual(
      expect.arrayContaining([vendorA.user.vendorId, vendorB.user.vendorId]),
    );
    expect(all.data.find((entry) => entry.data.vendorId === vendorB.user.vendorId)?.count).toBeGreaterThanOrEqual(1);
  });

  it('apiLogs: 401 without a token', async () => {
    expect((await request(ctx.app).get('/home/logs/apiLogs')).status).toBe(401);
  });
});
