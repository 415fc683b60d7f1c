import { spawn } from 'node:child_process';
import { once } from 'node:events';
import mongoose from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { clicksReportDaysResponseSchema, monthOf, type UploadRow } from '@publisher/contract';
import { startApiProcess } from '../testing/api-process';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { testConfig, useTestApp } from '../testing/test-app';
import { readStoredMonthRollup } from './report-documents';
import { failInterruptedRuns, saveReports, uploadConversionReports } from './report-ingest.service';
import { ReportRunModel, type ReportRunRecord } from './report-run.model';
import { dayTotals } from './report-store';
import { ALL_SOURCES_MENU, buildAdmin, storedRowsOf, uploadRow } from './testing/report-fixtures';
import { UploadJournalModel, UploadJournalPartModel } from './upload-journal.model';
import { finishInterruptedUploads, type UploadFaults } from './upload-journal';
import { StagedChunkModel } from './upload-staged-chunk.model';
import { UPLOAD_DISCARD_AFTER_MS, discardAbandonedUploads } from './upload-staging';

/**
 * Issue 25, goal 3: an upload stopped mid-write (a fault hook throws where a crash would stop the process: after
 * N partitions, or while the journal is being stored; and once a real child process killed with SIGKILL) is, as
 * readers see it after the next start or the next upload, either all old or all new, and its run record says
 * exactly what was written. The file is the issue's:
 * 1,000 rows, 5 campaigns x 4 months (10 dates a month, 5 rows a day).
 */
const ctx = useTestApp();

const MONTHS = ['2025-08', '2025-09', '2025-10', '2025-11'];
const DATES = MONTHS.flatMap((month) =>
  Array.from({ length: 10 }, (_, day) => `${month}-${String(day + 1).padStart(2, '0')}`),
);
const ROWS_PER_DAY = 5;

/** The admin and the five campaigns (vendor ids, ascending), made once for the file. */
const fixture = { admin: undefined as BuiltVendor | undefined, campaigns: [] as number[] };
const adminToken = (): string => fixture.admin?.token ?? '';

/** The whole file, every placement named `<label>-<n>`. */
function file(label: string): { reports: UploadRow[]; uniqueDates: string[] } {
  const reports = fixture.campaigns.flatMap((campaign) =>
    DATES.flatMap((date) =>
      Array.from({ length: ROWS_PER_DAY }, (_, n) =>
        uploadRow({ CAMPAIGN_ID: campaign, FROM_DATE: date, PLACEMENT_ID: `${label}-${n}`, CLICKS: n + 1 }),
      ),
    ),
  );
  return { reports, uniqueDates: DATES };
}

/** Which file each stored (campaign, date) day comes from, by its placements' label. */
async function labels(): Promise<Map<string, string>> {
  const byDay = new Map<string, string>();
  for (const campaign of fixture.campaigns) {
    for (const date of DATES) {
      const rows = await storedRowsOf('connexity', campaign, date);
      const found = [...new Set(rows.map((row) => row.placementId.split('-')[0]))];
      byDay.set(
        `${campaign}|${date}`,
        rows.length === ROWS_PER_DAY && found.length === 1 ? (found[0] ?? '') : 'broken',
      );
    }
  }
  return byDay;
}

/** Every day of the file holds `label`'s rows, the rollups the reports read agree, and so do the saved counts. */
async function expectAll(label: string): Promise<void> {
  expect(new Set((await labels()).values())).toEqual(new Set([label]));
  for (const campaign of fixture.campaigns) {
    for (const month of MONTHS) {
      const rollup = await readStoredMonthRollup('connexity', campaign, month);
      const days = DATES.filter((date) => monthOf(date) === month);
      expect(days.map((date) => (rollup?.days[date] ? dayTotals(rollup.days[date]).rows : 0))).toEqual(
        days.map(() => ROWS_PER_DAY),
      );
    }
  }
  const res = await request(ctx.app).get('/home/getAllClicksReports').set('Authorization', adminToken());
  const counts = new Map(clicksReportDaysResponseSchema.parse(res.body).data.map((row) => [row.date, row.count]));
  expect(DATES.map((date) => counts.get(date))).toEqual(DATES.map(() => fixture.campaigns.length * ROWS_PER_DAY));
}

const runOf = async (id: mongoose.Types.ObjectId): Promise<ReportRunRecord | null> =>
  ReportRunModel.findById(id).lean<ReportRunRecord>();

/** The newest upload run. */
const lastUploadRun = async (): Promise<ReportRunRecord> => {
  const run = await ReportRunModel.findOne({ trigger: 'upload' }).sort({ start_time: -1 }).lean<ReportRunRecord>();
  if (!run) throw new Error('no upload run');
  return run;
};

const crash = (): never => {
  throw new Error('Simulated crash');
};

const upload = (label: string, faults?: UploadFaults) =>
  uploadConversionReports(file(label), ctx.app.state.reports, faults);

beforeAll(async () => {
  fixture.admin = await buildAdmin();
  const vendors: BuiltVendor[] = [];
  for (let n = 0; n < 5; n += 1) vendors.push(await buildVendor({ menu: ALL_SOURCES_MENU }));
  fixture.campaigns = vendors.map((vendor) => vendor.user.vendorId).sort((a, b) => a - b);
  expect((await upload('old')).rowsWritten).toBe(1_000);
  await expectAll('old');
}, 120_000);

describe('an upload stopped mid-write', () => {
  it('after 10 of 20 partitions: the run says what was written, and the next start finishes it from the journal', async () => {
    await expect(upload('new', { beforePartition: (index) => (index === 10 ? crash() : undefined) })).rejects.toThrow(
      'Simulated crash',
    );

    // The cut is real: some days are new, some old (months 1 and 2 new, month 3 partly).
    const cut = await labels();
    const newDays = [...cut.values()].filter((label) => label === 'new').length;
    expect(newDays).toBeGreaterThanOrEqual(100);
    expect(newDays).toBeLessThan(200);
    expect([...cut.values()].filter((label) => label !== 'new' && label !== 'old')).toEqual([]);

    // The run tells the truth: failed, with exactly the rows that were replaced, and who finishes it.
    const stopped = await lastUploadRun();
    expect(stopped.status).toBe('failed');
    expect(stopped.rowsWritten).toBe(newDays * ROWS_PER_DAY);
    expect(stopped.error).toContain(`${newDays * ROWS_PER_DAY} of 1000 rows were written`);
    expect(await UploadJournalModel.countDocuments({ _id: stopped._id.toHexString(), complete: true })).toBe(1);

    // A real crash leaves the run `running` (the process never reached its catch): the seed's sweep of stopped
    // runs leaves a journaled upload to the journal.
    await ReportRunModel.updateOne({ _id: stopped._id }, { $set: { status: 'running' } });
    expect(await failInterruptedRuns()).toBe(0);
    expect(await runOf(stopped._id)).toMatchObject({ status: 'running' });

    // The next start.
    const lines: string[] = [];
    await finishInterruptedUploads((line) => lines.push(line));
    expect(lines).toEqual([`[reports] upload ${stopped._id.toHexString()} finished from its journal (1000 rows)`]);
    await expectAll('new');
    expect(await runOf(stopped._id)).toMatchObject({ status: 'success', rowsWritten: 1_000, error: null });
    expect(await UploadJournalModel.countDocuments()).toBe(0);
    expect(await UploadJournalPartModel.countDocuments()).toBe(0);
  });

  it('while its journal is stored: nothing changes, the run says so, and sending the file again works', async () => {
    await expect(upload('newer', { afterJournalPart: (index) => (index === 5 ? crash() : undefined) })).rejects.toThrow(
      'Simulated crash',
    );
    await expectAll('new');
    const stopped = await lastUploadRun();
    expect(stopped).toMatchObject({ status: 'failed', rowsWritten: 0 });
    expect(stopped.error).toContain('stopped before any report row was written; nothing changed');
    expect(await UploadJournalPartModel.countDocuments()).toBe(0);

    const again = await upload('newer');
    expect(again.rowsWritten).toBe(1_000);
    await expectAll('newer');
    expect(await lastUploadRun()).toMatchObject({ status: 'success', rowsWritten: 1_000 });
  });

  it('the next upload of the source finishes a stopped one first', async () => {
    await expect(upload('latest', { beforePartition: (index) => (index === 3 ? crash() : undefined) })).rejects.toThrow(
      'Simulated crash',
    );
    const stopped = await lastUploadRun();
    expect(stopped.status).toBe('failed');
    expect(new Set((await labels()).values())).toEqual(new Set(['latest', 'newer']));

    // Another file (one campaign, one date outside the first) comes in: the stopped upload is finished first.
    const other = {
      reports: [uploadRow({ CAMPAIGN_ID: fixture.campaigns[0] ?? 0, FROM_DATE: '2025-12-01' })],
      uniqueDates: ['2025-12-01'],
    };
    expect((await uploadConversionReports(other, ctx.app.state.reports)).rowsWritten).toBe(1);
    await expectAll('latest');
    expect(await runOf(stopped._id)).toMatchObject({ status: 'success', rowsWritten: 1_000 });
  });

  it('a save of the source finishes a stopped upload first', async () => {
    await expect(upload('saved', { beforePartition: (index) => (index === 15 ? crash() : undefined) })).rejects.toThrow(
      'Simulated crash',
    );
    const stopped = await lastUploadRun();
    await saveReports({
      source: 'connexity',
      startDate: '2025-12-05',
      endDate: '2025-12-05',
      cache: ctx.app.state.reports,
    });
    await expectAll('saved');
    expect(await runOf(stopped._id)).toMatchObject({ status: 'success', rowsWritten: 1_000 });
  });

  it('a chunk of a chunked upload: finished with its bookkeeping, so sending the chunk again adds nothing twice', async () => {
    // Each day's 5 rows come in two chunks (3 + 2): the second chunk adds to the days the first one wrote.
    const whole = file('chunked');
    const body = (chunkIndex: number) => ({
      reports: whole.reports.filter((row) => Number(row.PLACEMENT_ID.split('-')[1]) < 3 === (chunkIndex === 0)),
      uniqueDates: DATES,
      uploadId: 'crash-chunked-upload',
      chunkIndex,
      chunkCount: 2,
    });
    // The first chunk is staged: nothing of it is visible.
    expect(await uploadConversionReports(body(0), ctx.app.state.reports)).toEqual({
      rowsWritten: 0,
      chunksReceived: 1,
    });
    await expectAll('saved');
    await expect(
      uploadConversionReports(body(1), ctx.app.state.reports, {
        beforePartition: (index) => (index === 7 ? crash() : undefined),
      }),
    ).rejects.toThrow('Simulated crash');
    const stopped = await lastUploadRun();
    expect(stopped.status).toBe('failed');

    // The client sends the cut chunk again: the stopped write is finished first (rows and bookkeeping), and the
    // chunk is then known as received; this call wrote nothing itself, and says what the upload wrote.
    expect(await uploadConversionReports(body(1), ctx.app.state.reports)).toEqual({
      rowsWritten: 0,
      chunksReceived: 2,
      uploadRowsWritten: 1_000,
    });
    await expectAll('chunked');
    expect(await runOf(stopped._id)).toMatchObject({ status: 'success', rowsWritten: 1_000 });
  });

  it('a real process killed (SIGKILL) mid-upload: the next start of the API finishes it before it listens', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/testing/upload-crash-child.ts', inject('mongoUri'), mongoose.connection.name],
      { cwd: process.cwd(), stdio: ['pipe', 'ignore', 'inherit'] },
    );
    child.stdin?.end(JSON.stringify({ body: file('killed'), killAt: 10 }));
    const [, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    expect(signal).toBe('SIGKILL');

    // What the dead process left: months 1 and 2 new, the rest old; its run still `running`, its journal complete.
    const killedDays = [...(await labels()).values()].filter((label) => label === 'killed').length;
    expect(killedDays).toBeGreaterThanOrEqual(100);
    expect(killedDays).toBeLessThan(200);
    const stopped = await lastUploadRun();
    expect(stopped).toMatchObject({ status: 'running', startDate: DATES[0] });
    expect(await UploadJournalModel.countDocuments({ _id: stopped._id.toHexString(), complete: true })).toBe(1);

    // The next start: src/main.ts on the same database (its lease, held by the dead process, is taken over at once).
    const { child: api, url } = await startApiProcess({ JWT_SECRET: testConfig().jwtSecret });
    try {
      await expectAll('killed');
      expect(await runOf(stopped._id)).toMatchObject({ status: 'success', rowsWritten: 1_000, error: null });
      // A reader of the restarted API sees the whole upload in the saved counts.
      const res = await fetch(`${url}/home/getAllClicksReports`, { headers: { authorization: adminToken() } });
      const counts = clicksReportDaysResponseSchema.parse(await res.json()).data;
      expect(counts.filter((row) => DATES.includes(row.date)).map((row) => row.count)).toEqual(
        DATES.map(() => fixture.campaigns.length * ROWS_PER_DAY),
      );
    } finally {
      api.kill('SIGTERM');
      await once(api, 'exit');
    }
  }, 120_000);

  it('an API killed (SIGKILL) between chunks: readers see nothing, the restarted API takes the rest, or it is discarded', async () => {
    const whole = file('between');
    const chunkOf = (uploadId: string, chunkIndex: number) => ({
      // Three chunks: campaigns 0-1, 2-3 and 4, so every chunk replaces days of its own.
      reports: whole.reports.filter((row) => Math.floor(fixture.campaigns.indexOf(row.CAMPAIGN_ID) / 2) === chunkIndex),
      uniqueDates: DATES,
      uploadId,
      chunkIndex,
      chunkCount: 3,
    });
    const send = async (url: string, body: unknown): Promise<Response> =>
      fetch(`${url}/home/createBulkReports`, {
        method: 'POST',
        headers: { authorization: adminToken(), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const env = { JWT_SECRET: testConfig().jwtSecret };

    // An API process takes two chunks of each of two uploads, and is killed.
    const { child, url: firstUrl } = await startApiProcess(env);
    try {
      for (const uploadId of ['resumed-upload', 'abandoned-upload']) {
        for (const chunkIndex of [0, 1]) {
          const res = await send(firstUrl, chunkOf(uploadId, chunkIndex));
          expect(res.status).toBe(200);
          expect(await res.json()).toMatchObject({ rowsWritten: 0, chunksReceived: chunkIndex + 1 });
        }
      }
    } finally {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }

    // Readers see nothing of either: the stored days, the rollups and the saved counts are the last whole upload's.
    await expectAll('killed');
    const runs = await ReportRunModel.find({ trigger: 'upload', status: 'staged' }).lean<ReportRunRecord[]>();
    expect(runs).toHaveLength(2);

    // The client goes on with the restarted API: chunk 1 again (its answer was lost), then the last one.
    const { child: api, url } = await startApiProcess(env);
    try {
      const resent = await send(url, chunkOf('resumed-upload', 1));
      expect(await resent.json()).toMatchObject({ rowsWritten: 0, chunksReceived: 2 });
      await expectAll('killed');
      const last = await send(url, chunkOf('resumed-upload', 2));
      expect(await last.json()).toMatchObject({ rowsWritten: 1_000, chunksReceived: 3 });
      await expectAll('between');
    } finally {
      api.kill('SIGTERM');
      await once(api, 'exit');
    }

    // The other upload's last chunk never comes: a day later the sweep discards it, and nothing of it ever showed.
    expect(await discardAbandonedUploads(new Date(Date.now() + UPLOAD_DISCARD_AFTER_MS + 60_000))).toEqual([
      expect.stringMatching(/^upload abandoned-upload discarded \(2 of 3 chunks arrived/),
    ]);
    expect(await StagedChunkModel.countDocuments()).toBe(0);
    expect(
      (await ReportRunModel.find({ _id: { $in: runs.map((run) => run._id) } }).lean<ReportRunRecord[]>())
        .map((run) => run.status)
        .sort(),
    ).toEqual(['discarded', 'success']);
    await expectAll('between');
  }, 180_000);
});
