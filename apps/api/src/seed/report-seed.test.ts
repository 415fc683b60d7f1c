import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { addDays, earningsReportResponseSchema, monthOf, type ReportSource, todayUtc } from '@publisher/contract';
import { ReportRunModel } from '../reports/report-run.model';
import { staleSimulatedDates, uploadConversionReports } from '../reports/report-ingest.service';
import { SavedMonthModel, savedMonthId } from '../reports/report-saved-month.model';
import { useTestApp } from '../testing/test-app';
import { DEMO_PASSWORD } from './demo-accounts';
import { consecutiveChunks, seedReports } from './report-seed';
import { seedDatabase } from './seed';

const ctx = useTestApp();

describe('consecutiveChunks', () => {
  it('splits dates into runs of consecutive days no longer than the limit', () => {
    expect(consecutiveChunks([], 93)).toEqual([]);
    expect(consecutiveChunks(['2025-01-01', '2025-01-02', '2025-01-04', '2025-01-05', '2025-01-06'], 93)).toEqual([
      ['2025-01-01', '2025-01-02'],
      ['2025-01-04', '2025-01-06'],
    ]);
    expect(consecutiveChunks(['2025-01-01', '2025-01-02', '2025-01-03'], 2)).toEqual([
      ['2025-01-01', '2025-01-02'],
      ['2025-01-03', '2025-01-03'],
    ]);
  });
});

describe('seeding reports', () => {
  it('saves the last N days of every source once, then only dates never saved', async () => {
    const first = await seedDatabase({ bcryptRounds: 4, catalog: false, reportDays: 2 });
    expect(first).toMatch(
      /^demo accounts: 9 inserted, 0 already present; reports: saved 10 source-days \(\d+ rows\) of the last 2 days in \d+\.\d s$/,
    );
    const runs = await ReportRunModel.countDocuments({ trigger: 'seed' });
    expect(runs).toBe(5);

    expect(await seedReports({ days: 2 })).toMatch(/^reports: the last 2 days of 5 sources were already saved/);
    expect(await ReportRunModel.countDocuments({ trigger: 'seed' })).toBe(runs);

    expect(await seedReports({ days: 3 })).toMatch(/^reports: saved 5 source-days /);
    const saved = await ReportRunModel.find({ trigger: 'seed' }).sort({ start_time: -1 }).limit(1).lean();
    expect(saved[0]).toMatchObject({
      startDate: addDays(todayUtc(), -2),
      endDate: addDays(todayUtc(), -2),
      status: 'success',
    });
  });

  it('saves again the dates an older simulator wrote, but keeps uploaded ones', async () => {
    await seedDatabase({ bcryptRounds: 4, catalog: false, reportDays: 2 });
    const today = todayUtc();
    const yesterday = addDays(today, -1);
    // Dates saved before the simulator recorded its version (the merchants of version 1 were not in the catalog).
    const forget = (source: ReportSource, date: string) =>
      SavedMonthModel.updateOne(
        { _id: savedMonthId(source, monthOf(date)) },
        { $unset: { [`days.${date}.simulatorVersion`]: '' } },
      );
    await forget('connexity', today);
    await forget('kelkoo', yesterday);
    expect(await staleSimulatedDates('connexity', yesterday, today)).toEqual([today]);
    // An upload over an old date: its rows come from a file, the seed leaves them alone.
    await uploadConversionReports({
      reports: [
        {
          FROM_DATE: yesterday,
          TO_DATE: yesterday,
          CAMPAIGN_ID: 5001,
          PLACEMENT_ID: 'upload',
          CLICKS: 10,
          SALES_COUNT: 0,
          SALES: 0,
          EARNINGS: 1,
          CONVERSION_RATE: 0,
          CPC: 0.1,
        },
      ],
      uniqueDates: [yesterday],
    });
    await forget('connexity', yesterday);

    expect(await seedReports({ days: 2 })).toMatch(/^reports: saved 2 source-days /);
    expect(await staleSimulatedDates('connexity', yesterday, today)).toEqual([]);
    expect(await staleSimulatedDates('kelkoo', yesterday, today)).toEqual([]);
    const reseeded = await ReportRunModel.find({ trigger: 'seed' }).sort({ start_time: -1 }).limit(2).lean();
    expect(reseeded.map((run) => [run.source, run.startDate]).sort()).toEqual(
      [
        ['connexity', today],
        ['kelkoo', yesterday],
      ].sort(),
    );
  });

  it('gives the demo vendor a dashboard from the seeded days', async () => {
    await seedDatabase({ bcryptRounds: 4, catalog: false, reportDays: 2 });
    const signin = await request(ctx.app)
      .post('/auth/signin')
      .send({ email: 'vendor@publisher.test', password: DEMO_PASSWORD });
    const res = await request(ctx.app)
      .post('/home/getEarningsReport')
      .set('Authorization', signin.body.token)
      .send({ startDate: addDays(todayUtc(), -6), endDate: todayUtc() });
    const body = earningsReportResponseSchema.parse(res.body);
    expect(body.reports.earnings.map((row) => row.date)).toEqual(
      expect.arrayContaining([addDays(todayUtc(), -1), todayUtc()]),
    );
    expect(body.reports.totals.cpcRedirects).toBeGreaterThan(0);
  });
});
