import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  UPLOAD_CHUNK_MESSAGES,
  clicksReportDaysResponseSchema,
  conversionReportResponseSchema,
  createBulkReportsResponseSchema,
  reportRunsResponseSchema,
  type UploadRow,
} from '@publisher/contract';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import { StagedChunkModel } from './upload-staged-chunk.model';
import { UPLOAD_DISCARD_AFTER_MS, discardAbandonedUploads } from './upload-staging';
import { ALL_SOURCES_MENU, buildAdmin, saveDate, storedRowsOf, uploadRow, uploadRows } from './testing/report-fixtures';

const ctx = useTestApp();

let admin: BuiltVendor;
let first: BuiltVendor;
let second: BuiltVendor;

beforeAll(async () => {
  admin = await buildAdmin();
  first = await buildVendor({ menu: ALL_SOURCES_MENU });
  second = await buildVendor({ menu: ALL_SOURCES_MENU });
});

/** The placement ids a vendor has stored on a date, sorted. */
async function placements(vendor: BuiltVendor, date: string): Promise<string[]> {
  return (await storedRowsOf('connexity', vendor.user.vendorId, date)).map((row) => row.placementId).sort();
}

async function savedCount(date: string): Promise<number | undefined> {
  const res = await request(ctx.app).get('/home/getAllClicksReports').set('Authorization', admin.token);
  return clicksReportDaysResponseSchema.parse(res.body).data.find((row) => row.date === date)?.count;
}

function chunkCall(rows: UploadRow[], uniqueDates: string[], uploadId: string, chunkIndex: number, chunkCount: number) {
  return request(ctx.app)
    .post('/home/createBulkReports')
    .set('Authorization', admin.token)
    .send({ reports: rows, uniqueDates, uploadId, chunkIndex, chunkCount });
}

describe('re-uploading replaces, never duplicates', () => {
  it('the same file twice leaves the same rows and the same per-date count', async () => {
    const dates = ['2025-03-03', '2025-03-04'];
    const rows = dates.flatMap((date) => [
      uploadRow({ CAMPAIGN_ID: first.user.vendorId, FROM_DATE: date, PLACEMENT_ID: `a-${date}` }),
      uploadRow({ CAMPAIGN_ID: first.user.vendorId, FROM_DATE: date, PLACEMENT_ID: `b-${date}` }),
      uploadRow({ CAMPAIGN_ID: second.user.vendorId, FROM_DATE: date, PLACEMENT_ID: `c-${date}` }),
    ]);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await uploadRows(ctx.app, admin.token, rows);
      expect(res.status).toBe(200);
      expect(createBulkReportsResponseSchema.parse(res.body).rowsWritten).toBe(6);
      expect(await placements(first, '2025-03-03')).toEqual(['a-2025-03-03', 'b-2025-03-03']);
      expect(await placements(second, '2025-03-04')).toEqual(['c-2025-03-04']);
      expect(await savedCount('2025-03-03')).toBe(3);
    }
  });

  it("the date's count keeps the rows of vendors the file does not name", async () => {
    const date = '2025-03-10';
    await saveDate(ctx.app, admin.token, 'connexity', date);
    const before = await savedCount(date);
    const firstRows = (await placements(first, date)).length;
    expect(before).toBeGreaterThan(firstRows);
    await uploadRows(ctx.app, admin.token, [uploadRow({ CAMPAIGN_ID: first.user.vendorId, FROM_DATE: date })]);
    expect(await savedCount(date)).toBe((before ?? 0) - firstRows + 1);
    expect((await placements(second, date)).length).toBeGreaterThan(0);
  });
});

describe('chunked upload (uploadId, chunkIndex, chunkCount)', () => {
  const dates = ['2025-04-01', '2025-04-02'];

  it('writes what the whole file in one call writes, whatever the chunk order, and nothing before the last chunk', async () => {
    // Both vendors have saved (simulated) rows on both dates before the upload.
    for (const date of dates) await saveDate(ctx.app, admin.token, 'connexity', date);
    const before = {
      first: await placements(first, '2025-04-01'),
      second: await placements(second, '2025-04-01'),
      count: await savedCount('2025-04-01'),
    };
    expect(before.second.length).toBeGreaterThan(0);

    const row = (vendor: BuiltVendor, date: string, placement: string) =>
      uploadRow({ CAMPAIGN_ID: vendor.user.vendorId, FROM_DATE: date, PLACEMENT_ID: placement });
    // One file: first has rows on both dates (its 04-01 rows straddle chunks 0 and 1); second only on 04-02.
    const rows = [
      row(first, '2025-04-01', 'f1'),
      row(first, '2025-04-01', 'f2'),
      row(first, '2025-04-01', 'f3'),
      row(first, '2025-04-02', 'f4'),
      row(second, '2025-04-02', 's1'),
      row(second, '2025-04-02', 's2'),
    ];
    const chunks = [rows.slice(0, 2), rows.slice(2, 4), rows.slice(4)];
    const uploadId = 'upload-order-test';

    // Two of three chunks in: staged, and readers see nothing of them (stored days, saved counts, the runs table).
    const last = await chunkCall(chunks[2] ?? [], dates, uploadId, 2, 3);
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ success: true, rowsWritten: 0, chunksReceived: 1 });
    expect(last.body).not.toHaveProperty('uploadRowsWritten');
    expect((await chunkCall(chunks[0] ?? [], dates, uploadId, 0, 3)).body).toMatchObject({
      rowsWritten: 0,
      chunksReceived: 2,
    });
    expect(await placements(first, '2025-04-01')).toEqual(before.first);
    expect(await placements(second, '2025-04-01')).toEqual(before.second);
    expect(await savedCount('2025-04-01')).toBe(before.count);
    const runs = await request(ctx.app).get('/home/logs/reportRuns').set('Authorization', admin.token);
    expect(reportRunsResponseSchema.parse(runs.body).data[0]).toMatchObject({
      status: 'staged',
      rowsWritten: 0,
      startDate: '2025-04-01',
      endDate: '2025-04-02',
    });

    const completing = await chunkCall(chunks[1] ?? [], dates, uploadId, 1, 3);
    expect(completing.body).toMatchObject({ success: true, rowsWritten: 6, chunksReceived: 3, uploadRowsWritten: 6 });

    expect(await placements(first, '2025-04-01')).toEqual(['f1', 'f2', 'f3']);
    expect(await placements(first, '2025-04-02')).toEqual(['f4']);
    expect(await placements(second, '2025-04-02')).toEqual(['s1', 's2']);
    expect(await placements(second, '2025-04-01')).toEqual([]);
    const after = await request(ctx.app).get('/home/logs/reportRuns').set('Authorization', admin.token);
    expect(reportRunsResponseSchema.parse(after.body).data[0]).toMatchObject({ status: 'success', rowsWritten: 6 });
    expect(await StagedChunkModel.countDocuments({ uploadId })).toBe(0);

    // A retried chunk writes nothing, and says what the upload wrote (the completing chunk's answer may have been
    // the one lost); the whole upload again as one call gives the same rows.
    const retried = await chunkCall(chunks[0] ?? [], dates, uploadId, 0, 3);
    expect(retried.body).toMatchObject({ rowsWritten: 0, chunksReceived: 3, uploadRowsWritten: 6 });
    const completingAgain = await chunkCall(chunks[1] ?? [], dates, uploadId, 1, 3);
    expect(completingAgain.body).toMatchObject({ rowsWritten: 0, chunksReceived: 3, uploadRowsWritten: 6 });
    expect(await placements(first, '2025-04-01')).toEqual(['f1', 'f2', 'f3']);
    await uploadRows(ctx.app, admin.token, rows, dates);
    expect(await placements(first, '2025-04-01')).toEqual(['f1', 'f2', 'f3']);
    expect(await placements(second, '2025-04-01')).toEqual([]);
    expect(await savedCount('2025-04-01')).toBeGreaterThanOrEqual(3);
  });

  it('a chunk sent again before the upload is complete (a retry after a 503 or a lost answer) is staged once', async () => {
    const date = '2025-04-10';
    const row = (placement: string) =>
      uploadRow({ CAMPAIGN_ID: first.user.vendorId, FROM_DATE: date, PLACEMENT_ID: placement, CLICKS: 7 });
    const uploadId = 'resent-chunk-upload';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await chunkCall([row('a'), row('b')], [date], uploadId, 0, 2)).body).toMatchObject({
        rowsWritten: 0,
        chunksReceived: 1,
      });
    }
    expect(await StagedChunkModel.countDocuments({ uploadId })).toBe(1);
    expect((await chunkCall([row('c')], [date], uploadId, 1, 2)).body).toMatchObject({
      rowsWritten: 3,
      chunksReceived: 2,
    });
    expect(await placements(first, date)).toEqual(['a', 'b', 'c']);
    // Sent again after the commit: nothing twice.
    expect((await chunkCall([row('c')], [date], uploadId, 1, 2)).body).toMatchObject({
      rowsWritten: 0,
      chunksReceived: 2,
    });
    expect(await placements(first, date)).toEqual(['a', 'b', 'c']);
    expect(await savedCount(date)).toBe(3);
  });

  it('an upload whose next chunk does not come for 24 hours is discarded: staged rows gone, run discarded, 409 after', async () => {
    const date = '2025-04-12';
    const rows = [uploadRow({ CAMPAIGN_ID: first.user.vendorId, FROM_DATE: date, PLACEMENT_ID: 'late' })];
    const uploadId = 'abandoned-upload';
    expect((await chunkCall(rows, [date], uploadId, 0, 2)).status).toBe(200);
    const stagedAt = Date.now();

    // The sweep's clock is the test's: 23 hours on, the upload waits; 24 hours and a minute on, it is discarded.
    expect(await discardAbandonedUploads(new Date(stagedAt + 23 * 3600_000))).toEqual([]);
    expect(await StagedChunkModel.countDocuments({ uploadId })).toBe(1);
    const swept = await discardAbandonedUploads(new Date(stagedAt + UPLOAD_DISCARD_AFTER_MS + 60_000));
    expect(swept).toEqual([expect.stringMatching(/^upload abandoned-upload discarded \(1 of 2 chunks arrived/)]);
    expect(await StagedChunkModel.countDocuments({ uploadId })).toBe(0);
    const runs = await request(ctx.app).get('/home/logs/reportRuns').set('Authorization', admin.token);
    const run = reportRunsResponseSchema.parse(runs.body).data.find((entry) => entry.startDate === date);
    expect(run).toMatchObject({ status: 'discarded', rowsWritten: 0 });
    expect(run?.error).toMatch(/^Discarded: 1 of 2 chunks arrived/);

    const late = await chunkCall(rows, [date], uploadId, 1, 2);
    expect(late.status).toBe(409);
    expect(late.body.statusMessages[0]).toMatch(/^Upload abandoned-upload was discarded/);
    expect(await placements(first, date)).toEqual([]);
  });

  it('a second upload of the same dates in chunks replaces the first (never appends to it)', async () => {
    const date = '2025-04-20';
    const row = (placement: string) =>
      uploadRow({ CAMPAIGN_ID: first.user.vendorId, FROM_DATE: date, PLACEMENT_ID: placement });
    await chunkCall([row('old1')], [date], 'first-upload', 0, 2);
    await chunkCall([row('old2')], [date], 'first-upload', 1, 2);
    expect(await placements(first, date)).toEqual(['old1', 'old2']);
    await chunkCall([row('new1')], [date], 'second-upload', 0, 2);
    await chunkCall([row('new2')], [date], 'second-upload', 1, 2);
    expect(await placements(first, date)).toEqual(['new1', 'new2']);
  });

  it('400 when the chunk fields come apart, an index is out of range, or chunkCount changes mid-upload', async () => {
    const rows = [uploadRow({ CAMPAIGN_ID: first.user.vendorId, FROM_DATE: '2025-04-25' })];
    const partial = await request(ctx.app)
      .post('/home/createBulkReports')
      .set('Authorization', admin.token)
      .send({ reports: rows, uniqueDates: ['2025-04-25'], uploadId: 'partial-upload', chunkIndex: 0 });
    expect(partial.status).toBe(400);
    expect(partial.body.statusMessages[0]).toContain(UPLOAD_CHUNK_MESSAGES.partialChunkFields);
    const outOfRange = await chunkCall(rows, ['2025-04-25'], 'range-upload', 2, 2);
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.statusMessages[0]).toContain(UPLOAD_CHUNK_MESSAGES.chunkIndexOutOfRange);
    expect((await chunkCall(rows, ['2025-04-25'], 'count-upload', 0, 3)).status).toBe(200);
    const changed = await chunkCall(rows, ['2025-04-25'], 'count-upload', 1, 4);
    expect(changed.status).toBe(400);
    expect(changed.body.statusMessages[0]).toMatch(/chunkCount must stay 3/);
    expect((await chunkCall(rows, ['2025-04-25'], 'bad id!', 0, 1)).status).toBe(400);
  });
});

describe('the sample CSV users can try (apps/web/public/samples/conversion-report-sample.csv)', () => {
  const CSV_PATH = fileURLToPath(new URL('../../../web/public/samples/conversion-report-sample.csv', import.meta.url));

  /** Part 2 §5 "Conversion CSV", as the upload screen applies it (a test oracle, not the web's parser). */
  function parseConversionCsv(text: string): { rows: UploadRow[]; uniqueDates: string[] } | null {
    const [header = '', ...lines] = text.trim().split(/\r?\n/);
    const columns = header.split(',');
    const at = (name: string) => columns.indexOf(name);
    if (columns[0] !== 'FROM_DATE' || columns[9] !== 'CONVERSION_RATE' || columns[10] !== 'CPC') return null;
    if (columns[12] !== 'SALES_COUNT') return null;
    const rows: UploadRow[] = [];
    for (const line of lines) {
      // A row with two quote characters has its quoted value cut at the first comma.
      const unquoted = (line.match(/"/g) ?? []).length === 2 ? line.replace(/"([^",]*),[^"]*"/, '$1') : line;
      const cells = unquoted.split(',');
      const cell = (name: string) => cells[at(name)] ?? '';
      if (cell('FROM_DATE') !== cell('TO_DATE')) continue;
      const campaignId = Number(cell('CAMPAIGN_ID').replace(/\D/g, ''));
      rows.push({
        FROM_DATE: cell('FROM_DATE'),
        TO_DATE: cell('TO_DATE'),
        CAMPAIGN_ID: campaignId,
        PLACEMENT_ID: cell('PLACEMENT_ID').replace(new RegExp(`^${campaignId}_`), ''),
        CLICKS: Number.parseInt(cell('CLICKS'), 10),
        SALES_COUNT: Number.parseInt(cell('SALES_COUNT'), 10),
        SALES: Number(cell('SALES')),
        EARNINGS: Number(cell('EARNINGS')),
        CONVERSION_RATE: Number(cell('CONVERSION_RATE')),
        CPC: Number(cell('CPC')),
      });
    }
    return rows.length > 0 ? { rows, uniqueDates: [...new Set(rows.map((row) => row.FROM_DATE))] } : null;
  }

  it('passes the header rule, and every kept row uploads and shows in the vendor’s conversion report', async () => {
    const parsed = parseConversionCsv(await readFile(CSV_PATH, 'utf8'));
    if (!parsed) throw new Error('the sample CSV fails the header rule');
    expect(parsed.rows).toHaveLength(10);
    expect(parsed.uniqueDates).toEqual(['2026-11-16', '2026-11-17', '2026-11-18']);
    const demo = await Promise.all([5001, 5040, 5056].map((vendorId) => buildVendor({ vendorId })));

    const res = await uploadRows(ctx.app, admin.token, parsed.rows, parsed.uniqueDates);
    expect(res.status).toBe(200);
    expect(res.body.rowsWritten).toBe(10);
    const report = await request(ctx.app)
      .post('/home/getConversionReports')
      .set('Authorization', demo[0]?.token ?? '')
      .send({ startDate: '2026-11-16', endDate: '2026-11-18' });
    expect(conversionReportResponseSchema.parse(report.body).reportsData.map((row) => row.PLACEMENT_ID)).toEqual(
      expect.arrayContaining(['homepage', 'newsletter']),
    );
    expect(report.body.totalRecords).toBe(5);
  });

  it('a PLACEMENT_ID still carrying its campaign prefix is stored without it', async () => {
    const date = '2025-05-05';
    await uploadRows(ctx.app, admin.token, [
      uploadRow({ CAMPAIGN_ID: first.user.vendorId, FROM_DATE: date, PLACEMENT_ID: `${first.user.vendorId}_footer` }),
    ]);
    expect(await placements(first, date)).toEqual(['footer']);
  });
});
