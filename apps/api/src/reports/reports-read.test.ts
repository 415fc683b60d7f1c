import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Aggregation,
  clicksReportResponseSchema,
  conversionReportResponseSchema,
  DATE_RANGE_MESSAGES,
  earningsReportResponseSchema,
  MAX_DATE_RANGE_DAYS,
  orderHistoryResponseSchema,
  periodStart,
  qualityReportResponseSchema,
  report2ResponseSchema,
  type ReportSource,
  reportSummaryResponseSchema,
  summaryByDateResponseSchema,
  type UploadRow,
} from '@publisher/contract';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import { merchantByName } from './report-merchants';
import type { SimulatedRow } from './report-simulator';
import {
  ALL_SOURCES_MENU,
  CONNEXITY_ONLY_MENU,
  buildAdmin,
  expectedDay,
  placementsOf,
  saveDate,
  sum,
  uploadRow,
  uploadRows,
} from './testing/report-fixtures';

const ctx = useTestApp();

let admin: BuiltVendor;
/** Simulated data of every source on SIM_DATES. */
let sim: BuiltVendor;
/** Uploaded rows with known figures. */
let known: BuiltVendor;
/** 30 uploaded rows for paging. */
let paged: BuiltVendor;

const SIM_DATES = ['2025-03-03', '2025-03-04'];
const RANGE = { startDate: '2025-03-01', endDate: '2025-04-30' };
const SIM_RANGE = { startDate: SIM_DATES[0], endDate: SIM_DATES[1] };

let knownRows: UploadRow[] = [];

const post = (path: string, token: string, body: object) =>
  request(ctx.app).post(path).set('Authorization', token).send(body);

beforeAll(async () => {
  admin = await buildAdmin();
  sim = await buildVendor({ menu: ALL_SOURCES_MENU });
  // Outside every source's coverage: its only rows are the ones uploaded below.
  known = await buildVendor({ menu: { ...CONNEXITY_ONLY_MENU, deeplink1: { cpc: false, cpa: false } } });
  paged = await buildVendor({ menu: { ...CONNEXITY_ONLY_MENU, deeplink1: { cpc: false, cpa: false } } });
  for (const source of ['connexity', 'newdashboard', 'doneoftheownou', 'shoppermeet', 'kelkoo'] as const) {
    for (const date of SIM_DATES) await saveDate(ctx.app, admin.token, source, date);
  }
  const id = known.user.vendorId;
  knownRows = [
    uploadRow({
      CAMPAIGN_ID: id,
      FROM_DATE: '2025-03-03',
      PLACEMENT_ID: 'p1',
      CLICKS: 100,
      SALES_COUNT: 3,
      SALES: 250.5,
      EARNINGS: 12.3456789,
    }),
    uploadRow({
      CAMPAIGN_ID: id,
      FROM_DATE: '2025-03-03',
      PLACEMENT_ID: 'p2',
      CLICKS: 7,
      SALES_COUNT: 0,
      SALES: 0,
      EARNINGS: 1.1111111,
    }),
    uploadRow({
      CAMPAIGN_ID: id,
      FROM_DATE: '2025-03-05',
      PLACEMENT_ID: 'p1',
      CLICKS: 0,
      SALES_COUNT: 0,
      SALES: 0,
      EARNINGS: 0,
    }),
    uploadRow({
      CAMPAIGN_ID: id,
      FROM_DATE: '2025-03-09',
      PLACEMENT_ID: '=HYPERLINK("x")',
      CLICKS: 13,
      SALES_COUNT: 1,
      SALES: 99.99,
      EARNINGS: 4.4444444,
    }),
    uploadRow({
      CAMPAIGN_ID: id,
      FROM_DATE: '2025-03-09',
      PLACEMENT_ID: 'a,b "c"',
      CLICKS: 3,
      SALES_COUNT: 0,
      SALES: 0,
      EARNINGS: 0.3,
    }),
    uploadRow({
      CAMPAIGN_ID: id,
      FROM_DATE: '2025-03-10',
      PLACEMENT_ID: 'p1',
      CLICKS: 50,
      SALES_COUNT: 2,
      SALES: 80.25,
      EARNINGS: 7.1234567,
    }),
    uploadRow({
      CAMPAIGN_ID: id,
      FROM_DATE: '2025-04-01',
      PLACEMENT_ID: 'p2',
      CLICKS: 20,
      SALES_COUNT: 0,
      SALES: 0,
      EARNINGS: 3.3333333,
    }),
  ];
  expect((await uploadRows(ctx.app, admin.token, knownRows)).status).toBe(200);
  const pagedRows = [
    ...Array.from({ length: 25 }, (_, i) =>
      uploadRow({
        CAMPAIGN_ID: paged.user.vendorId,
        FROM_DATE: '2025-03-03',
        PLACEMENT_ID: `p${String(i).padStart(2, '0')}`,
      }),
    ),
    ...Array.from({ length: 5 }, (_, i) =>
      uploadRow({ CAMPAIGN_ID: paged.user.vendorId, FROM_DATE: '2025-03-04', PLACEMENT_ID: `q${i}` }),
    ),
  ];
  expect((await uploadRows(ctx.app, admin.token, pagedRows)).status).toBe(200);
});

// ---------- independent expectations ----------

interface Sums {
  clicks: number;
  salesCount: number;
  sales: number;
  earnings: number;
}
const sumsOf = (rows: readonly { CLICKS: number; SALES_COUNT: number; SALES: number; EARNINGS: number }[]): Sums => ({
  clicks: sum(rows, (row) => row.CLICKS),
  salesCount: sum(rows, (row) => row.SALES_COUNT),
  sales: sum(rows, (row) => row.SALES),
  earnings: sum(rows, (row) => row.EARNINGS),
});
const div = (a: number, b: number) => (b === 0 ? 0 : a / b);

function knownPeriods(aggregation: Aggregation): [string, Sums][] {
  const keys = [...new Set(knownRows.map((row) => periodStart(row.FROM_DATE, aggregation)))].sort();
  return keys.map((key) => [key, sumsOf(knownRows.filter((row) => periodStart(row.FROM_DATE, aggregation) === key))]);
}

const simRows = (source: ReportSource, isCPC?: boolean): { date: string; row: SimulatedRow }[] =>
  SIM_DATES.flatMap((date) =>
    expectedDay(source, sim.user.vendorId, ALL_SOURCES_MENU, date)
      .rows.filter((row) => isCPC === undefined || row.isCPC === isCPC)
      .map((row) => ({ date, row })),
  );

// ---------- dashboard ----------

describe('POST /home/getEarningsReport', () => {
  it('401 without a token', async () => {
    expect((await request(ctx.app).post('/home/getEarningsReport').send(RANGE)).status).toBe(401);
  });

  it.each([
    [
      'a start after the end',
      { startDate: '2025-03-10', endDate: '2025-03-01' },
      'Start Date cannot be after End Date',
    ],
    [
      'a malformed date',
      { startDate: '2025/03/01', endDate: '2025-03-10' },
      'body.startDate: must be a date in YYYY-MM-DD format',
    ],
    ['an unknown aggregation', { ...RANGE, aggregation: 'yearly' }, null],
    ['isCPC as a string', { ...RANGE, isCPC: 'true' }, null],
  ])('400 on %s', async (_case, body, message) => {
    const res = await post('/home/getEarningsReport', known.token, body);
    expect(res.status).toBe(400);
    if (message) expect([...res.body.statusMessages, ...res.body.errors]).toContain(message);
  });

  it('answers the same JSON, with its exact length, to the same question', async () => {
    const answers = [];
    for (let i = 0; i < 2; i += 1)
      answers.push(await post('/home/getEarningsReport', known.token, { ...RANGE, aggregation: 'weekly' }));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
      expect(res.text).toBe(answers[0]?.text);
    }
    expect(
      earningsReportResponseSchema.parse(JSON.parse(answers[0]?.text ?? '')).reports.earnings.length,
    ).toBeGreaterThan(0);
  });

  it.each(['daily', 'weekly', 'monthly'] as const)(
    'sums the saved rows per %s period, ratios of sums, full precision',
    async (aggregation) => {
      const res = await post('/home/getEarningsReport', known.token, { ...RANGE, aggregation });
      expect(res.status).toBe(200);
      const body = earningsReportResponseSchema.parse(res.body);
      const all = sumsOf(knownRows);
      expect(body.reports.totals.totalRedirects).toBe(all.clicks);
      expect(body.reports.totals.totalEarnings).toBeCloseTo(all.earnings, 12);
      expect(body.reports.totals.totalEarningsPerRedirect).toBeCloseTo(all.earnings / all.clicks, 12);
      expect(body.reports.totals.totalSalesCount).toBe(all.salesCount);
      expect(body.reports.totals.totalSalesAmount).toBeCloseTo(all.sales, 10);
      expect(body.reports.totals.totalConversionRate).toBeCloseTo((all.salesCount / all.clicks) * 100, 12);
      expect(body.reports.totals.totalAov).toBeCloseTo(all.sales / all.salesCount, 10);
      const periods = knownPeriods(aggregation);
      expect(body.reports.earnings.map((row) => row.date)).toEqual(periods.map(([date]) => date));
      for (const [index, [, sums]] of periods.entries()) {
        const row = body.reports.earnings[index];
        expect(row?.redirects).toBe(sums.clicks);
        expect(row?.estimatedEarnings).toBeCloseTo(sums.earnings, 12);
        expect(row?.cpc).toBeCloseTo(div(sums.earnings, sums.clicks), 12);
        expect(row?.salesCount).toBe(sums.salesCount);
        expect(row?.conversionRate).toBeCloseTo(div(sums.salesCount, sums.clicks) * 100, 12);
        expect(row?.aov).toBeCloseTo(div(sums.sales, sums.salesCount), 10);
      }
    },
  );

  it('sums a week that spans two months into one period named by its first day in the range', async () => {
    const vendor = await buildVendor({ menu: { ...CONNEXITY_ONLY_MENU, deeplink1: { cpc: false, cpa: false } } });
    const clicksOn = { '2025-06-30': 10, '2025-07-01': 20, '2025-07-06': 30, '2025-07-07': 40 };
    const rows = Object.entries(clicksOn).map(([date, clicks]) =>
      uploadRow({ CAMPAIGN_ID: vendor.user.vendorId, FROM_DATE: date, CLICKS: clicks }),
    );
    expect((await uploadRows(ctx.app, admin.token, rows)).status).toBe(200);
    const periods = async (startDate: string, aggregation: Aggregation) =>
      earningsReportResponseSchema
        .parse(
          (await post('/home/getEarningsReport', vendor.token, { startDate, endDate: '2025-07-08', aggregation })).body,
        )
        .reports.earnings.map((row) => [row.date, row.redirects]);
    expect(await periods('2025-06-29', 'weekly')).toEqual([
      ['2025-06-30', 60],
      ['2025-07-07', 40],
    ]);
    expect(await periods('2025-07-01', 'weekly')).toEqual([
      ['2025-07-01', 50],
      ['2025-07-07', 40],
    ]);
    expect(await periods('2025-06-29', 'monthly')).toEqual([
      ['2025-06-29', 10],
      ['2025-07-01', 90],
    ]);
    expect(await periods('2025-07-06', 'daily')).toEqual([
      ['2025-07-06', 30],
      ['2025-07-07', 40],
    ]);
  });

  it('names weekly periods by their Monday and answers 0 (not NaN) for a day without clicks', async () => {
    const weekly = earningsReportResponseSchema.parse(
      (await post('/home/getEarningsReport', known.token, { ...RANGE, aggregation: 'weekly' })).body,
    );
    expect(weekly.reports.earnings.map((row) => row.date)).toEqual(['2025-03-03', '2025-03-10', '2025-03-31']);
    const zeroDay = earningsReportResponseSchema.parse(
      (await post('/home/getEarningsReport', known.token, { startDate: '2025-03-05', endDate: '2025-03-05' })).body,
    );
    expect(zeroDay.reports.earnings).toEqual([
      {
        date: '2025-03-05',
        redirects: 0,
        estimatedEarnings: 0,
        cpc: 0,
        salesCount: 0,
        salesAmount: 0,
        conversionRate: 0,
        aov: 0,
      },
    ]);
    expect(zeroDay.reports.totals).toMatchObject({
      cpcEarningsPerRedirect: 0,
      cpaEarningsPerRedirect: 0,
      totalEarningsPerRedirect: 0,
      totalConversionRate: 0,
      totalAov: 0,
    });
  });

  it('shows no rows for dates never saved', async () => {
    const body = earningsReportResponseSchema.parse(
      (await post('/home/getEarningsReport', known.token, { startDate: '2024-01-01', endDate: '2024-12-31' })).body,
    );
    expect(body.reports.earnings).toEqual([]);
    expect(body.reports.totals.totalRedirects).toBe(0);
  });

  it('filters CPC or CPA rows with isCPC and returns both without it', async () => {
    for (const isCPC of [true, false, undefined]) {
      const body = earningsReportResponseSchema.parse(
        (await post('/home/getEarningsReport', sim.token, { ...SIM_RANGE, isCPC })).body,
      );
      const rows = simRows('connexity', isCPC);
      expect(rows.length).toBeGreaterThan(0);
      expect(body.reports.totals.totalRedirects).toBe(sum(rows, ({ row }) => row.clicks));
      expect(body.reports.totals.totalEarnings).toBeCloseTo(
        sum(rows, ({ row }) => row.earnings),
        9,
      );
      expect(body.reports.totals.totalSalesCount).toBe(sum(rows, ({ row }) => row.salesCount));
      // The spec's cpc* fields count the CPC rows among them, cpa* the CPA rows.
      expect(body.reports.totals.cpcRedirects).toBe(
        sum(
          rows.filter(({ row }) => row.isCPC),
          ({ row }) => row.clicks,
        ),
      );
      expect(body.reports.totals.cpaRedirects).toBe(
        sum(
          rows.filter(({ row }) => !row.isCPC),
          ({ row }) => row.clicks,
        ),
      );
    }
  });
});

describe('POST /home/getPerformanceReport', () => {
  it('answers clicks, earnings and CPC per period', async () => {
    const res = await post('/home/getPerformanceReport', known.token, { ...RANGE, aggregation: 'monthly' });
    expect(res.status).toBe(200);
    const march = sumsOf(knownRows.filter((row) => row.FROM_DATE.startsWith('2025-03')));
    expect(res.body.reportsData).toHaveLength(2);
    expect(res.body.reportsData[0]).toMatchObject({ report_date: '2025-03-01', clicks: march.clicks });
    expect(res.body.reportsData[0].earnings).toBeCloseTo(march.earnings, 12);
    expect(res.body.reportsData[0].cpc).toBeCloseTo(march.earnings / march.clicks, 12);
    expect(res.body.reportsData[1]).toEqual({
      report_date: '2025-04-01',
      clicks: 20,
      earnings: 3.3333333,
      cpc: 3.3333333 / 20,
    });
  });
});

describe('summaries', () => {
  it.each(['/home/getAllClicksSummary', '/home/getConversionReportSummary'])(
    '%s: totals over the range',
    async (path) => {
      const res = await post(path, known.token, RANGE);
      expect(res.status).toBe(200);
      const { data } = reportSummaryResponseSchema.parse(res.body);
      const all = sumsOf(knownRows);
      expect(data.totalClicks).toBe(all.clicks);
      expect(data.totalSales).toBe(all.salesCount);
      expect(data.totalEarnings).toBeCloseTo(all.earnings, 12);
      expect(data.clickAvgCPC).toBeCloseTo(all.earnings / all.clicks, 12);
      expect(data.totalConversionRate).toBeCloseTo((all.salesCount / all.clicks) * 100, 12);
    },
  );

  it.each(['/home/getAllClicksSummarybyDate', '/home/getConversionReportSummaryByDate'])(
    '%s: one row per date',
    async (path) => {
      const res = await post(path, known.token, RANGE);
      expect(res.status).toBe(200);
      const { data } = summaryByDateResponseSchema.parse(res.body);
      const periods = knownPeriods('daily');
      expect(data.map((row) => row.date)).toEqual(periods.map(([date]) => date));
      const first = periods[0]?.[1];
      expect(data[0]).toMatchObject({ totalClicks: first?.clicks, sales: first?.salesCount });
      expect(data[0]?.clickTotalEarnings).toBeCloseTo(first?.earnings ?? NaN, 12);
      expect(data[0]?.total_Conversion_Rate).toBeCloseTo(div(first?.salesCount ?? 0, first?.clicks ?? 0) * 100, 12);
      expect(data[0]?.clickAvgCPC).toBeCloseTo(div(first?.earnings ?? 0, first?.clicks ?? 0), 12);
    },
  );

  it('CPA only: the summary of the CPA rows', async () => {
    const { data } = reportSummaryResponseSchema.parse(
      (await post('/home/getConversionReportSummary', sim.token, { ...SIM_RANGE, isCPC: false })).body,
    );
    const rows = simRows('connexity', false);
    expect(data.totalClicks).toBe(sum(rows, ({ row }) => row.clicks));
    expect(data.totalEarnings).toBeCloseTo(
      sum(rows, ({ row }) => row.earnings),
      9,
    );
  });
});

// ---------- detail reports ----------

// Found by the OpenAPI fuzzer: a range from year 0849 to today cost one rollup lookup per month (over 14,000)
// and the request outlived the client's timeout. Every range now has a bound, checked by the contract.
describe('date range bound', () => {
  const tooLong = { startDate: '0849-01-22', endDate: '2026-11-25' };

  it.each([
    ['POST', '/home/getAllClicksSummary'],
    ['POST', '/home/getConversionReports'],
    ['GET', '/v1/connexity/getConversionReport'],
    ['GET', '/reports/downloadQualityReport'],
  ])('%s %s: 400 on a range longer than MAX_DATE_RANGE_DAYS', async (method, path) => {
    const res =
      method === 'POST'
        ? await post(path, known.token, tooLong)
        : await request(ctx.app)
            .get(path)
            .query({
              apiKey: known.user.apiKey,
              vendorId: known.user.vendorId,
              campaign_id: known.user.vendorId,
              groupBy: 'merchant',
              ...tooLong,
            });
    expect(res.status).toBe(400);
    expect(res.body.statusMessages).toContain(DATE_RANGE_MESSAGES.rangeTooLong);
    expect(Array.isArray(res.body.errors)).toBe(true);
  });

  it('GET /reports/downloadConversionReportsAll: 400 on a start sent alone more than MAX_DATE_RANGE_DAYS ago', async () => {
    // Its end defaults to today: the contract cannot bound a range it sees one end of. The fuzzer's year 0013 took
    // the API down (out of memory) before this check.
    const res = await request(ctx.app)
      .get('/reports/downloadConversionReportsAll')
      .query({ apiKey: known.user.apiKey, campaign_id: known.user.vendorId, startDate: '0013-11-10' });
    expect(res.status).toBe(400);
    expect(res.body.statusMessages).toContain(DATE_RANGE_MESSAGES.rangeTooLong);
  });

  it('accepts a range of exactly MAX_DATE_RANGE_DAYS days and refuses one day more', async () => {
    const endDate = RANGE.endDate;
    const startOf = (days: number) =>
      new Date(Date.parse(`${endDate}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const longest = await post('/home/getAllClicksSummary', known.token, {
      startDate: startOf(MAX_DATE_RANGE_DAYS),
      endDate,
    });
    expect(longest.status).toBe(200);
    expect(reportSummaryResponseSchema.parse(longest.body).data.totalClicks).toBe(sumsOf(knownRows).clicks);
    const over = await post('/home/getAllClicksSummary', known.token, {
      startDate: startOf(MAX_DATE_RANGE_DAYS + 1),
      endDate,
    });
    expect(over.status).toBe(400);
    expect(over.body.statusMessages).toContain(DATE_RANGE_MESSAGES.rangeTooLong);
  });
});

describe('POST /home/getConversionReports (0-based pages)', () => {
  it('answers the saved rows with ratios of each row, full precision', async () => {
    const res = await post('/home/getConversionReports', sim.token, { ...SIM_RANGE, pageSize: 500 });
    const body = conversionReportResponseSchema.parse(res.body);
    const rows = simRows('connexity');
    expect(body.totalRecords).toBe(rows.length);
    expect(body.reportsData).toEqual(
      rows.map(({ date, row }) => ({
        REPORT_DATE: date,
        CAMPAIGN_ID: sim.user.vendorId,
        PLACEMENT_ID: row.placementId,
        RID: row.clickId,
        MERCHANT_NAME: row.merchantName,
        CLICKS: row.clicks,
        SALES_COUNT: row.salesCount,
        SALES: row.sales,
        EARNINGS: row.earnings,
        CONVERSION_RATE: (row.salesCount / row.clicks) * 100,
        CPC: row.earnings / row.clicks,
      })),
    );
  });

  it('filters CPC and CPA rows', async () => {
    for (const isCPC of [true, false]) {
      const body = conversionReportResponseSchema.parse(
        (await post('/home/getConversionReports', sim.token, { ...SIM_RANGE, isCPC, pageSize: 500 })).body,
      );
      const rows = simRows('connexity', isCPC);
      expect(body.totalRecords).toBe(rows.length);
      expect(body.reportsData.map((row) => [row.REPORT_DATE, row.RID, row.MERCHANT_NAME])).toEqual(
        rows.map(({ date, row }) => [date, row.clickId, row.merchantName]),
      );
    }
  });

  it('pages 0-based across days (part 2 §7), page size 20 by default', async () => {
    const placements = async (body: object) =>
      conversionReportResponseSchema.parse(
        (
          await post('/home/getConversionReports', paged.token, {
            startDate: '2025-03-01',
            endDate: '2025-03-31',
            ...body,
          })
        ).body,
      );
    const first = await placements({});
    expect(first.totalRecords).toBe(30);
    expect((await placements({ page: 0 })).reportsData).toEqual(first.reportsData);
    expect(first.reportsData.map((row) => row.PLACEMENT_ID)).toEqual(
      Array.from({ length: 20 }, (_, i) => `p${String(i).padStart(2, '0')}`),
    );
    const second = await placements({ page: 1 });
    expect(second.reportsData.map((row) => row.PLACEMENT_ID)).toEqual([
      'p20',
      'p21',
      'p22',
      'p23',
      'p24',
      'q0',
      'q1',
      'q2',
      'q3',
      'q4',
    ]);
    expect(second.reportsData[5]?.REPORT_DATE).toBe('2025-03-04');
    expect((await placements({ page: 2 })).reportsData).toEqual([]);
    const aliased = await placements({ page: 1, pageSize: 5, limit: 10 });
    expect(aliased.reportsData.map((row) => row.PLACEMENT_ID)).toEqual(
      Array.from({ length: 10 }, (_, i) => `p${String(10 + i).padStart(2, '0')}`),
    );
  });

  it.each([
    ['a negative page', { page: -1 }],
    ['pageSize 0', { pageSize: 0 }],
    ['pageSize 501', { pageSize: 501 }],
    ['limit 501', { limit: 501 }],
    ['a fractional page', { page: 1.5 }],
  ])('400 on %s', async (_case, body) => {
    expect((await post('/home/getConversionReports', paged.token, { ...RANGE, ...body })).status).toBe(400);
  });
});

describe('GET /v1/connexity/* (apiKey + vendorId, 0-based pages)', () => {
  const withoutKey = (built: BuiltVendor) => ({
    vendorId: built.user.vendorId,
    startDate: '2025-03-01',
    endDate: '2025-03-31',
  });
  const query = (built: BuiltVendor, extra: Record<string, string | number> = {}) => ({
    ...withoutKey(built),
    apiKey: built.user.apiKey,
    ...extra,
  });

  it('page 0 is the first page; limit is the page size', async () => {
    const first = await request(ctx.app).get('/v1/connexity/getConversionReport').query(query(paged));
    expect(first.status).toBe(200);
    const viaPost = await post('/home/getConversionReports', paged.token, {
      startDate: '2025-03-01',
      endDate: '2025-03-31',
    });
    expect(first.body).toEqual(viaPost.body);
    const second = await request(ctx.app)
      .get('/v1/connexity/getConversionReport')
      .query(query(paged, { page: 1, limit: 20 }));
    expect(placementsOf(second.body)).toEqual(['p20', 'p21', 'p22', 'p23', 'p24', 'q0', 'q1', 'q2', 'q3', 'q4']);
    const small = await request(ctx.app)
      .get('/v1/connexity/getConversionReport')
      .query(query(paged, { page: 2, limit: 7 }));
    expect(placementsOf(small.body)).toEqual(['p14', 'p15', 'p16', 'p17', 'p18', 'p19', 'p20']);
    expect(small.body.totalRecords).toBe(30);
  });

  it('serves the summaries, and isCPC=false filters to CPA rows', async () => {
    const summary = await request(ctx.app).get('/v1/connexity/getConversionReportSummary').query(query(known));
    expect(summary.status).toBe(200);
    expect(summary.body.data.totalClicks).toBe(
      sumsOf(knownRows.filter((row) => row.FROM_DATE.startsWith('2025-03'))).clicks,
    );
    const cpa = await request(ctx.app)
      .get('/v1/connexity/getConversionReportSummary')
      .query(query(known, { isCPC: 'false' }));
    expect(cpa.body.data).toEqual({
      totalClicks: 0,
      totalEarnings: 0,
      totalSales: 0,
      clickAvgCPC: 0,
      totalConversionRate: 0,
    });
    const byDate = await request(ctx.app).get('/v1/connexity/getConversionReportSummaryByDate').query(query(known));
    expect(summaryByDateResponseSchema.parse(byDate.body).data.map((row) => row.date)).toEqual([
      '2025-03-03',
      '2025-03-05',
      '2025-03-09',
      '2025-03-10',
    ]);
  });

  it.each([
    ['limit 0', { limit: 0 }],
    ['limit 501', { limit: 501 }],
    ['a negative page', { page: -1 }],
    ['a non-numeric limit', { limit: 'ten' }],
    ['isCPC yes', { isCPC: 'yes' }],
    ['a start after the end', { startDate: '2025-04-01' }],
  ])('400 on %s', async (_case, extra) => {
    expect((await request(ctx.app).get('/v1/connexity/getConversionReport').query(query(paged, extra))).status).toBe(
      400,
    );
  });

  it('401 without an apiKey or token, and with a wrong apiKey', async () => {
    expect((await request(ctx.app).get('/v1/connexity/getConversionReport').query(withoutKey(paged))).status).toBe(401);
    const wrong = await request(ctx.app)
      .get('/v1/connexity/getConversionReport')
      .query({ ...query(paged), apiKey: 'not-the-key' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.statusMessages).toEqual(['Unauthenticated.']);
  });

  it('also accepts the token instead of the apiKey', async () => {
    const res = await request(ctx.app)
      .get('/v1/connexity/getConversionReport')
      .set('Authorization', paged.token)
      .query(withoutKey(paged));
    expect(res.status).toBe(200);
    expect(res.body.totalRecords).toBe(30);
  });
});

describe('POST /home/getClicksReports (revenue screen)', () => {
  it('answers date, publisher, campaign, placement, rid, clicks, earnings and CPC per row', async () => {
    const res = await post('/home/getClicksReports', known.token, { startDate: '2025-03-03', endDate: '2025-03-03' });
    const body = clicksReportResponseSchema.parse(res.body);
    const id = known.user.vendorId;
    expect(body).toEqual({
      totalRecords: 2,
      reportsData: [
        {
          report_date: '2025-03-03',
          publisher_id: id,
          campaign_id: id,
          placement_id: 'p1',
          rid: 'noid',
          clicks: 100,
          earnings: 12.3456789,
          cpc: 12.3456789 / 100,
        },
        {
          report_date: '2025-03-03',
          publisher_id: id,
          campaign_id: id,
          placement_id: 'p2',
          rid: 'noid',
          clicks: 7,
          earnings: 1.1111111,
          cpc: 1.1111111 / 7,
        },
      ],
    });
  });
});

describe('POST /newdashboard/getConversionReports2', () => {
  it('answers report 2 rows in USD and EUR, the total count and the summary', async () => {
    const res = await post('/newdashboard/getConversionReports2', sim.token, { ...SIM_RANGE, pageSize: 500 });
    const body = report2ResponseSchema.parse(res.body);
    const rows = simRows('newdashboard');
    expect(body.totalCount).toBe(rows.length);
    expect(body.reportsData).toEqual(
      rows.map(({ date, row }) => ({
        date,
        pub_id: sim.user.vendorId,
        domain: row.domain,
        clicks: row.clicks,
        commission: row.earnings,
        commission_eur: row.earningsEur,
      })),
    );
    const clicks = sum(rows, ({ row }) => row.clicks);
    const earnings = sum(rows, ({ row }) => row.earnings);
    expect(body.summary.totalClicks).toBe(clicks);
    expect(body.summary.sales).toBe(sum(rows, ({ row }) => row.salesCount));
    expect(body.summary.totalEarnings).toBeCloseTo(earnings, 9);
    expect(body.summary.clickAvgCPC).toBeCloseTo(earnings / clicks, 12);
  });

  it('filters by isCPC in the rows and the summary', async () => {
    const body = report2ResponseSchema.parse(
      (await post('/newdashboard/getConversionReports2', sim.token, { ...SIM_RANGE, isCPC: false, pageSize: 500 }))
        .body,
    );
    const rows = simRows('newdashboard', false);
    expect(body.totalCount).toBe(rows.length);
    expect(body.summary.totalClicks).toBe(sum(rows, ({ row }) => row.clicks));
  });
});

describe('deep links 3, 4 and 5 reports', () => {
  it('deep link 3: BRAND, PLACEMENT_ID, CLICK_ID, COUNTRY, CLICKS, REVENUE', async () => {
    const res = await post('/doneoftheownou/getConversionReports', sim.token, { ...SIM_RANGE, pageSize: 500 });
    const rows = simRows('doneoftheownou');
    expect(res.body.totalRecords).toBe(rows.length);
    expect(res.body.reportsData[0]).toEqual({
      REPORT_DATE: rows[0]?.date,
      CAMPAIGN_ID: sim.user.vendorId,
      BRAND: rows[0]?.row.merchantName,
      PLACEMENT_ID: rows[0]?.row.placementId,
      CLICK_ID: rows[0]?.row.clickId,
      COUNTRY: rows[0]?.row.country,
      CLICKS: rows[0]?.row.clicks,
      REVENUE: rows[0]?.row.earnings,
    });
  });

  it('deep link 4: SUB_ID (vendorId_placement_click) in place of placement and click id', async () => {
    const res = await post('/shoppermeet/getConversionReports', sim.token, { ...SIM_RANGE, pageSize: 3 });
    const rows = simRows('shoppermeet');
    expect(res.body.totalRecords).toBe(rows.length);
    expect(res.body.reportsData).toHaveLength(3);
    expect(Object.keys(res.body.reportsData[0]).sort()).toEqual([
      'BRAND',
      'CAMPAIGN_ID',
      'CLICKS',
      'COUNTRY',
      'REPORT_DATE',
      'REVENUE',
      'SUB_ID',
    ]);
    expect(res.body.reportsData[0].SUB_ID).toBe(
      `${sim.user.vendorId}_${rows[0]?.row.placementId ?? ''}_${rows[0]?.row.clickId ?? ''}`,
    );
  });

  it('deep link 5 (kelkoo): CPC rows only, with the CPC of each row', async () => {
    const res = await post('/kelkoo/getConversionReports', sim.token, { ...SIM_RANGE, pageSize: 500 });
    const rows = simRows('kelkoo');
    expect(res.body.totalRecords).toBe(rows.length);
    expect(res.body.reportsData[0].CPC).toBe((rows[0]?.row.earnings ?? 0) / (rows[0]?.row.clicks ?? 1));
    const cpa = await post('/kelkoo/getConversionReports', sim.token, { ...SIM_RANGE, isCPC: false });
    expect(cpa.body).toEqual({ reportsData: [], totalRecords: 0 });
  });
});

describe('POST /home/getQualityReport', () => {
  it('400 on an unknown groupBy', async () => {
    expect((await post('/home/getQualityReport', sim.token, { ...SIM_RANGE, groupBy: 'country' })).status).toBe(400);
  });

  it('groups by merchant and placement with the merchant target band, most clicks first', async () => {
    const res = await post('/home/getQualityReport', sim.token, { ...SIM_RANGE, groupBy: 'merchant' });
    const body = qualityReportResponseSchema.parse(res.body);
    if (body.groupBy !== 'merchant') throw new Error('expected merchant rows');
    const rows = simRows('connexity');
    const top = body.data[0];
    if (!top) throw new Error('no rows');
    const group = rows
      .filter(({ row }) => row.merchantName === top.merchantName && row.placementId === top.placementId)
      .map(({ row }) => row);
    expect(top.clicks).toBe(sum(group, (row) => row.clicks));
    expect(top.costOfSale).toBeCloseTo((sum(group, (row) => row.earnings) / sum(group, (row) => row.sales)) * 100, 9);
    expect(top.cpc).toBeCloseTo(sum(group, (row) => row.earnings) / top.clicks, 12);
    expect(top.targetCostOfSaleLow).toBe(merchantByName(top.merchantName)?.targetCostOfSaleLow);
    expect(top.targetCostOfSaleHigh).toBe(merchantByName(top.merchantName)?.targetCostOfSaleHigh);
    expect(body.data.map((row) => row.clicks)).toEqual([...body.data.map((row) => row.clicks)].sort((a, b) => b - a));
    expect(sum(body.data, (row) => row.clicks)).toBe(sum(rows, ({ row }) => row.clicks));
  });

  it('groups by category', async () => {
    const body = qualityReportResponseSchema.parse(
      (await post('/home/getQualityReport', sim.token, { ...SIM_RANGE, groupBy: 'category' })).body,
    );
    if (body.groupBy !== 'category') throw new Error('expected category rows');
    const rows = simRows('connexity');
    expect(new Set(body.data.map((row) => row.category))).toEqual(new Set(rows.map(({ row }) => row.category)));
    expect(sum(body.data, (row) => row.clicks)).toBe(sum(rows, ({ row }) => row.clicks));
  });
});

describe('POST /home/getOrderHistory (My Orders)', () => {
  it('401 without a token; 400 on a bad page', async () => {
    expect((await request(ctx.app).post('/home/getOrderHistory').send({})).status).toBe(401);
    expect((await post('/home/getOrderHistory', sim.token, { page: -1 })).status).toBe(400);
  });

  it("pages the vendor's orders of every source, newest date first", async () => {
    const sources: ReportSource[] = ['connexity', 'newdashboard', 'doneoftheownou', 'shoppermeet', 'kelkoo'];
    const expected = [...SIM_DATES].reverse().flatMap((date) =>
      sources.flatMap((source) =>
        expectedDay(source, sim.user.vendorId, ALL_SOURCES_MENU, date).orders.map((order) => ({
          date,
          source,
          order,
        })),
      ),
    );
    const first = orderHistoryResponseSchema.parse(
      (await post('/home/getOrderHistory', sim.token, { pageSize: 25 })).body,
    );
    expect(first.totalRecords).toBe(expected.length);
    expect(first.data.map((order) => [order.orderDate, order.source, order.orderId])).toEqual(
      expected.slice(0, 25).map(({ date, source, order }) => [date, source, order.orderId]),
    );
    const third = orderHistoryResponseSchema.parse(
      (await post('/home/getOrderHistory', sim.token, { page: 2, pageSize: 25 })).body,
    );
    expect(third.data.map((order) => order.orderId)).toEqual(expected.slice(50, 75).map(({ order }) => order.orderId));
    expect(third.data[0]).toMatchObject({
      amount: expected[50]?.order.amount,
      commission: expected[50]?.order.commission,
      status: expected[50]?.order.status,
    });
  });

  it('answers an empty list for a vendor without orders', async () => {
    expect((await post('/home/getOrderHistory', known.token, {})).body).toEqual({ data: [], totalRecords: 0 });
  });
});

// ---------- downloads ----------

const csvLines = (text: string) => text.split('\r\n').filter((line) => line !== '');

describe('CSV downloads', () => {
  it('conversion_reports.csv: header first, the spec file name, rounding to 6 decimals, quoting and injection escaping', async () => {
    const res = await post('/home/getConversionReportsDownLoad', known.token, RANGE).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="conversion_reports.csv"');
    const lines = csvLines(res.text);
    expect(lines[0]).toBe(
      'REPORT_DATE,CAMPAIGN_ID,PLACEMENT_ID,RID,MERCHANT_NAME,CLICKS,SALES_COUNT,SALES,EARNINGS,CONVERSION_RATE,CPC',
    );
    const id = known.user.vendorId;
    expect(lines[1]).toBe(`2025-03-03,${id},p1,noid,N/A,100,3,250.500000,12.345679,3.000000,0.123457`);
    expect(lines[3]).toBe(`2025-03-05,${id},p1,noid,N/A,0,0,0.000000,0.000000,0.000000,0.000000`);
    expect(lines[4]).toBe(`2025-03-09,${id},"'=HYPERLINK(""x"")",noid,N/A,13,1,99.990000,4.444444,7.692308,0.341880`);
    expect(lines[5]).toBe(`2025-03-09,${id},"a,b ""c""",noid,N/A,3,0,0.000000,0.300000,0.000000,0.100000`);
    expect(lines).toHaveLength(knownRows.length + 1);
  });

  it('the connexity GET download by apiKey gives the same file', async () => {
    const viaPost = await post('/home/getConversionReportsDownLoad', known.token, RANGE).buffer(true);
    const res = await request(ctx.app)
      .get('/v1/connexity/downloadConversionReport')
      .query({ apiKey: known.user.apiKey, vendorId: known.user.vendorId, ...RANGE })
      .buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="conversion_reports.csv"');
    expect(res.text).toBe(viaPost.text);
  });

  it('conversion_reports_day_wise.csv: one line per date', async () => {
    const res = await request(ctx.app)
      .get('/v1/connexity/downloadConversionReportByDate')
      .query({ apiKey: known.user.apiKey, vendorId: known.user.vendorId, ...RANGE })
      .buffer(true);
    expect(res.headers['content-disposition']).toBe('attachment; filename="conversion_reports_day_wise.csv"');
    const lines = csvLines(res.text);
    expect(lines[0]).toBe('date,totalClicks,sales,clickTotalEarnings,total_Conversion_Rate,clickAvgCPC');
    expect(lines[1]).toBe(
      `2025-03-03,107,3,${(12.3456789 + 1.1111111).toFixed(6)},${((3 / 107) * 100).toFixed(6)},${((12.3456789 + 1.1111111) / 107).toFixed(6)}`,
    );
    expect(lines).toHaveLength(6);
  });

  it('conversion_reports2.csv: report 2 rows rounded to 7 decimals', async () => {
    const res = await request(ctx.app)
      .get('/newdashboard/downloadConversionReports2')
      .query({ apiKey: sim.user.apiKey, campaign_id: sim.user.vendorId, ...SIM_RANGE })
      .buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="conversion_reports2.csv"');
    const lines = csvLines(res.text);
    const rows = simRows('newdashboard');
    expect(lines[0]).toBe('date,pub_id,domain,clicks,commission,commission_eur');
    const first = rows[0];
    expect(lines[1]).toBe(
      `${first?.date ?? ''},${sim.user.vendorId},${first?.row.domain ?? ''},${first?.row.clicks ?? 0},${first?.row.earnings.toFixed(7) ?? ''},${first?.row.earningsEur.toFixed(7) ?? ''}`,
    );
    expect(lines).toHaveLength(rows.length + 1);
  });

  it.each([true, false])('conversion_reports2.csv with isCPC=%s: only the rows of that type', async (isCPC) => {
    const res = await request(ctx.app)
      .get('/newdashboard/downloadConversionReports2')
      .query({ apiKey: sim.user.apiKey, campaign_id: sim.user.vendorId, ...SIM_RANGE, isCPC: String(isCPC) })
      .buffer(true);
    expect(res.status).toBe(200);
    const rows = simRows('newdashboard', isCPC);
    expect(rows.length).toBeGreaterThan(0);
    expect(csvLines(res.text)).toHaveLength(rows.length + 1);
  });

  it.each([
    [
      '/doneoftheownou/downloadConversionReports',
      'conversion_reports3.csv',
      'REPORT_DATE,CAMPAIGN_ID,BRAND,PLACEMENT_ID,CLICK_ID,COUNTRY,CLICKS,REVENUE',
      'doneoftheownou',
    ],
    [
      '/shoppermeet/downloadConversionReports',
      'conversion_reports4.csv',
      'REPORT_DATE,CAMPAIGN_ID,BRAND,SUB_ID,COUNTRY,CLICKS,REVENUE',
      'shoppermeet',
    ],
    [
      '/kelkoo/downloadConversionReports',
      'conversion_reports5.csv',
      'REPORT_DATE,CAMPAIGN_ID,MERCHANT_NAME,COUNTRY,CLICKS,CPC,REVENUE',
      'kelkoo',
    ],
  ] as const)('%s: %s', async (path, fileName, header, source) => {
    const res = await request(ctx.app)
      .get(path)
      .set('Authorization', sim.token)
      .query({ campaign_id: sim.user.vendorId, ...SIM_RANGE })
      .buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    const lines = csvLines(res.text);
    expect(lines[0]).toBe(header);
    expect(lines).toHaveLength(simRows(source).length + 1);
  });

  it.each(['merchant', 'category'] as const)('{groupBy}_quality_reports.csv for %s', async (groupBy) => {
    const res = await request(ctx.app)
      .get('/reports/downloadQualityReport')
      .query({ apiKey: sim.user.apiKey, campaign_id: sim.user.vendorId, ...SIM_RANGE, groupBy })
      .buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${groupBy}_quality_reports.csv"`);
    const json = qualityReportResponseSchema.parse(
      (await post('/home/getQualityReport', sim.token, { ...SIM_RANGE, groupBy })).body,
    );
    const lines = csvLines(res.text);
    expect(lines[0]).toBe(
      groupBy === 'merchant'
        ? 'merchantName,clicks,conversionRate,costOfSale,cpc,targetCostOfSaleHigh,targetCostOfSaleLow,placementId'
        : 'category,clicks,conversionRate,costOfSale,cpc,placementId',
    );
    expect(lines).toHaveLength(json.data.length + 1);
  });

  it('downloadConversionReportsAll: the given range, isPublisherAI=true for CPA rows, the literal null for a missing date', async () => {
    const base = { apiKey: known.user.apiKey, campaign_id: known.user.vendorId };
    const all = await request(ctx.app)
      .get('/reports/downloadConversionReportsAll')
      .query({ ...base, ...RANGE })
      .buffer(true);
    expect(all.status).toBe(200);
    expect(all.headers['content-disposition']).toBe('attachment; filename="conversion_reports.csv"');
    expect(csvLines(all.text)).toHaveLength(knownRows.length + 1);
    const cpa = await request(ctx.app)
      .get('/reports/downloadConversionReportsAll')
      .query({ ...base, ...RANGE, isPublisherAI: 'true' })
      .buffer(true);
    expect(csvLines(cpa.text)).toHaveLength(1);
    const defaults = await request(ctx.app)
      .get('/reports/downloadConversionReportsAll')
      .query({ ...base, startDate: 'null', endDate: 'null' })
      .buffer(true);
    expect(defaults.status).toBe(200);
    expect(csvLines(defaults.text)).toEqual([
      'REPORT_DATE,CAMPAIGN_ID,PLACEMENT_ID,RID,MERCHANT_NAME,CLICKS,SALES_COUNT,SALES,EARNINGS,CONVERSION_RATE,CPC',
    ]);
    const bad = await request(ctx.app)
      .get('/reports/downloadConversionReportsAll')
      .query({ ...base, startDate: '2025-04-02', endDate: '2025-04-01' });
    expect(bad.status).toBe(400);
  });

  it('a range without saved data downloads the header row alone', async () => {
    const res = await post('/home/getConversionReportsDownLoad', known.token, {
      startDate: '2020-01-01',
      endDate: '2020-01-31',
    }).buffer(true);
    expect(res.text).toBe(
      'REPORT_DATE,CAMPAIGN_ID,PLACEMENT_ID,RID,MERCHANT_NAME,CLICKS,SALES_COUNT,SALES,EARNINGS,CONVERSION_RATE,CPC\r\n',
    );
  });
});
