import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  conversionReportResponseSchema,
  NO_RECORDS_MESSAGE,
  REPORT_SOURCES,
  reportRunsResponseSchema,
  saveReportsResponseSchema,
  todayUtc,
} from '@publisher/contract';
import { UserModel } from '../auth/user.model';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import { failInterruptedRuns, saveReports, unsavedDates } from './report-ingest.service';
import { createRunningRun } from './report-run.model';
import { SavedMonthModel } from './report-saved-month.model';
import {
  ALL_SOURCES_MENU,
  CONNEXITY_ONLY_MENU,
  SAVE_PATHS,
  buildAdmin,
  expectedDay,
  placementsOf,
  putStoredDay,
  saveDate,
  storedRowsOf,
  sum,
  uploadRow,
  uploadRows,
} from './testing/report-fixtures';

const ctx = useTestApp();

let admin: BuiltVendor;
let vendor: BuiltVendor;
let cpcOnly: BuiltVendor;

const DAY = '2025-02-12';

beforeAll(async () => {
  admin = await buildAdmin();
  vendor = await buildVendor({ menu: ALL_SOURCES_MENU });
  cpcOnly = await buildVendor({ menu: { ...CONNEXITY_ONLY_MENU, deeplink1: { cpc: true, cpa: false } } });
});

/** Rows stored for a vendor, source and date (read straight from the partition). */
const storedRows = storedRowsOf;

describe('save daily reports: access and input', () => {
  it.each(REPORT_SOURCES)('%s: 401 without a token', async (source) => {
    const res = await request(ctx.app).get(SAVE_PATHS[source](DAY, DAY));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusMessages: ['Unauthenticated.'], errors: ['Unauthenticated.'] });
  });

  it.each(REPORT_SOURCES)('%s: 403 for a vendor who is not the admin', async (source) => {
    const res = await request(ctx.app).get(SAVE_PATHS[source](DAY, DAY)).set('Authorization', vendor.token);
    expect(res.status).toBe(403);
  });

  it.each([
    ['a malformed date', '/home/saveDailyReports?startDate=2025-2-1'],
    ['an impossible date', '/doneoftheownou/saveDailyReports?date=2025-13-01'],
    ['February 30', '/doneoftheownou/saveDailyReports?date=2025-02-30'],
    ['a missing date', '/doneoftheownou/saveDailyReports'],
    ['a start after the end', '/newdashboard/saveDailyReports?startDate=2025-02-10&endDate=2025-02-01'],
  ])('400 on %s', async (_case, path) => {
    const res = await request(ctx.app).get(path).set('Authorization', admin.token);
    expect(res.status).toBe(400);
    expect(res.body.statusMessages.length).toBeGreaterThan(0);
  });

  it('400 on a range longer than 93 days, naming the limit', async () => {
    const res = await request(ctx.app)
      .get('/kelkoo/saveDailyReports?startDate=2025-01-01&endDate=2025-04-04')
      .set('Authorization', admin.token);
    expect(res.status).toBe(400);
    expect(res.body.statusMessages).toEqual(['A save covers at most 93 days; split the range.']);
  });
});

describe('save daily reports: ingestion', () => {
  it('stores exactly the simulated rows of every covered vendor and answers with a status message and the run', async () => {
    const res = await saveDate(ctx.app, admin.token, 'connexity', DAY);
    const body = saveReportsResponseSchema.parse(res.body);
    const expectedRows = [admin, vendor, cpcOnly].map(
      (built) => expectedDay('connexity', built.user.vendorId, built.user.menu, DAY).rows,
    );
    const total = sum(expectedRows, (rows) => rows.length);
    expect(body.statusMessage).toBe(`Saved ${total} connexity report rows for 12 Feb 2025.`);
    expect(body.run).toMatchObject({
      source: 'connexity',
      status: 'success',
      startDate: DAY,
      endDate: DAY,
      rowsWritten: total,
      error: null,
    });
    expect(body.run.end_time).not.toBeNull();
    const stored = await storedRows('connexity', vendor.user.vendorId, DAY);
    expect(stored.map((row) => ({ ...row }))).toEqual(expectedRows[1]);
  });

  it('gives a vendor only the row types its menu allows (CPC only here)', async () => {
    await saveDate(ctx.app, admin.token, 'connexity', DAY);
    const stored = await storedRows('connexity', cpcOnly.user.vendorId, DAY);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((row) => row.isCPC)).toBe(true);
  });

  it('covers only vendors whose menu enables the source', async () => {
    await saveDate(ctx.app, admin.token, 'newdashboard', DAY);
    expect(await storedRows('newdashboard', cpcOnly.user.vendorId, DAY)).toEqual([]);
    expect((await storedRows('newdashboard', vendor.user.vendorId, DAY)).length).toBeGreaterThan(0);
  });

  it('is idempotent: saving the same date twice leaves the same rows, never duplicates', async () => {
    const first = saveReportsResponseSchema.parse((await saveDate(ctx.app, admin.token, 'shoppermeet', DAY)).body);
    const rowsAfterFirst = await storedRows('shoppermeet', vendor.user.vendorId, DAY);
    const second = saveReportsResponseSchema.parse((await saveDate(ctx.app, admin.token, 'shoppermeet', DAY)).body);
    expect(second.run.rowsWritten).toBe(first.run.rowsWritten);
    expect(second.run._id).not.toBe(first.run._id);
    expect(await storedRows('shoppermeet', vendor.user.vendorId, DAY)).toEqual(rowsAfterFirst);
    const report = await request(ctx.app)
      .post('/shoppermeet/getConversionReports')
      .set('Authorization', vendor.token)
      .send({ startDate: DAY, endDate: DAY, pageSize: 500 });
    expect(report.body.totalRecords).toBe(rowsAfterFirst.length);
    expect(report.body.reportsData).toHaveLength(rowsAfterFirst.length);
  });

  it('saves a range of dates in one run', async () => {
    const res = await request(ctx.app)
      .get(SAVE_PATHS.kelkoo('2025-01-30', '2025-02-02'))
      .set('Authorization', admin.token);
    const body = saveReportsResponseSchema.parse(res.body);
    const expected = sum(['2025-01-30', '2025-01-31', '2025-02-01', '2025-02-02'], (date) =>
      sum(
        [admin, vendor, cpcOnly],
        (built) => expectedDay('kelkoo', built.user.vendorId, built.user.menu, date).rows.length,
      ),
    );
    expect(body.run.rowsWritten).toBe(expected);
    expect(body.statusMessage).toBe(`Saved ${expected} kelkoo report rows for 30 Jan 2025 to 2 Feb 2025.`);
  });

  it('answers statusMessage null (the screen then says "No Records found in this Date.") for a future date', async () => {
    const tomorrow = addDays(todayUtc(), 1);
    const res = await request(ctx.app)
      .get(SAVE_PATHS.doneoftheownou(tomorrow, tomorrow))
      .set('Authorization', admin.token);
    expect(res.status).toBe(200);
    const body = saveReportsResponseSchema.parse(res.body);
    expect(body.statusMessage).toBeNull();
    expect(body.run).toMatchObject({ status: 'success', rowsWritten: 0 });
    expect(NO_RECORDS_MESSAGE).toBe('No Records found in this Date.');
    expect(await unsavedDates('doneoftheownou', tomorrow, tomorrow)).toEqual([tomorrow]);
  });

  it('removes the rows of a vendor the source no longer covers when the date is saved again', async () => {
    const leaving = await buildVendor({ menu: ALL_SOURCES_MENU });
    await saveDate(ctx.app, admin.token, 'doneoftheownou', DAY);
    expect((await storedRows('doneoftheownou', leaving.user.vendorId, DAY)).length).toBeGreaterThan(0);
    await UserModel.updateOne({ _id: leaving.user._id }, { $set: { 'menu.deeplink3': { cpc: false, cpa: false } } });
    await saveDate(ctx.app, admin.token, 'doneoftheownou', DAY);
    expect(await storedRows('doneoftheownou', leaving.user.vendorId, DAY)).toEqual([]);
    const summary = await request(ctx.app)
      .post('/doneoftheownou/getConversionReports')
      .set('Authorization', leaving.token)
      .send({ startDate: DAY, endDate: DAY });
    expect(summary.body).toEqual({ reportsData: [], totalRecords: 0 });
  });

  it('repairs a save interrupted midway: the re-run replaces or removes what the crashed one wrote', async () => {
    const date = '2025-02-14';
    const ghost = await buildVendor({ menu: CONNEXITY_ONLY_MENU });
    await UserModel.updateOne({ _id: ghost.user._id }, { $set: { 'menu.deeplink1': { cpc: false, cpa: false } } });
    // What a crash leaves: the write-ahead entry names the ghost vendor, whose day was written; nothing else.
    await SavedMonthModel.updateOne(
      { _id: 'connexity|2025-02' },
      {
        $set: {
          [`days.${date}`]: {
            status: 'writing',
            vendorIds: [],
            pendingVendorIds: [ghost.user.vendorId],
            rowsWritten: 0,
            runId: 'crashed',
            savedAt: new Date(),
          },
        },
      },
      { upsert: true },
    );
    await putStoredDay(
      'connexity',
      ghost.user.vendorId,
      date,
      expectedDay('connexity', ghost.user.vendorId, CONNEXITY_ONLY_MENU, date).rows,
      'crashed',
    );
    expect(await unsavedDates('connexity', date, date)).toEqual([date]);

    await saveDate(ctx.app, admin.token, 'connexity', date);
    expect(await storedRows('connexity', ghost.user.vendorId, date)).toEqual([]);
    expect((await storedRows('connexity', vendor.user.vendorId, date)).length).toBeGreaterThan(0);
    expect(await unsavedDates('connexity', date, date)).toEqual([]);
  });

  it('records failed runs and marks runs left running by a stopped process as failed', async () => {
    await createRunningRun({ source: 'kelkoo', trigger: 'save', startDate: DAY, endDate: DAY });
    expect(await failInterruptedRuns()).toBe(1);
    const runs = reportRunsResponseSchema.parse(
      (await request(ctx.app).get('/home/logs/reportRuns').set('Authorization', admin.token)).body,
    ).data;
    const interrupted = runs.find((run) => run.status === 'failed');
    expect(interrupted?.error).toMatch(/^Interrupted/);
  });
});

describe('the seed helper saveReports', () => {
  it('refuses more than 93 days', async () => {
    await expect(saveReports({ source: 'kelkoo', startDate: '2025-01-01', endDate: '2025-06-01' })).rejects.toThrow(
      'at most 93 days',
    );
  });
});

describe('GET /home/logs/reportRuns', () => {
  it('401 without a token', async () => {
    expect((await request(ctx.app).get('/home/logs/reportRuns')).status).toBe(401);
  });

  it('403 for a vendor: report runs are for the admin', async () => {
    const res = await request(ctx.app).get('/home/logs/reportRuns').set('Authorization', vendor.token);
    expect(res.status).toBe(403);
    expect(res.body.statusMessages).toEqual(['You do not have access to this resource.']);
  });

  it('lists report runs newest first with start, end and status', async () => {
    await saveDate(ctx.app, admin.token, 'kelkoo', '2025-02-20');
    await saveDate(ctx.app, admin.token, 'newdashboard', '2025-02-21');
    const res = await request(ctx.app).get('/home/logs/reportRuns').set('Authorization', admin.token);
    expect(res.status).toBe(200);
    const runs = reportRunsResponseSchema.parse(res.body).data;
    expect(runs[0]).toMatchObject({ source: 'newdashboard', startDate: '2025-02-21', status: 'success' });
    expect(runs[1]).toMatchObject({ source: 'kelkoo', startDate: '2025-02-20', status: 'success' });
    const starts = runs.map((run) => run.start_time);
    expect([...starts].sort().reverse()).toEqual(starts);
  });
});

describe('POST /home/createBulkReports', () => {
  const date = '2025-02-17';

  it('401 without a token, 403 for a vendor', async () => {
    const rows = [uploadRow({ CAMPAIGN_ID: vendor.user.vendorId, FROM_DATE: date })];
    expect(
      (
        await request(ctx.app)
          .post('/home/createBulkReports')
          .send({ reports: rows, uniqueDates: [date] })
      ).status,
    ).toBe(401);
    expect((await uploadRows(ctx.app, vendor.token, rows)).status).toBe(403);
  });

  it('400 naming an unknown CAMPAIGN_ID, writing nothing', async () => {
    const res = await uploadRows(ctx.app, admin.token, [
      uploadRow({ CAMPAIGN_ID: vendor.user.vendorId, FROM_DATE: date }),
      uploadRow({ CAMPAIGN_ID: 987654, FROM_DATE: date }),
    ]);
    expect(res.status).toBe(400);
    expect(res.body.statusMessages).toEqual(['Unknown CAMPAIGN_ID: 987654 (no vendor has this id).']);
    expect(await storedRows('connexity', vendor.user.vendorId, date)).toEqual([]);
  });

  it('400 on rows whose FROM_DATE differs from TO_DATE or is not in uniqueDates, and on an empty upload', async () => {
    const split = uploadRow({ CAMPAIGN_ID: vendor.user.vendorId, FROM_DATE: date, TO_DATE: '2025-02-18' });
    expect((await uploadRows(ctx.app, admin.token, [split], [date])).status).toBe(400);
    const unlisted = uploadRow({ CAMPAIGN_ID: vendor.user.vendorId, FROM_DATE: date });
    expect((await uploadRows(ctx.app, admin.token, [unlisted], ['2025-02-18'])).status).toBe(400);
    const empty = await uploadRows(ctx.app, admin.token, [], [date]);
    expect(empty.status).toBe(400);
    expect(empty.body.statusMessages).toContain('Please upload valid report.');
  });

  it("replaces the campaign's connexity rows of the uploaded dates and leaves other vendors alone", async () => {
    await saveDate(ctx.app, admin.token, 'connexity', date);
    const othersBefore = await storedRows('connexity', cpcOnly.user.vendorId, date);
    expect((await storedRows('connexity', vendor.user.vendorId, date)).length).toBeGreaterThan(2);

    const res = await uploadRows(ctx.app, admin.token, [
      uploadRow({
        CAMPAIGN_ID: vendor.user.vendorId,
        FROM_DATE: date,
        PLACEMENT_ID: 'p1',
        CLICKS: 40,
        SALES_COUNT: 2,
        SALES: 120.5,
        EARNINGS: 8.75,
      }),
      uploadRow({
        CAMPAIGN_ID: vendor.user.vendorId,
        FROM_DATE: date,
        PLACEMENT_ID: 'p2',
        CLICKS: 9,
        SALES_COUNT: 0,
        SALES: 0,
        EARNINGS: 1.25,
      }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      rowsWritten: 2,
      statusMessages: ['Conversion Report Successfully Uploaded.'],
    });

    const report = await request(ctx.app)
      .post('/home/getConversionReports')
      .set('Authorization', vendor.token)
      .send({ startDate: date, endDate: date });
    expect(report.body.totalRecords).toBe(2);
    expect(
      conversionReportResponseSchema.parse(report.body).reportsData.map((row) => [row.PLACEMENT_ID, row.CLICKS]),
    ).toEqual([
      ['p1', 40],
      ['p2', 9],
    ]);
    const summary = await request(ctx.app)
      .post('/home/getConversionReportSummary')
      .set('Authorization', vendor.token)
      .send({ startDate: date, endDate: date });
    expect(summary.body.data).toEqual({
      totalClicks: 49,
      totalEarnings: 10,
      totalSales: 2,
      clickAvgCPC: 10 / 49,
      totalConversionRate: (2 / 49) * 100,
    });
    expect(await storedRows('connexity', cpcOnly.user.vendorId, date)).toEqual(othersBefore);

    // Uploading again replaces, never appends.
    await uploadRows(ctx.app, admin.token, [
      uploadRow({ CAMPAIGN_ID: vendor.user.vendorId, FROM_DATE: date, PLACEMENT_ID: 'p3' }),
    ]);
    const again = await request(ctx.app)
      .post('/home/getConversionReports')
      .set('Authorization', vendor.token)
      .send({ startDate: date, endDate: date });
    expect(placementsOf(again.body)).toEqual(['p3']);
  });
});
