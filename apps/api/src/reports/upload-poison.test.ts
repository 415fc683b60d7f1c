import { once } from 'node:events';
import mongoose from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_REPORT_AMOUNT, healthResponseSchema, reportRunsResponseSchema } from '@publisher/contract';
import { spawnApiProcess } from '../testing/api-process';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import { waitForHttp } from '@publisher/db';
import { packRows } from './report-day-codec';
import { uploadConversionReports } from './report-ingest.service';
import { createRunningRun } from './report-run.model';
import type { StoredRow } from './report-partition.model';
import { UploadJournalModel, UploadJournalPartModel } from './upload-journal.model';
import { ALL_SOURCES_MENU, buildAdmin, saveDate, storedRowsOf, uploadRow, uploadRows } from './testing/report-fixtures';

/**
 * Issue 38, goal 1: poisoned input cannot brick anything. Two rows of `SALES: 1.7e308` for one campaign and day each
 * passed the contract and summed to infinity, which FerretDB refused after the upload's journal was complete: every
 * later upload and save answered 500 and the production API exited on start. Now the sums are bounded and checked
 * before anything is written (400 naming the row), and a journal that cannot be applied anyway (poisoned in the
 * database) is set aside with its reason: the API starts, later uploads and saves work, and /health names it.
 */
const ctx = useTestApp();

// One scope for the accounts the tests share: nothing mutable at module level.
describe('poisoned upload input', () => {
  let admin: BuiltVendor;
  let vendor: BuiltVendor;

  beforeAll(async () => {
    admin = await buildAdmin();
    vendor = await buildVendor({ menu: ALL_SOURCES_MENU });
  });

  const upload = (body: unknown) =>
    request(ctx.app)
      .post('/home/createBulkReports')
      .set('Authorization', admin.token)
      .send(body as object);

  async function journalsAndRuns(): Promise<{ journals: number; parts: number; uploadRuns: number }> {
    const runs = await request(ctx.app).get('/home/logs/reportRuns').set('Authorization', admin.token);
    return {
      journals: await UploadJournalModel.countDocuments(),
      parts: await UploadJournalPartModel.countDocuments(),
      uploadRuns: reportRunsResponseSchema.parse(runs.body).data.length,
    };
  }

  describe('bounded values: refused with the row named, before anything is written', () => {
    it('the 1.7e308 case is a 400 naming the row; rows within the bound whose sum is not name the row that tips it over', async () => {
      const date = '2025-06-02';
      const before = await journalsAndRuns();
      const rows = [
        uploadRow({ CAMPAIGN_ID: vendor.user.vendorId, FROM_DATE: date, PLACEMENT_ID: 'a', SALES: 1.7e308 }),
        uploadRow({ CAMPAIGN_ID: vendor.user.vendorId, FROM_DATE: date, PLACEMENT_ID: 'b', SALES: 1.7e308 }),
      ];
      const res = await uploadRows(ctx.app, admin.token, rows);
      expect(res.status).toBe(400);
      // Each row alone is over the bound already: both are named, and nothing else.
      expect(res.body.statusMessages).toEqual([
        'reports.0.SALES: must be at most 1000000000 (USD)',
        'reports.1.SALES: must be at most 1000000000 (USD)',
      ]);

      // Rows each within the bound whose sum is not: the row that tips it over is named.
      const half = MAX_REPORT_AMOUNT * 0.6;
      const summed = await uploadRows(ctx.app, admin.token, [
        uploadRow({ CAMPAIGN_ID: vendor.user.vendorId, FROM_DATE: date, PLACEMENT_ID: 'a', SALES: half }),
        uploadRow({ CAMPAIGN_ID: vendor.user.vendorId, FROM_DATE: '2025-06-03', PLACEMENT_ID: 'x', SALES: half }),
        uploadRow({ CAMPAIGN_ID: vendor.user.vendorId, FROM_DATE: date, PLACEMENT_ID: 'b', SALES: half }),
      ]);
      expect(summed.status).toBe(400);
      expect(summed.body.statusMessages).toEqual([
        `reports.2.SALES: would take the sum of SALES for CAMPAIGN_ID ${vendor.user.vendorId} on ${date} past ` +
          `1000000000 (the most one campaign's day may hold)`,
      ]);
      expect(await journalsAndRuns()).toEqual(before);
      expect(await storedRowsOf('connexity', vendor.user.vendorId, date)).toEqual([]);
    });

    it('a number JSON cannot hold as finite (1e400 reads as Infinity) is a 400, not a stored infinity', async () => {
      const row = uploadRow({ CAMPAIGN_ID: vendor.user.vendorId, FROM_DATE: '2025-06-04' });
      const text = JSON.stringify({ reports: [{ ...row, EARNINGS: 0 }], uniqueDates: ['2025-06-04'] }).replace(
        '"EARNINGS":0',
        '"EARNINGS":1e400',
      );
      const res = await request(ctx.app)
        .post('/home/createBulkReports')
        .set('Authorization', admin.token)
        .set('Content-Type', 'application/json')
        .send(text);
      expect(res.status).toBe(400);
      expect(res.body.statusMessages[0]).toMatch(/^reports\.0\.EARNINGS: /);
    });

    it('a chunk whose rows would take a day an earlier chunk staged past the bound: 400, the earlier chunk stays staged', async () => {
      const date = '2025-06-05';
      const row = (placement: string) =>
        uploadRow({
          CAMPAIGN_ID: vendor.user.vendorId,
          FROM_DATE: date,
          PLACEMENT_ID: placement,
          CLICKS: 600_000_000,
        });
      const chunk = (index: number, placement: string) =>
        upload({
          reports: [row(placement)],
          uniqueDates: [date],
          uploadId: 'poison-chunks',
          chunkIndex: index,
          chunkCount: 2,
        });
      expect((await chunk(0, 'first')).status).toBe(200);
      const second = await chunk(1, 'second');
      expect(second.status).toBe(400);
      expect(second.body.statusMessages[0]).toMatch(
        /^reports\.0\.CLICKS: would take the sum of CLICKS for CAMPAIGN_ID \d+ on 2025-06-05 past 1000000000/,
      );
      // Nothing of the upload is visible yet; a corrected second chunk completes it with the first.
      expect(await storedRowsOf('connexity', vendor.user.vendorId, date)).toEqual([]);
      const corrected = await upload({
        reports: [{ ...row('fixed'), CLICKS: 1 }],
        uniqueDates: [date],
        uploadId: 'poison-chunks',
        chunkIndex: 1,
        chunkCount: 2,
      });
      expect(corrected.body).toMatchObject({ rowsWritten: 2, chunksReceived: 2 });
      expect(
        (await storedRowsOf('connexity', vendor.user.vendorId, date)).map((stored) => stored.placementId).sort(),
      ).toEqual(['first', 'fixed']);
    });

    it('a caller that skips the contract (the service called directly) gets the same 400', async () => {
      const rows = [1, 2].map((n) =>
        uploadRow({
          CAMPAIGN_ID: vendor.user.vendorId,
          FROM_DATE: '2025-06-06',
          PLACEMENT_ID: `p${n}`,
          SALES: 1.7e308,
        }),
      );
      await expect(
        uploadConversionReports({ reports: rows, uniqueDates: ['2025-06-06'] }, ctx.app.state.reports),
      ).rejects.toMatchObject({ kind: 'badRequest', messages: [expect.stringMatching(/^reports\.0\.SALES: /)] });
      expect(await UploadJournalModel.countDocuments()).toBe(0);
    });
  });

  /** A stored row of an upload with the given sales amount. */
  const poisonRow = (placementId: string, sales: number): StoredRow => ({
    merchantName: 'N/A',
    domain: '',
    category: 'N/A',
    country: '',
    device: 'unknown',
    placementId,
    clickId: 'noid',
    subId: `x_${placementId}_noid`,
    isCPC: true,
    clicks: 1,
    salesCount: 1,
    sales,
    earnings: 1,
    earningsEur: 1,
  });

  /**
   * A complete upload journal put straight into the database, as a process that died after the commit point leaves
   * it, whose one part holds `packed` for the vendor's day. Answers the run id.
   */
  async function poisonedJournal(date: string, packed: Buffer): Promise<string> {
    const run = await createRunningRun({ source: 'connexity', trigger: 'upload', startDate: date, endDate: date });
    const runId = run._id.toHexString();
    const month = date.slice(0, 7);
    const entry = (status: 'writing' | 'saved') => ({
      date,
      entry: {
        status,
        vendorIds: status === 'saved' ? [vendor.user.vendorId] : [],
        pendingVendorIds: status === 'saved' ? [] : [vendor.user.vendorId],
        rowsWritten: status === 'saved' ? 2 : 0,
        runId,
        savedAt: new Date(),
      },
    });
    await UploadJournalModel.create({
      _id: runId,
      source: 'connexity',
      complete: true,
      months: [{ month, pending: [entry('writing')], saved: [entry('saved')], freshDates: [date] }],
      rowsTotal: 2,
      savedAt: new Date(),
      session: null,
      createdAt: new Date(),
    });
    await UploadJournalPartModel.create({
      _id: `${runId}:${month}:${vendor.user.vendorId}`,
      runId,
      month,
      vendorId: vendor.user.vendorId,
      days: [{ date, packed }],
    });
    return runId;
  }

  /** The production settings (docker-compose.yml's), with test values for its secrets. */
  const PRODUCTION_ENV = {
    NODE_ENV: 'production',
    JWT_SECRET: 'upload-poison-test-secret-0123456789abcdef-0123',
    EXTENSION_SERVICE_EMAIL: 'extension-service@example.invalid',
    EXTENSION_SERVICE_PASSWORD: 'upload-poison-extension-password',
    EXTENSION_SERVICE_STANDIN: 'false',
    SEED_ON_START: 'false',
    SEED_DEMO_ACCOUNTS: 'false',
    MOCK_CONTROLS: 'false',
  };

  describe('a journal poisoned in the database', () => {
    it('is set aside with its reason: the production API starts, /health names it, later uploads and saves work', async () => {
      // The case as a process past the commit point left it (two rows summing to infinity), and a part whose
      // bytes do not decode at all.
      const infinite = await poisonedJournal(
        '2025-07-01',
        await packRows([poisonRow('a', 1.7e308), poisonRow('b', 1.7e308)]),
      );
      const garbled = await poisonedJournal('2025-07-02', Buffer.from('not a packed day'));

      const lines: string[] = [];
      const { child, url } = await spawnApiProcess(PRODUCTION_ENV, (text) => lines.push(text));
      try {
        await waitForHttp(`${url}/health`, child, 60_000);
        const health = healthResponseSchema.parse(await (await fetch(`${url}/health`)).json());
        expect(health.uploadsSetAside?.map(({ runId }) => runId).sort()).toEqual([infinite, garbled].sort());
        expect(health.uploadsSetAside?.find(({ runId }) => runId === infinite)?.reason).toMatch(
          /sum to Infinity, outside 0 to 1000000000/,
        );
      } finally {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      expect(lines.join('')).toMatch(new RegExp(`upload ${infinite} set aside: `));

      // The runs say what happened, with the reason.
      const runs = reportRunsResponseSchema.parse(
        (await request(ctx.app).get('/home/logs/reportRuns').set('Authorization', admin.token)).body,
      ).data;
      for (const runId of [infinite, garbled]) {
        expect(runs.find((run) => run._id === runId)).toMatchObject({
          status: 'failed',
          rowsWritten: 0,
          error: expect.stringMatching(/^Set aside: /),
        });
      }
      expect(await storedRowsOf('connexity', vendor.user.vendorId, '2025-07-01')).toEqual([]);

      // Nothing is blocked: an upload and a save of the source work, and leave the set-aside journals alone.
      const later = await uploadRows(ctx.app, admin.token, [
        uploadRow({ CAMPAIGN_ID: vendor.user.vendorId, FROM_DATE: '2025-07-01', PLACEMENT_ID: 'fixed' }),
      ]);
      expect(later.status).toBe(200);
      expect(
        (await storedRowsOf('connexity', vendor.user.vendorId, '2025-07-01')).map((row) => row.placementId),
      ).toEqual(['fixed']);
      await saveDate(ctx.app, admin.token, 'connexity', '2025-07-03');
      const health = healthResponseSchema.parse((await request(ctx.app).get('/health')).body);
      expect(health.uploadsSetAside).toHaveLength(2);
      expect(await UploadJournalModel.countDocuments({ _id: { $in: [infinite, garbled] } })).toBe(2);
      expect(mongoose.connection.readyState).toBe(mongoose.ConnectionStates.connected);
    }, 120_000);
  });
});
