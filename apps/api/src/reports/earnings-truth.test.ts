import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  type Aggregation,
  earningsReportResponseSchema,
  qualityReportResponseSchema,
  reportSummaryResponseSchema,
  summaryByDateResponseSchema,
  TOP_PERFORMERS_LIMIT,
  topPerformersResponseSchema,
} from '@publisher/contract';
import { UserModel, type UserRecord } from '../auth/user.model';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts';
import { seedDatabase } from '../seed/seed';
import { createTokenService } from '../shared/auth/token';
import { testConfig, useTestApp } from '../testing/test-app';
import { MAX_SAVE_DAYS, saveReports } from './report-ingest.service';

/**
 * Issue 24 goal 1, one earnings truth: for the same range and type, the dashboard (POST /home/getEarningsReport)
 * answers exactly what the conversion report summaries answer, for every demo vendor.
 */

const ctx = useTestApp();

const TODAY = '2026-11-26';
const RANGES = {
  'last 7 days': { startDate: addDays(TODAY, -7), endDate: TODAY },
  'last month': { startDate: '2026-10-01', endDate: '2026-10-31' },
  'last 90 days': { startDate: addDays(TODAY, -90), endDate: TODAY },
} as const;
const SAVED_DAYS = 91;

describe('one earnings truth', () => {
  const tokens = new Map<number, string>();

  const post = (path: string, vendorId: number, body: object) =>
    request(ctx.app)
      .post(path)
      .set('Authorization', tokens.get(vendorId) ?? '')
      .send(body);

  async function summary(vendorId: number, range: object, isCPC: boolean | undefined) {
    const res = await post('/home/getConversionReportSummary', vendorId, { ...range, isCPC });
    expect(res.status).toBe(200);
    return reportSummaryResponseSchema.parse(res.body).data;
  }

  async function dashboard(vendorId: number, body: object) {
    const res = await post('/home/getEarningsReport', vendorId, body);
    expect(res.status).toBe(200);
    return earningsReportResponseSchema.parse(res.body).reports;
  }

  const vendorIds = DEMO_ACCOUNTS.map((account) => account.vendorId);

  beforeAll(async () => {
    await seedDatabase({ bcryptRounds: 4, catalog: false, now: new Date(`${TODAY}T12:00:00Z`) });
    const firstDay = addDays(TODAY, -(SAVED_DAYS - 1));
    for (let start = firstDay; start <= TODAY; start = addDays(start, MAX_SAVE_DAYS)) {
      const end = addDays(start, MAX_SAVE_DAYS - 1);
      await saveReports({ source: 'connexity', startDate: start, endDate: end < TODAY ? end : TODAY, today: TODAY });
    }
    const config = testConfig();
    const tokenService = createTokenService(config.jwtSecret, config.jwtExpiresInSeconds);
    const users = await UserModel.find({ vendorId: { $in: vendorIds } }).lean<UserRecord[]>();
    for (const user of users) tokens.set(user.vendorId, tokenService.sign(user._id.toHexString(), 0));
    expect(tokens.size).toBe(vendorIds.length);
  }, 120_000);

  describe('the dashboard equals the conversion report summaries', () => {
    it.each(Object.entries(RANGES))('for every demo vendor over the %s', async (_name, range) => {
      let vendorsWithBothTypes = 0;
      for (const vendorId of vendorIds) {
        const [cpc, cpa, both] = await Promise.all([
          summary(vendorId, range, true),
          summary(vendorId, range, false),
          summary(vendorId, range, undefined),
        ]);
        if (cpc.totalClicks > 0 && cpa.totalClicks > 0) vendorsWithBothTypes += 1;
        const { totals } = await dashboard(vendorId, { ...range, aggregation: 'daily' });
        // Summed in the same order on both sides: equal to the last bit, not just close.
        expect(totals).toEqual({
          cpcRedirects: cpc.totalClicks,
          cpcEarnings: cpc.totalEarnings,
          cpcEarningsPerRedirect: cpc.clickAvgCPC,
          cpaRedirects: cpa.totalClicks,
          cpaEarnings: cpa.totalEarnings,
          cpaEarningsPerRedirect: cpa.clickAvgCPC,
          totalRedirects: both.totalClicks,
          totalEarnings: both.totalEarnings,
          totalEarningsPerRedirect: both.clickAvgCPC,
          totalSalesCount: both.totalSales,
          totalSalesAmount: expect.any(Number),
          totalConversionRate: both.totalConversionRate,
          totalAov: expect.any(Number),
        });
        // CPC and CPA together are the whole.
        expect(totals.cpcRedirects + totals.cpaRedirects).toBe(totals.totalRedirects);
        expect(totals.cpcEarnings + totals.cpaEarnings).toBeCloseTo(totals.totalEarnings, 6);

        // With a type chosen, the totals are the summary of that type, and the other type counts nothing.
        for (const [isCPC, typed] of [
          [true, cpc],
          [false, cpa],
        ] as const) {
          const chosen = (await dashboard(vendorId, { ...range, isCPC })).totals;
          expect(chosen.totalRedirects).toBe(typed.totalClicks);
          expect(chosen.totalEarnings).toBe(typed.totalEarnings);
          expect(chosen.totalSalesCount).toBe(typed.totalSales);
          expect(chosen.totalConversionRate).toBe(typed.totalConversionRate);
          expect(isCPC ? chosen.cpaRedirects : chosen.cpcRedirects).toBe(0);
        }
      }
      // The comparison means something only if the demo data has both types.
      expect(vendorsWithBothTypes).toBeGreaterThan(0);
    });

    it.each(['daily', 'weekly', 'monthly'] as const)(
      '%s rows equal the summary-by-date rows and add up to the totals',
      async (aggregation: Aggregation) => {
        const range = RANGES['last 90 days'];
        for (const vendorId of vendorIds) {
          const { totals, earnings } = await dashboard(vendorId, { ...range, aggregation });
          const res = await post('/home/getConversionReportSummaryByDate', vendorId, { ...range, aggregation });
          const byDate = summaryByDateResponseSchema.parse(res.body).data;
          expect(earnings.map((row) => [row.date, row.redirects, row.estimatedEarnings, row.salesCount])).toEqual(
            byDate.map((row) => [row.date, row.totalClicks, row.clickTotalEarnings, row.sales]),
          );
          expect(earnings.reduce((sum, row) => sum + row.redirects, 0)).toBe(totals.totalRedirects);
        }
      },
    );
  });

  describe('top merchants and placements', () => {
    it('sums the rows of the range and type per merchant and placement, most earnings first', async () => {
      const range = RANGES['last 90 days'];
      let listed = 0;
      for (const vendorId of vendorIds) {
        const res = await post('/home/getTopPerformers', vendorId, range);
        expect(res.status).toBe(200);
        const top = topPerformersResponseSchema.parse(res.body);
        const quality = qualityReportResponseSchema.parse(
          (await post('/home/getQualityReport', vendorId, { ...range, groupBy: 'merchant' })).body,
        );
        for (const list of [top.merchants, top.placements]) {
          expect(list.length).toBeLessThanOrEqual(TOP_PERFORMERS_LIMIT);
          const earnings = list.map((entry) => entry.earnings);
          expect(earnings).toEqual([...earnings].sort((a, b) => b - a));
        }
        // The quality report groups the same rows by merchant and placement: its clicks add up to the same sums.
        for (const merchant of top.merchants) {
          const rows = quality.data.filter(
            (row) => 'merchantName' in row && row.merchantName === merchant.merchantName,
          );
          expect(rows.reduce((sum, row) => sum + row.clicks, 0)).toBe(merchant.clicks);
        }
        for (const placement of top.placements) {
          const rows = quality.data.filter((row) => row.placementId === placement.placementId);
          expect(rows.reduce((sum, row) => sum + row.clicks, 0)).toBe(placement.clicks);
        }
        listed += top.merchants.length;
        const cpaOnly = topPerformersResponseSchema.parse(
          (await post('/home/getTopPerformers', vendorId, { ...range, isCPC: false })).body,
        );
        const cpa = await summary(vendorId, range, false);
        if (cpa.totalClicks === 0) expect(cpaOnly.merchants).toEqual([]);
      }
      expect(listed).toBeGreaterThan(0);
    });
  });

  describe('period rows never start before the range', () => {
    // 2026-10-27 is a Tuesday: its week began on Monday 2026-10-26, its month on 2026-10-01.
    const range = { startDate: '2026-10-27', endDate: '2026-11-20' };
    const vendorId = 5001;

    it('labels the first weekly row with the range start, the next ones with their Monday', async () => {
      const { earnings } = await dashboard(vendorId, { ...range, aggregation: 'weekly' });
      expect(earnings.map((row) => row.date)).toEqual(['2026-10-27', '2026-11-02', '2026-11-09', '2026-11-16']);
      const firstWeek = await summary(vendorId, { startDate: '2026-10-27', endDate: '2026-11-01' }, undefined);
      expect(earnings[0]?.redirects).toBe(firstWeek.totalClicks);
    });

    it('labels the first monthly row with the range start, the next one with the first of its month', async () => {
      const { earnings } = await dashboard(vendorId, { ...range, aggregation: 'monthly' });
      expect(earnings.map((row) => row.date)).toEqual(['2026-10-27', '2026-11-01']);
      for (const row of earnings) expect(row.date >= range.startDate).toBe(true);
    });
  });
});
