import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, type App } from '../app';
import { createAppState } from '../app-state';
import { LeaseModel } from '../shared/lease.model';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { testConfig, useTestApp } from '../testing/test-app';
import { ReportRunModel } from './report-run.model';
import { UploadJournalModel } from './upload-journal.model';
import { UploadSessionModel } from './upload-session.model';
import { ALL_SOURCES_MENU, buildAdmin, storedRowsOf, uploadRow } from './testing/report-fixtures';

/**
 * Issue 38, goal 3: an answer means what it says. A write the request deadline answered 503 (the database did not
 * answer in time) used to run on and be applied: the client, told it failed, sent the chunk again. Now the 503
 * aborts the write before its commit point, so it leaves no trace, and the client's retry is applied once.
 */
const ctx = useTestApp();

// One scope for the accounts the tests share: nothing mutable at module level.
describe('an upload chunk behind the request deadline', () => {
  let admin: BuiltVendor;
  let vendor: BuiltVendor;
  /** What the deadline's probe says: the database answers, or not. */
  const database = { answers: true };
  const logs: string[] = [];
  let app: App;

  beforeAll(async () => {
    admin = await buildAdmin();
    vendor = await buildVendor({ menu: ALL_SOURCES_MENU });
    // An app of its own with a short deadline and a probe the test decides (the database itself stays up).
    app = createApp({
      config: testConfig({ requestDeadlineMs: 400 }),
      database: { kind: 'ferretdb' },
      state: createAppState(),
      log: (line) => logs.push(line),
      probe: { answers: () => Promise.resolve(database.answers) },
    });
    return () => app.close();
  });

  describe('a write answered 503 by the request deadline', () => {
    it('an upload chunk answered 503 leaves no trace; the retry is applied once', async () => {
      const date = '2025-09-15';
      const body = {
        reports: [uploadRow({ CAMPAIGN_ID: vendor.user.vendorId, FROM_DATE: date, PLACEMENT_ID: 'once' })],
        uniqueDates: [date],
        uploadId: 'deadline-upload',
        chunkIndex: 0,
        chunkCount: 2,
      };
      // The source's lease is held elsewhere, so the chunk waits (as behind a stalled save); meanwhile the deadline asks
      // the probe, which says the database does not answer.
      await LeaseModel.create({
        _id: 'report-save:connexity',
        holder: 'another-host/1/stalled',
        expiresAt: new Date(Date.now() + 60_000),
      });
      database.answers = false;
      const answered = await request(app).post('/home/createBulkReports').set('Authorization', admin.token).send(body);
      expect(answered.status).toBe(503);
      expect(answered.headers['retry-after']).toBe('5');

      // The database is back and the lease free: the abandoned handler goes on, and stops before it writes anything.
      database.answers = true;
      await LeaseModel.deleteOne({ _id: 'report-save:connexity' });
      await vi.waitFor(
        () => expect(logs.join('\n')).toMatch(/late error after the answer to POST \/home\/createBulkReports/),
        { timeout: 20_000, interval: 50 },
      );
      expect(await ReportRunModel.countDocuments({ trigger: 'upload', startDate: date })).toBe(0);
      expect(await UploadJournalModel.countDocuments()).toBe(0);
      expect(await UploadSessionModel.findById('deadline-upload').lean()).toBeNull();
      expect(await storedRowsOf('connexity', vendor.user.vendorId, date)).toEqual([]);

      // The client sends the chunk again after Retry-After: it is staged now, once, and written with the last chunk.
      const send = (sent: typeof body) =>
        request(ctx.app).post('/home/createBulkReports').set('Authorization', admin.token).send(sent);
      const retried = await send(body);
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({ rowsWritten: 0, chunksReceived: 1 });
      const lastChunk = {
        ...body,
        reports: [uploadRow({ CAMPAIGN_ID: vendor.user.vendorId, FROM_DATE: date, PLACEMENT_ID: 'last' })],
        chunkIndex: 1,
      };
      expect((await send(lastChunk)).body).toMatchObject({ rowsWritten: 2, chunksReceived: 2 });
      expect(
        (await storedRowsOf('connexity', vendor.user.vendorId, date)).map((row) => row.placementId).sort(),
      ).toEqual(['last', 'once']);
    }, 60_000);
  });
});
