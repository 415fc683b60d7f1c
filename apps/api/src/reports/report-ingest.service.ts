import mongoose from 'mongoose';
import {
  type CreateBulkReportsBody,
  daysBetween,
  eachDate,
  findUploadDayOverflow,
  monthOf,
  type ReportSource,
  todayUtc,
  uploadDayOverflowMessage,
  type UploadRow,
  type UploadSummedField,
} from '@publisher/contract';
import { UserModel } from '../auth/user.model';
import type { ClickRecorder } from '../deep-links/click-recorder';
import { trackedClickRows, vendorDayKey } from '../deep-links/tracked-clicks';
import { AppError } from '../shared/app-error';
import { finishRun, groupByMonth, runInPool, union, withSourceLock } from './ingest-steps';
import { ReportRunModel, createRunningRun, type ReportRunRecord } from './report-run.model';
import { SavedMonthModel, savedMonthId, type SavedDayEntry, type SavedMonthRecord } from './report-saved-month.model';
import { SIMULATOR_VERSION, USD_TO_EUR, coverageOf, simulateDay, type SourceCoverage } from './report-simulator';
import type { StoredRow } from './report-partition.model';
import { writePartition, type DayContent } from './report-store';
import { UploadSessionModel, type UploadSessionRecord } from './upload-session.model';
import {
  StagedChunkModel,
  StagedRowsModel,
  type StagedChunkRecord,
  type StagedDaySums,
  type StagedRowsRecord,
} from './upload-staged-chunk.model';
import { UPLOAD_DISCARD_AFTER_MS, discardAbandonedUploads } from './upload-staging';
import { boundedWrite } from '../shared/db-limits';
import { finishStoppedUploads, journaledUpload, type UploadFaults } from './upload-journal';
import { UploadJournalModel } from './upload-journal.model';
import { bumpReportRevision, type ReportCache } from './rollup-cache';
import { seededObjectId } from '../shared/seeded-ids';
import type { WriteFence } from '../shared/request-deadline';

/** Longest range one save call may cover (about three months). */
export const MAX_SAVE_DAYS = 93;
/** How many vendor partitions a save writes at once. */
const WRITE_CONCURRENCY = 4;

export const UPLOAD_MERCHANT_NAME = 'N/A';
export const UPLOAD_SUCCESS_MESSAGE = 'Conversion Report Successfully Uploaded.';

type Trigger = ReportRunRecord['trigger'];

export interface SaveOutcome {
  run: ReportRunRecord;
  rowsWritten: number;
  /** Dates up to today that were saved (dates after today are skipped: nothing is reported for them yet). */
  datesSaved: string[];
}

/** The vendors a source covers, with the row types each gets. */
async function coveredVendors(source: ReportSource): Promise<Map<number, SourceCoverage>> {
  const users = await UserModel.find({}, { vendorId: 1, menu: 1 }).lean();
  const covered = new Map<number, SourceCoverage>();
  for (const user of users) {
    const coverage = coverageOf(source, user.menu);
    if (coverage) covered.set(user.vendorId, coverage);
  }
  return covered;
}

/** The vendor ids of the list that belong to a vendor (a click's sub id may name anyone). */
async function existingVendorIds(vendorIds: readonly number[]): Promise<number[]> {
  const wanted = union(vendorIds);
  if (wanted.length === 0) return [];
  const users = await UserModel.find({ vendorId: { $in: wanted } }, { vendorId: 1 }).lean();
  return users.map((user) => user.vendorId);
}

/** What the network reports for a vendor and date, keeping only the row types the vendor gets. */
function simulatedContent(
  source: ReportSource,
  vendorId: number,
  date: string,
  coverage: SourceCoverage,
  today: string,
): DayContent {
  const day = simulateDay(source, vendorId, date, today);
  const keeps = (isCPC: boolean): boolean => (isCPC ? coverage.cpc : coverage.cpa);
  return { rows: day.rows.filter((row) => keeps(row.isCPC)), orders: day.orders.filter((order) => keeps(order.isCPC)) };
}

interface MonthWrite {
  source: ReportSource;
  month: string;
  dates: readonly string[];
  /** Vendors whose days this write produces (null content: remove the day; undefined: leave it as it is). */
  contentFor(vendorId: number, date: string): DayContent | null | undefined;
  /** Vendors that get new content. */
  vendorIds: readonly number[];
  run: ReportRunRecord;
  /** The simulator a save pulled its rows from. */
  simulatorVersion: number;
  /** The writing app's report cache (none outside an app: the seed CLI, scripts). */
  cache: ReportCache | undefined;
  /** When the days count as saved (default now; the seed's own time for a seed). */
  at: Date | undefined;
  /** The source lease's fencing signal: checked before each write step and partition. */
  signal: AbortSignal | undefined;
}

/** The entry field, left out when there is no version (an entry never holds `undefined`). */
const simulatorVersionField = (version: number | undefined): Pick<SavedDayEntry, 'simulatorVersion'> =>
  version === undefined ? {} : { simulatorVersion: version };

/**
 * One month of a save: write-ahead entries, the partitions, then the final entries; after it a date's entry lists
 * only this save's vendors. Returns rows written. (Uploads, which keep other vendors' days, go through
 * upload-journal.ts.)
 */
async function writeMonth(write: MonthWrite): Promise<number> {
  const id = savedMonthId(write.source, write.month);
  const before = await SavedMonthModel.findById(id).lean<SavedMonthRecord>();
  const previous = (date: string): SavedDayEntry | undefined => before?.days[date];
  const now = write.at ?? new Date();
  const runId = write.run._id.toHexString();

  // 1. Write-ahead: every vendor this write may touch, before touching any.
  write.signal?.throwIfAborted();
  const pending: Record<string, SavedDayEntry> = {};
  for (const date of write.dates) {
    const old = previous(date);
    pending[`days.${date}`] = {
      status: 'writing',
      vendorIds: old?.vendorIds ?? [],
      pendingVendorIds: union(old?.vendorIds ?? [], old?.pendingVendorIds ?? [], write.vendorIds),
      rowsWritten: old?.rowsWritten ?? 0,
      runId,
      savedAt: now,
      ...simulatorVersionField(old?.simulatorVersion),
    };
  }
  await SavedMonthModel.updateOne({ _id: id }, { $set: pending }, { upsert: true });

  // 2. The partitions: this write's vendors, plus vendors an earlier save left on these dates.
  const stale = write.dates.flatMap((date) =>
    union(previous(date)?.vendorIds ?? [], previous(date)?.pendingVendorIds ?? []),
  );
  const vendors = union(write.vendorIds, stale);
  const freshDates = new Set(write.dates.filter((date) => previous(date) === undefined));
  const withRows = new Map<string, Set<number>>(write.dates.map((date) => [date, new Set<number>()]));
  const rowsByDate = new Map<string, number>();
  let rowsWritten = 0;
  await runInPool(
    vendors,
    WRITE_CONCURRENCY,
    async (vendorId) => {
      const days = new Map<string, DayContent | null>();
      for (const date of write.dates) {
        const content = write.contentFor(vendorId, date);
        if (content === undefined) continue;
        days.set(date, content);
        if (content && content.rows.length > 0) {
          withRows.get(date)?.add(vendorId);
          rowsByDate.set(date, (rowsByDate.get(date) ?? 0) + content.rows.length);
        }
      }
      if (days.size === 0) return;
      const written = await writePartition({
        source: write.source,
        vendorId,
        month: write.month,
        days,
        freshDates,
        runId,
        savedAt: now,
        cache: write.cache,
      });
      rowsWritten += written;
    },
    write.signal,
  );

  // 3. Final entries.
  write.signal?.throwIfAborted();
  const saved: Record<string, SavedDayEntry> = {};
  for (const date of write.dates) {
    saved[`days.${date}`] = {
      status: 'saved',
      vendorIds: union([...(withRows.get(date) ?? [])]),
      pendingVendorIds: [],
      rowsWritten: rowsByDate.get(date) ?? 0,
      runId,
      savedAt: now,
      simulatorVersion: write.simulatorVersion,
    };
  }
  await SavedMonthModel.updateOne({ _id: id }, { $set: saved }, { upsert: true });
  return rowsWritten;
}

/** What every month of a save writes, worked out once the run has started. */
type MonthsPlan = Pick<MonthWrite, 'vendorIds' | 'contentFor' | 'simulatorVersion'>;

/**
 * One save as a report run: records the run, writes the dates month by month, bumps the report
 * revision whatever happened (other apps and processes then drop what they cached of a partly written save too)
 * and records how the run ended. `plan` runs inside the run, so its failure is recorded too; it is not called
 * when there are no dates. Without a cache (a writer outside an app) the bump alone tells the apps.
 */
async function recordedRun(
  fields: Pick<ReportRunRecord, 'source' | 'trigger' | 'startDate' | 'endDate'>,
  dates: readonly string[],
  cache: ReportCache | undefined,
  plan: () => MonthsPlan | Promise<MonthsPlan>,
  at?: Date,
  signal?: AbortSignal,
  fence?: WriteFence,
): Promise<{ run: ReportRunRecord; rowsWritten: number }> {
  // A seed's run is named by what it saved and stamped with the seed's time: every seed writes the same run.
  const run = await createRunningRun(
    fields,
    at && { _id: seededObjectId('report-run', `${fields.source}:${fields.startDate}:${fields.endDate}`), at },
  );
  let rowsWritten = 0;
  try {
    try {
      if (dates.length > 0) {
        const months = await plan();
        // A save has no journal: its commit point is its first report write. A request already answered 503 stops
        // here; past here it is answered with what it wrote.
        signal?.throwIfAborted();
        fence?.commit();
        for (const [month, monthDates] of groupByMonth(dates)) {
          const written = await writeMonth({
            ...months,
            source: fields.source,
            month,
            dates: monthDates,
            run,
            cache,
            at,
            signal,
          });
          rowsWritten += written;
        }
      }
    } finally {
      if (cache) await cache.bumpRevision();
      else await bumpReportRevision();
    }
    return { run: await finishRun(run, rowsWritten, undefined, at), rowsWritten };
  } catch (error) {
    await finishRun(run, rowsWritten, error, at);
    throw error;
  }
}

export interface SaveReportsInput {
  source: ReportSource;
  startDate: string;
  endDate: string;
  trigger?: Trigger;
  /** Defaults to the current UTC date; dates after it are skipped. */
  today?: string;
  /** The app's report cache; the seed and scripts write without one (their bump tells the apps). */
  cache?: ReportCache;
  /** The app's click recorder, flushed before the tracked clicks are read; the seed and scripts have none. */
  clicks?: ClickRecorder;
  /**
   * The seed's time (shared/seeded-ids.ts): the run and the saved days are stamped with it and the run's id follows
   * from its source and dates, so two seeds write the same documents. Absent: now, and a new id.
   */
  at?: Date;
  /** The request's write fence (shared/request-deadline.ts): a save answered 503 never starts writing. */
  fence?: WriteFence;
}

/**
 * Pulls the simulated network's rows of the dates into MongoDB for every vendor the source covers,
 * replacing what an earlier save of the same (source, date) wrote, and records a report run.
 */
export async function saveReports({
  source,
  startDate,
  endDate,
  trigger = 'save',
  today = todayUtc(),
  cache,
  clicks: recorder,
  at,
  fence,
}: SaveReportsInput): Promise<SaveOutcome> {
  if (daysBetween(startDate, endDate) + 1 > MAX_SAVE_DAYS) {
    throw AppError.badRequest(`A save covers at most ${MAX_SAVE_DAYS} days; split the range.`);
  }
  const dates = endDate <= today ? eachDate(startDate, endDate) : startDate <= today ? eachDate(startDate, today) : [];
  return withSourceLock(source, async (signal) => {
    // An upload a failure or a crash cut short is finished first: it came before this save.
    await finishStoppedUploads(source, cache, signal);
    const { run, rowsWritten } = await recordedRun(
      { source, trigger, startDate, endDate },
      dates,
      cache,
      async () => {
        const covered = await coveredVendors(source);
        // The clicks this API tracked on the dates join the network's rows of their vendors.
        const clicks = await trackedClickRows(source, dates, recorder);
        const clickVendorIds = await existingVendorIds([...clicks.keys()].map((key) => Number(key.split('|')[0])));
        return {
          vendorIds: union([...covered.keys()], clickVendorIds),
          simulatorVersion: SIMULATOR_VERSION,
          contentFor: (vendorId, date) => {
            const coverage = covered.get(vendorId);
            const simulated = coverage ? simulatedContent(source, vendorId, date, coverage, today) : null;
            const tracked = clicks.get(vendorDayKey(vendorId, date));
            if (!tracked) return simulated;
            return { rows: [...(simulated?.rows ?? []), ...tracked], orders: simulated?.orders ?? [] };
          },
        };
      },
      at,
      signal,
      fence,
    );
    return { run, rowsWritten, datesSaved: dates };
  });
}

/**
 * The stored row of an uploaded one. PLACEMENT_ID arrives stripped of its campaign prefix (part 2 §3); a
 * `<CAMPAIGN_ID>_` prefix the client left is stripped here too, so both spellings store the same placement.
 */
function uploadedRow(row: UploadRow): StoredRow {
  const raw = row.PLACEMENT_ID.trim();
  const prefix = `${row.CAMPAIGN_ID}_`;
  const placementId = (raw.startsWith(prefix) ? raw.slice(prefix.length) : raw) || 'noid';
  return {
    merchantName: UPLOAD_MERCHANT_NAME,
    domain: '',
    category: UPLOAD_MERCHANT_NAME,
    country: '',
    device: 'unknown',
    placementId,
    clickId: 'noid',
    subId: `${row.CAMPAIGN_ID}_${placementId}_noid`,
    isCPC: true,
    clicks: row.CLICKS,
    salesCount: row.SALES_COUNT,
    sales: row.SALES,
    earnings: row.EARNINGS,
    earningsEur: row.EARNINGS * USD_TO_EUR,
  };
}

export interface UploadOutcome {
  rowsWritten: number;
  /** Chunked uploads: distinct chunks received so far. */
  chunksReceived?: number;
  /** Chunked uploads, once written: every row of the upload (the same on a chunk sent again after the commit). */
  uploadRowsWritten?: number;
}

const pairKey = (campaignId: number, date: string): string => `${campaignId}|${date}`;

/** The uploaded rows by `campaign|date`. */
function rowsByPair(rows: readonly UploadRow[]): Map<string, StoredRow[]> {
  const byPair = new Map<string, StoredRow[]>();
  for (const row of rows) {
    const key = pairKey(row.CAMPAIGN_ID, row.FROM_DATE);
    const list = byPair.get(key);
    if (list) list.push(uploadedRow(row));
    else byPair.set(key, [uploadedRow(row)]);
  }
  return byPair;
}

type DaySums = Record<UploadSummedField, number>;

/**
 * 400 naming the first row that takes its (campaign, date) day's sum of a field past the contract's bound, counting
 * what the day already holds from chunks of the upload staged before (`held`): checked before anything is staged.
 */
function refuseDayOverflow(rows: readonly UploadRow[], held: ReadonlyMap<string, DaySums>): void {
  const overflow = findUploadDayOverflow(rows, (campaignId, date) => held.get(pairKey(campaignId, date)));
  if (!overflow) return;
  const where = `reports.${String(overflow.index)}.${overflow.field}`;
  const message = uploadDayOverflowMessage(overflow);
  throw AppError.badRequest(`${where}: ${message}`, [`body.${where}: ${message}`]);
}

/** A chunk's sums per (campaign, date), as its staged document keeps them. */
function sumsOf(rows: readonly UploadRow[]): StagedDaySums[] {
  const byPair = new Map<string, StagedDaySums>();
  for (const row of rows) {
    const day = pairKey(row.CAMPAIGN_ID, row.FROM_DATE);
    const sums = byPair.get(day) ?? { day, CLICKS: 0, SALES_COUNT: 0, SALES: 0, EARNINGS: 0 };
    sums.CLICKS += row.CLICKS;
    sums.SALES_COUNT += row.SALES_COUNT;
    sums.SALES += row.SALES;
    sums.EARNINGS += row.EARNINGS;
    byPair.set(day, sums);
  }
  return [...byPair.values()];
}

/** What the upload's staged chunks hold on the days of `keys` (their sums only, not their rows). */
async function stagedSums(uploadId: string, keys: ReadonlySet<string>): Promise<Map<string, DaySums>> {
  const held = new Map<string, DaySums>();
  const chunks = await StagedChunkModel.find({ uploadId }, { sums: 1 }).lean<Pick<StagedChunkRecord, 'sums'>[]>();
  for (const chunk of chunks) {
    for (const sums of chunk.sums) {
      if (!keys.has(sums.day)) continue;
      const day = held.get(sums.day) ?? { CLICKS: 0, SALES_COUNT: 0, SALES: 0, EARNINGS: 0 };
      day.CLICKS += sums.CLICKS;
      day.SALES_COUNT += sums.SALES_COUNT;
      day.SALES += sums.SALES;
      day.EARNINGS += sums.EARNINGS;
      held.set(sums.day, day);
    }
  }
  return held;
}

const stagedChunkId = (uploadId: string, chunkIndex: number): string => `${uploadId}:${String(chunkIndex)}`;

/**
 * The conversion upload: for every campaign (vendor) in the file and every date in uniqueDates, the file's
 * rows replace that vendor's connexity rows of that date (a campaign with no row on a listed date loses that
 * day). Uploaded rows count as CPC rows (the connexity program pays per click); the file's CONVERSION_RATE
 * and CPC columns are not stored, since both are recomputed as ratios of sums when read.
 *
 * Chunked (uploadId, chunkIndex, chunkCount): all or nothing, with the same result as the whole file in one call.
 * Each chunk is staged (upload-staged-chunk.model.ts), where no reader looks, and answered with `rowsWritten` 0; the
 * chunk that completes the upload (all chunkCount indexes staged, in any order) writes the whole upload in one
 * journaled step and answers every row of it. A chunk staged already is not staged again; after the commit a
 * re-sent chunk writes nothing. An upload whose next chunk does not come within `UPLOAD_DISCARD_AFTER_MS` is
 * discarded (upload-staging.ts).
 */
export async function uploadConversionReports(
  body: CreateBulkReportsBody,
  cache?: ReportCache,
  faults?: UploadFaults,
  fence?: WriteFence,
  now: () => Date = () => new Date(),
): Promise<UploadOutcome> {
  // The lease's fencing and the request's deadline: either stops the upload before its commit point.
  const fenced = (leaseSignal: AbortSignal) => ({
    signal: fence ? AbortSignal.any([leaseSignal, fence.signal]) : leaseSignal,
    onCommit: fence && (() => fence.commit()),
  });
  const campaignIds = union(body.reports.map((row) => row.CAMPAIGN_ID));
  const known = new Set(
    (await UserModel.find({ vendorId: { $in: campaignIds } }, { vendorId: 1 }).lean()).map((user) => user.vendorId),
  );
  const unknown = campaignIds.filter((campaignId) => !known.has(campaignId));
  if (unknown.length > 0) {
    throw AppError.badRequest(`Unknown CAMPAIGN_ID: ${unknown.join(', ')} (no vendor has this id).`);
  }
  // The contract checks a body's own sums; a caller of this function that did not go through it is held to them too.
  refuseDayOverflow(body.reports, new Map());
  const dates = [...new Set(body.uniqueDates)].sort();
  const source: ReportSource = 'connexity';
  const runFields = (runDates: readonly string[]) => ({
    source,
    trigger: 'upload' as const,
    startDate: runDates[0] ?? '',
    endDate: runDates[runDates.length - 1] ?? '',
  });
  /** The whole upload's plan: its rows replace their days; its other listed days of its campaigns are removed. */
  const replacing = (rows: readonly UploadRow[], vendorIds: readonly number[]) => {
    const rowsOf = rowsByPair(rows);
    return {
      vendorIds,
      contentFor: (vendorId: number, date: string) => {
        const found = rowsOf.get(pairKey(vendorId, date));
        return found ? { rows: found, orders: [] } : null;
      },
    };
  };

  const { uploadId, chunkIndex, chunkCount } = body;
  if (uploadId === undefined || chunkIndex === undefined || chunkCount === undefined) {
    return withSourceLock(source, async (signal) => {
      await finishStoppedUploads(source, cache, signal);
      const { rowsWritten } = await journaledUpload({
        fields: runFields(dates),
        dates,
        cache,
        session: null,
        faults,
        ...fenced(signal),
        plan: replacing(body.reports, campaignIds),
      });
      return { rowsWritten };
    });
  }

  return withSourceLock(source, async (leaseSignal) => {
    await finishStoppedUploads(source, cache, leaseSignal);
    const { signal, onCommit } = fenced(leaseSignal);
    const found = await UploadSessionModel.findById(uploadId).lean<UploadSessionRecord>();
    if (found && found.chunkCount !== chunkCount) {
      throw AppError.badRequest(`chunkCount must stay ${found.chunkCount} for every chunk of upload ${uploadId}.`);
    }
    if (found?.state === 'committed') {
      // A retry of a chunk whose answer was lost: nothing is written again, and the answer still says what the upload
      // wrote (its run counted it at the commit).
      const run = await ReportRunModel.findById(found.runId, { rowsWritten: 1 }).lean<
        Pick<ReportRunRecord, 'rowsWritten'>
      >();
      return { rowsWritten: 0, chunksReceived: found.chunkCount, uploadRowsWritten: run?.rowsWritten ?? 0 };
    }
    if (found && found.state !== 'staged') {
      throw AppError.conflict(
        `Upload ${uploadId} was discarded (no chunk came for ${String(UPLOAD_DISCARD_AFTER_MS / 3_600_000)} ` +
          'hours): nothing of it was written. Send the file again.',
      );
    }
    const at = now();
    if (!found) await discardAbandonedUploads(at);

    const isStaged = (await StagedChunkModel.exists({ _id: stagedChunkId(uploadId, chunkIndex) })) !== null;
    if (!isStaged) {
      // Rows added to days earlier chunks have rows on: their sums are checked with what those chunks hold.
      refuseDayOverflow(body.reports, await stagedSums(uploadId, new Set(sumsOf(body.reports).map(({ day }) => day))));
      // A chunk answered 503 (or whose lease was lost) stages nothing.
      signal.throwIfAborted();
      const session = await UploadSessionModel.findOneAndUpdate(
        { _id: uploadId },
        {
          $setOnInsert: {
            chunkCount,
            state: 'staged',
            runId: new mongoose.Types.ObjectId().toHexString(),
            createdAt: at,
          },
          $addToSet: { campaignIds: { $each: campaignIds }, dates: { $each: dates } },
          $set: { updatedAt: at },
        },
        { upsert: true, returnDocument: 'after' },
      ).lean<UploadSessionRecord>();
      if (!session) throw new Error(`The upload ${uploadId} could not be recorded.`);
      const sessionDates = [...session.dates].sort();
      // The run shows in the runs table while the chunks arrive (status staged).
      await ReportRunModel.updateOne(
        { _id: new mongoose.Types.ObjectId(session.runId) },
        {
          $setOnInsert: {
            source,
            trigger: 'upload',
            start_time: at,
            end_time: null,
            status: 'staged',
            rowsWritten: 0,
            error: null,
          },
          $set: { startDate: sessionDates[0] ?? '', endDate: sessionDates[sessionDates.length - 1] ?? '' },
        },
        { upsert: true },
      );
      // The rows first, then the mark that the chunk is in: a stop between them leaves rows the retry replaces.
      const id = stagedChunkId(uploadId, chunkIndex);
      await boundedWrite(1, () =>
        StagedRowsModel.replaceOne({ _id: id }, { _id: id, uploadId, reports: body.reports }, { upsert: true }),
      );
      await boundedWrite(1, () =>
        StagedChunkModel.create({
          _id: id,
          uploadId,
          chunkIndex,
          months: [...new Set(body.reports.map((row) => monthOf(row.FROM_DATE)))],
          sums: sumsOf(body.reports),
          stagedAt: at,
        }),
      );
    }
    const chunksReceived = await StagedChunkModel.countDocuments({ uploadId });
    if (chunksReceived < chunkCount) return { rowsWritten: 0, chunksReceived };

    // The last chunk is in: the whole upload is written as one journaled upload, visible from its commit point on.
    const session = await UploadSessionModel.findById(uploadId).lean<UploadSessionRecord>();
    const stagedRun = session && (await ReportRunModel.findById(session.runId).lean<ReportRunRecord>());
    if (!session || !stagedRun) throw new Error(`The upload ${uploadId} lost its bookkeeping.`);
    const uploadDates = [...new Set(session.dates)].sort();
    // One month's rows in memory at a time (a 50 MB file is some 400,000 rows: all at once would not fit the heap).
    let monthRows = new Map<string, StoredRow[]>();
    const staged = await StagedChunkModel.find({ uploadId }, { months: 1, chunkIndex: 1 })
      .sort({ chunkIndex: 1 })
      .lean<Pick<StagedChunkRecord, '_id' | 'months'>[]>();
    const loadMonth = async (month: string): Promise<void> => {
      const rows: UploadRow[] = [];
      for (const chunk of staged.filter((entry) => entry.months.includes(month))) {
        const found = await StagedRowsModel.findById(chunk._id).lean<StagedRowsRecord>();
        if (!found) throw new Error(`The staged rows of ${chunk._id} are gone.`);
        for (const row of found.reports) if (monthOf(row.FROM_DATE) === month) rows.push(row);
      }
      monthRows = rowsByPair(rows);
    };
    const inUpload = new Set(session.campaignIds);
    const { rowsWritten } = await journaledUpload({
      fields: runFields(uploadDates),
      dates: uploadDates,
      cache,
      faults,
      signal,
      onCommit,
      stagedRun,
      plan: {
        vendorIds: session.campaignIds,
        loadMonth,
        contentFor: (vendorId, date) => {
          const found = monthRows.get(pairKey(vendorId, date));
          if (found) return { rows: found, orders: [] };
          return inUpload.has(vendorId) ? null : undefined;
        },
      },
      // Written with the rows: once they are in, a re-sent chunk is answered from here and adds nothing.
      session: { uploadId, set: { state: 'committed', updatedAt: at } },
    });
    return { rowsWritten, chunksReceived: chunkCount, uploadRowsWritten: rowsWritten };
  });
}

/**
 * Report runs left `running` by a process that stopped mid-save: marked failed on start. An upload with a journal
 * is left alone: finishInterruptedUploads (upload-journal.ts) finishes it and its run says so.
 */
export async function failInterruptedRuns(): Promise<number> {
  const journaled = (await UploadJournalModel.find({}, { _id: 1 }).lean<{ _id: string }[]>()).map(({ _id }) =>
    mongoose.Types.ObjectId.createFromHexString(_id),
  );
  const result = await ReportRunModel.updateMany(
    { status: 'running', _id: { $nin: journaled } },
    {
      $set: { status: 'failed', end_time: new Date(), error: 'Interrupted: the API stopped before the save finished.' },
    },
  );
  return result.modifiedCount;
}

/** Dates of the range that no save ever completed for a source (never saved, or interrupted). */
export async function unsavedDates(source: ReportSource, startDate: string, endDate: string): Promise<string[]> {
  const dates = eachDate(startDate, endDate);
  const months = [...groupByMonth(dates).keys()];
  const records = await Promise.all(
    months.map((month) => SavedMonthModel.findById(savedMonthId(source, month)).lean<SavedMonthRecord>()),
  );
  const saved = new Set<string>();
  for (const record of records) {
    for (const [date, entry] of Object.entries(record?.days ?? {})) if (entry.status === 'saved') saved.add(date);
  }
  return dates.filter((date) => !saved.has(date));
}

/**
 * Dates of the range whose saved rows an older simulator wrote (SIMULATOR_VERSION changed since): the seed saves
 * them again, so that data saved before a simulator change follows it (for example report rows naming merchants
 * the catalog lists do not have). Dates whose last write was a conversion upload are kept: their rows came from
 * a file, not from the simulator.
 */
export async function staleSimulatedDates(source: ReportSource, startDate: string, endDate: string): Promise<string[]> {
  const dates = new Set(eachDate(startDate, endDate));
  const months = [...groupByMonth([...dates]).keys()];
  const records = await Promise.all(
    months.map((month) => SavedMonthModel.findById(savedMonthId(source, month)).lean<SavedMonthRecord>()),
  );
  const candidates = records.flatMap((record) =>
    Object.entries(record?.days ?? {}).filter(
      ([date, entry]) =>
        dates.has(date) && entry.status === 'saved' && (entry.simulatorVersion ?? 1) < SIMULATOR_VERSION,
    ),
  );
  if (candidates.length === 0) return [];
  const uploads = await ReportRunModel.find(
    { _id: { $in: [...new Set(candidates.map(([, entry]) => entry.runId))] }, trigger: 'upload' },
    { _id: 1 },
  ).lean();
  const uploadRunIds = new Set(uploads.map((run) => String(run._id)));
  return candidates
    .filter(([, entry]) => !uploadRunIds.has(entry.runId))
    .map(([date]) => date)
    .sort();
}
