import type { Express } from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDays,
  EXTENSION_MESSAGES,
  EXTENSION_NUMERIC_COLUMNS,
  extensionRevenueResponseSchema,
  saveExtensionReportsResponseSchema,
  todayUtc,
} from '@publisher/contract';
import { buildAdmin } from '../reports/testing/report-fixtures';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { createAppFor, testConfig, useTestApp } from '../testing/test-app';
import { ExtensionReportModel } from './extension-report.model';
import { createExtensionRevenueService } from './extension-revenue-service';
import { dailyRows } from './extension-simulator';

const ctx = useTestApp();
const yesterday = addDays(todayUtc(), -1);

let vendor: BuiltVendor;
let admin: BuiltVendor;

beforeAll(async () => {
  vendor = await buildVendor();
  admin = await buildAdmin({ vendorId: 5029 });
});

const login = (body: object) => request(ctx.app).post('/api/auth/login').send(body);
const serviceLogin = async () => {
  const { email, password } = ctx.config.extensionService;
  return (await login({ email, password })).body.token as string;
};

describe('the mock revenue service', () => {
  it('POST /api/auth/login: the configured account gets a token; anything else 401; bad input 400', async () => {
    const { email, password } = ctx.config.extensionService;
    const ok = await login({ email, password });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ token: expect.any(String), expiresIn: 3600 });
    const wrong = await login({ email, password: `${password}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.body.statusMessages[0]).toBe(EXTENSION_MESSAGES.invalidCredentials);
    const bad = await login({ email: 'not-an-email', password });
    expect(bad.status).toBe(400);
    expect(bad.body.statusMessages[0]).toBe('email must be a valid email');
  });

  const SERVICE_PATHS = {
    y_daily_paged: (account: string) => `/api/users/y_daily_paged/accounts/${account}`,
    y_device: (account: string) => `/api/users/y_device/accounts/${account}`,
    y_market: (account: string) => `/api/users/y_market/accounts/${account}`,
  } as const;

  it.each(Object.keys(SERVICE_PATHS) as (keyof typeof SERVICE_PATHS)[])(
    'GET /api/users/%s: token, account and date checked',
    async (kind) => {
      const path = SERVICE_PATHS[kind](ctx.config.extensionService.account);
      const token = await serviceLogin();
      const ok = await request(ctx.app).get(path).query({ date: yesterday }).set('Authorization', `Bearer ${token}`);
      expect(ok.status).toBe(200);
      expect(ok.body.data.length).toBeGreaterThan(0);
      expect(ok.body.data[0]).toMatchObject({ y_date: yesterday });
      expect((await request(ctx.app).get(path).query({ date: yesterday })).status).toBe(401);
      // A portal session is not a service token.
      expect(
        (await request(ctx.app).get(path).query({ date: yesterday }).set('Authorization', vendor.token)).status,
      ).toBe(401);
      const tampered = `${token.split('.')[0] ?? ''}9.${token.split('.')[1] ?? ''}`;
      expect(
        (await request(ctx.app).get(path).query({ date: yesterday }).set('Authorization', `Bearer ${tampered}`)).status,
      ).toBe(401);
      const bad = await request(ctx.app)
        .get(path)
        .query({ date: '2026-02-30' })
        .set('Authorization', `Bearer ${token}`);
      expect(bad.status).toBe(400);
      const unknown = await request(ctx.app)
        .get(SERVICE_PATHS[kind]('999'))
        .query({ date: yesterday })
        .set('Authorization', `Bearer ${token}`);
      expect(unknown.status).toBe(404);
    },
  );

  it('refuses an expired token', () => {
    let clock = new Date('2026-03-01T00:00:00Z');
    const service = createExtensionRevenueService(
      { email: 'svc@example.test', password: 'password-1', account: '1', secret: 's' },
      () => clock,
    );
    const { token } = service.login('svc@example.test', 'password-1');
    expect(service.daily(token, '1', '2026-02-28')).toHaveLength(3);
    clock = new Date('2026-03-01T01:00:01Z');
    expect(() => service.daily(token, '1', '2026-02-28')).toThrow(EXTENSION_MESSAGES.invalidServiceToken);
  });
});

describe('GET /extension/revenue', () => {
  it('401 without a token', async () => {
    expect((await request(ctx.app).get('/extension/revenue').query({ date: yesterday })).status).toBe(401);
  });

  it("403 for a vendor: partner-wide revenue is the admin's", async () => {
    const res = await request(ctx.app)
      .get('/extension/revenue')
      .query({ date: yesterday })
      .set('Authorization', vendor.token);
    expect(res.status).toBe(403);
  });

  it('400 on bad input', async () => {
    const res = await request(ctx.app)
      .get('/extension/revenue')
      .query({ date: 'yesterday' })
      .set('Authorization', admin.token);
    expect(res.status).toBe(400);
    expect(res.body.statusMessages[0]).toBe('date must be a date in YYYY-MM-DD format');
  });

  it("answers the service's three tables to the admin (the API signs in with its own credentials)", async () => {
    const res = await request(ctx.app)
      .get('/extension/revenue')
      .query({ date: yesterday })
      .set('Authorization', admin.token);
    expect(res.status).toBe(200);
    const revenue = extensionRevenueResponseSchema.parse(res.body);
    expect(revenue.daily).toEqual(dailyRows(ctx.config.extensionService.account, yesterday, todayUtc()));
    expect(revenue.device).toHaveLength(9);
    expect(revenue.market).toHaveLength(9);
    expect(revenue.market[0]).toMatchObject({ user_country: 'US', market: 'en-US' });
    expect(revenue.device[0]).toHaveProperty('device_type', 'desktop');
  });

  it('the totals of the numeric columns are the sums of the rows', async () => {
    const res = await request(ctx.app)
      .get('/extension/revenue')
      .query({ date: yesterday })
      .set('Authorization', admin.token);
    const { daily } = extensionRevenueResponseSchema.parse(res.body);
    for (const column of EXTENSION_NUMERIC_COLUMNS) {
      const total = daily.reduce((sum, row) => sum + row[column], 0);
      expect(total).toBeGreaterThan(0);
    }
  });

  it('nothing for a future date', async () => {
    const res = await request(ctx.app)
      .get('/extension/revenue')
      .query({ date: addDays(todayUtc(), 2) })
      .set('Authorization', admin.token);
    expect(res.body).toMatchObject({ daily: [], device: [], market: [] });
  });
});

describe('POST /extension/saveReports and GET /extension/savedReports (admin)', () => {
  const range = { startDate: addDays(yesterday, -2), endDate: yesterday };

  it('401 without a token, 403 for a vendor', async () => {
    expect((await request(ctx.app).post('/extension/saveReports').send(range)).status).toBe(401);
    expect(
      (await request(ctx.app).post('/extension/saveReports').send(range).set('Authorization', vendor.token)).status,
    ).toBe(403);
    expect(
      (await request(ctx.app).get('/extension/savedReports').query(range).set('Authorization', vendor.token)).status,
    ).toBe(403);
  });

  it('400 on bad input', async () => {
    const reversed = await request(ctx.app)
      .post('/extension/saveReports')
      .send({ startDate: yesterday, endDate: addDays(yesterday, -1) })
      .set('Authorization', admin.token);
    expect(reversed.status).toBe(400);
    expect(reversed.body.statusMessages[0]).toBe('Start Date cannot be after End Date');
    const long = await request(ctx.app)
      .post('/extension/saveReports')
      .send({ startDate: addDays(yesterday, -31), endDate: yesterday })
      .set('Authorization', admin.token);
    expect(long.body.statusMessages[0]).toBe(EXTENSION_MESSAGES.rangeTooLong);
  });

  it('saves every date of the range once (a second save replaces) and lists what was saved', async () => {
    const first = await request(ctx.app).post('/extension/saveReports').send(range).set('Authorization', admin.token);
    expect(first.status).toBe(200);
    const saved = saveExtensionReportsResponseSchema.parse(first.body);
    expect(saved.statusMessage).toBe('Extension reports saved for 3 days.');
    expect(saved.data.map((day) => day.date)).toEqual([range.startDate, addDays(range.startDate, 1), yesterday]);
    expect(saved.data[0]).toMatchObject({ dailyRows: 3, deviceRows: 9, marketRows: 9 });
    await request(ctx.app).post('/extension/saveReports').send(range).set('Authorization', admin.token);
    expect(await ExtensionReportModel.countDocuments()).toBe(3);
    const stored = await ExtensionReportModel.findById(yesterday).lean();
    expect(stored?.daily).toEqual(dailyRows(ctx.config.extensionService.account, yesterday, todayUtc()));
    const list = await request(ctx.app).get('/extension/savedReports').query(range).set('Authorization', admin.token);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(3);
    expect(list.body.data[2].partnerRevShare).toBeCloseTo(
      dailyRows(ctx.config.extensionService.account, yesterday, todayUtc()).reduce(
        (sum, row) => sum + row.partner_rev_share,
        0,
      ),
      2,
    );
  });
});

describe('with the stand-in off (production without EXTENSION_SERVICE_STANDIN=true)', () => {
  let app: Express;
  beforeAll(() => {
    const config = testConfig({ extensionService: { ...ctx.config.extensionService, isStandIn: false } });
    app = createAppFor({ config, database: { kind: inject('databaseKind') }, log: () => undefined });
  });

  it("the stand-in's sign-in and report routes answer 404 like unknown routes, whatever the method or body", async () => {
    const { email, password, account } = ctx.config.extensionService;
    const signIn = await request(app).post('/api/auth/login').send({ email, password });
    expect(signIn.status).toBe(404);
    expect(signIn.body).toEqual({
      statusMessages: ['No route for POST /api/auth/login.'],
      errors: ['No route for POST /api/auth/login.'],
    });
    // Bad input is not checked first (a 400 would tell the route exists), nor another method refused with 405.
    expect((await request(app).post('/api/auth/login').send({})).status).toBe(404);
    expect((await request(app).put('/api/auth/login').send({})).status).toBe(404);
    for (const kind of ['y_daily_paged', 'y_device', 'y_market']) {
      const path = `/api/users/${kind}/accounts/${account}`;
      const res = await request(app).get(path).query({ date: yesterday });
      expect(res.status).toBe(404);
      expect(res.body.statusMessages).toEqual([`No route for GET ${path}.`]);
    }
    // The app with the stand-in on still serves it.
    expect((await request(ctx.app).post('/api/auth/login').send({ email, password })).status).toBe(200);
  });

  it("the portal's extension calls say the service is not configured (503), and nothing is saved", async () => {
    const revenue = await request(app)
      .get('/extension/revenue')
      .query({ date: yesterday })
      .set('Authorization', admin.token);
    expect(revenue.status).toBe(503);
    expect(revenue.body.statusMessages).toEqual([EXTENSION_MESSAGES.serviceNotConfigured]);
    const before = await ExtensionReportModel.countDocuments();
    const save = await request(app)
      .post('/extension/saveReports')
      .send({ startDate: yesterday, endDate: yesterday })
      .set('Authorization', admin.token);
    expect(save.status).toBe(503);
    expect(await ExtensionReportModel.countDocuments()).toBe(before);
  });
});
