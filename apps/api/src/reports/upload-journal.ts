import mongoose from 'mongoose';
import type { ReportSource } from '@publisher/contract';
import { AppError } from '../shared/app-error';
import { boundedWrite, isDatabaseUnavailableError } from '../shared/db-limits';
import { finishRun, groupByMonth, runInPool, union, withSourceLock } from './ingest-steps';
import { bytesOf, packRows, unpackRows } from './report-day-codec';
import { readStoredMonthRollup } from './report-documents';
import { ReportRunModel, createRunningRun, type ReportRunRecord } from './report-run.model';
import { SavedMonthModel, savedMonthId, type SavedDayEntry, type SavedMonthRecord } from './report-saved-month.model';
import { ReportBoundsError, checkDayBounds, dayTotals, writePartition, type DayContent } from './report-store';
import { bumpReportRevision, type ReportCache } from './rollup-cache';
import {
  UploadJournalModel,
  UploadJournalPartModel,
  type JournalDay,
  type JournalDayEntry,
  type UploadJournalMonth,
  type UploadJournalPartRecord,
  type UploadJournalRecord,
} from './upload-journal.model';
import { UploadSessionModel } from './upload-session.model';
import { StagedChunkModel, StagedRowsModel } from './upload-staged-chunk.model';

/**
 * Crash-safe conversion uploads (issue 25, goal 3). An upload replaces days of many vendors and months, and
 * FerretDB v1 has no transactions, so a process that dies mid-write used to leave some months new and others old.
 * Now an upload is planned first (reads only), its plan is stored as a journal (upload-journal.model.ts), one
 * update marks the journal complete, and only then are the report days written. A journal still there later
 * tells what happened: incomplete, nothing was written (dropped, the run says so); complete, the upload is
 * finished from the journal by the next upload or save of the source or the next start, exactly as it would have
 * been (every write is a replace by `_id`, so writing a day again is harmless).
 */

/** Partitions an upload writes (and plans) at once. */
const WRITE_CONCURRENCY = 4;

export interface UploadPlan {
  /** Vendors whose days the upload produces. */
  vendorIds: readonly number[];
  /** A day's new rows (null: the day is removed; undefined: it is left as it is). */
  contentFor(vendorId: number, date: string): DayContent | null | undefined;
  /**
   * Called before each month is planned (months in order): a plan whose rows are not all in memory (a chunked
   * upload's, read from its staged chunks) loads that month's rows here, so only one month's are held at a time.
   */
  loadMonth?(month: string): Promise<void>;
}

/** Test hooks: a failure thrown from one stops the upload there, as a crash would. */
export interface UploadFaults {
  /** After each journal part is stored. */
  afterJournalPart?(index: number): void | Promise<void>;
  /** Before each partition (vendor, month) is written. */
  beforePartition?(index: number): void | Promise<void>;
}

const entriesOf = (days: readonly JournalDayEntry[]): Record<string, SavedDayEntry> =>
  Object.fromEntries(days.map(({ date, entry }) => [`days.${date}`, entry]));

interface PlannedMonth {
  month: UploadJournalMonth;
  parts: UploadJournalPartRecord[];
  rows: number;
}

/**
 * What an upload writes in one month, worked out before anything is written: each vendor's new days, and the
 * saved-month entries before (write-ahead) and after, whose counts keep the rows of vendors the file leaves alone.
 */
async function planMonth(
  source: ReportSource,
  month: string,
  dates: readonly string[],
  plan: UploadPlan,
  runId: string,
  savedAt: Date,
): Promise<PlannedMonth> {
  const before = await SavedMonthModel.findById(savedMonthId(source, month)).lean<SavedMonthRecord>();
  const previous = (date: string): SavedDayEntry | undefined => before?.days[date];
  const withRows = new Map<string, Set<number>>(dates.map((date) => [date, new Set<number>()]));
  const removed = new Map<string, Set<number>>(dates.map((date) => [date, new Set<number>()]));
  const rowsByDate = new Map<string, number>();
  /** Rows the days this upload replaces or removes held before (from the rollups), per date. */
  const replacedRowsByDate = new Map<string, number>();
  const parts: UploadJournalPartRecord[] = [];
  let rows = 0;

  await runInPool(plan.vendorIds, WRITE_CONCURRENCY, async (vendorId) => {
    const days: JournalDay[] = [];
    for (const date of dates) {
      const content = plan.contentFor(vendorId, date);
      if (content === undefined) continue;
      if (content && content.rows.length > 0) {
        // Before the journal is stored: a day that cannot be written fails the upload while nothing has changed.
        checkDayBounds(source, vendorId, date, content.rows);
        withRows.get(date)?.add(vendorId);
        rowsByDate.set(date, (rowsByDate.get(date) ?? 0) + content.rows.length);
        rows += content.rows.length;
        days.push({ date, packed: await packRows(content.rows) });
      } else {
        removed.get(date)?.add(vendorId);
        days.push({ date, packed: null });
      }
    }
    if (days.length === 0) return;
    const rollup = await readStoredMonthRollup(source, vendorId, month);
    for (const { date } of days) {
      const held = rollup?.days[date];
      if (held) replacedRowsByDate.set(date, (replacedRowsByDate.get(date) ?? 0) + dayTotals(held).rows);
    }
    parts.push({ _id: `${runId}:${month}:${vendorId}`, runId, month, vendorId, days });
  });

  const vendorIds = parts.map((part) => part.vendorId);
  const pending = dates.map((date): JournalDayEntry => {
    const old = previous(date);
    return {
      date,
      entry: {
        status: old?.status === 'saved' ? 'saved' : 'writing',
        vendorIds: old?.vendorIds ?? [],
        pendingVendorIds: union(old?.vendorIds ?? [], old?.pendingVendorIds ?? [], vendorIds),
        rowsWritten: old?.rowsWritten ?? 0,
        runId,
        savedAt,
        ...(old?.simulatorVersion === undefined ? {} : { simulatorVersion: old.simulatorVersion }),
      },
    };
  });
  const saved = dates.map((date): JournalDayEntry => {
    const old = previous(date);
    const kept = (old?.vendorIds ?? []).filter((vendorId) => !removed.get(date)?.has(vendorId));
    return {
      date,
      entry: {
        status: 'saved',
        vendorIds: union(kept, [...(withRows.get(date) ?? [])]),
        pendingVendorIds: [],
        // The date's count changes by what this upload replaced: the other vendors' rows stay.
        rowsWritten: Math.max(
          0,
          (old?.rowsWritten ?? 0) - (replacedRowsByDate.get(date) ?? 0) + (rowsByDate.get(date) ?? 0),
        ),
        runId,
        savedAt,
        ...(old?.simulatorVersion === undefined ? {} : { simulatorVersion: old.simulatorVersion }),
      },
    };
  });
  const freshDates = dates.filter((date) => previous(date) === undefined);
  parts.sort((a, b) => a.vendorId - b.vendorId);
  return { month: { month, pending, saved, freshDates }, parts, rows };
}

/**
 * Writes what a complete journal says, in order: per month the write-ahead entries, the partitions, the final
 * entries; then a chunked upload's bookkeeping. `progress.rows` counts the rows of the partitions written.
 */
async function applyJournal(
  journal: UploadJournalRecord,
  parts: readonly UploadJournalPartRecord[],
  cache: ReportCache | undefined,
  progress: { rows: number },
  faults: UploadFaults = {},
  signal?: AbortSignal,
): Promise<void> {
  let position = 0;
  for (const month of journal.months) {
    signal?.throwIfAborted();
    const id = savedMonthId(journal.source, month.month);
    await SavedMonthModel.updateOne({ _id: id }, { $set: entriesOf(month.pending) }, { upsert: true });
    const freshDates = new Set(month.freshDates);
    const ofMonth = parts.filter((part) => part.month === month.month);
    await runInPool(ofMonth, WRITE_CONCURRENCY, async (part) => {
      const index = position;
      position += 1;
      await faults.beforePartition?.(index);
      const days = new Map<string, DayContent | null>();
      for (const day of part.days) {
        days.set(day.date, day.packed ? { rows: await unpackRows(bytesOf(day.packed)), orders: [] } : null);
      }
      // Awaited first, then added: `progress.rows += await ...` would read the count before the write.
      const written = await writePartition({
        source: journal.source,
        vendorId: part.vendorId,
        month: part.month,
        days,
        freshDates,
        runId: journal._id,
        savedAt: journal.savedAt,
        cache,
      });
      progress.rows += written;
    }, signal);
    signal?.throwIfAborted();
    await SavedMonthModel.updateOne({ _id: id }, { $set: entriesOf(month.saved) }, { upsert: true });
  }
  if (journal.session) {
    signal?.throwIfAborted();
    await UploadSessionModel.updateOne(
      { _id: journal.session.uploadId },
      { $set: journal.session.set },
      { upsert: true },
    );
    // The staged chunks are in the report days now (a crash before this leaves them to the sweep of committed uploads).
    const { uploadId } = journal.session;
    // Rows before marks: what a stop between them leaves has a mark, which the sweep finds (upload-staging.ts).
    await boundedWrite(1, () => StagedRowsModel.deleteMany({ uploadId }));
    await boundedWrite(1, () => StagedChunkModel.deleteMany({ uploadId }));
  }
}

/** A staged upload's run, now being written (its dates are the whole upload's). */
async function resumeStagedRun(
  run: ReportRunRecord,
  fields: Pick<ReportRunRecord, 'startDate' | 'endDate'>,
): Promise<ReportRunRecord> {
  const resumed = await ReportRunModel.findOneAndUpdate(
    { _id: run._id },
    { $set: { status: 'running', startDate: fields.startDate, endDate: fields.endDate, error: null } },
    { returnDocument: 'after' },
  ).lean<ReportRunRecord>();
  if (!resumed) throw new Error(`The run ${run._id.toHexString()} of the staged upload is gone.`);
  return resumed;
}

/** A chunked upload's run whose commit stopped before the commit point: staged again, with the reason. */
async function restageRun(runId: string, error: string): Promise<void> {
  await ReportRunModel.updateOne(
    { _id: new mongoose.Types.ObjectId(runId) },
    { $set: { status: 'staged', rowsWritten: 0, end_time: null, error } },
  );
}

/** Removes a journal: the header first (the upload is then done), then its parts. */
async function discardJournal(runId: string): Promise<void> {
  await UploadJournalModel.deleteOne({ _id: runId });
  await boundedWrite(1, () => UploadJournalPartModel.deleteMany({ runId }));
}

const bump = (cache: ReportCache | undefined): Promise<unknown> =>
  cache ? cache.bumpRevision() : bumpReportRevision();

/** How long a set-aside journal is kept (for inspection, listed in GET /health) before the next start drops it. */
export const SET_ASIDE_KEEP_MS = 7 * 24 * 3600 * 1000;

/**
 * Whether applying a journal failed for a passing reason (the database did not answer, the write budget's wait ran
 * out, the source's lease or the request was lost): the journal stays as it is, for the next upload, save or start.
 * Anything else (the database refused a document, a part does not decode, a day's sums cannot be stored) would
 * fail the same way again, and the journal is set aside instead of blocking the source for ever.
 */
function isPassingFailure(error: unknown): boolean {
  if (isDatabaseUnavailableError(error)) return true;
  if (error instanceof AppError) return error.kind === 'unavailable' || error.kind === 'conflict';
  return error instanceof Error && error.name === 'AbortError';
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Sets a complete journal aside: it is no longer finished by anyone, its run says failed with the reason and the
 * rows written before, and GET /health lists it until it is dropped (`SET_ASIDE_KEEP_MS`).
 */
async function setAside(journal: UploadJournalRecord, reason: string, rowsWritten: number): Promise<void> {
  const at = new Date();
  await UploadJournalModel.updateOne({ _id: journal._id }, { $set: { setAside: { reason, at } } });
  await ReportRunModel.updateOne(
    { _id: new mongoose.Types.ObjectId(journal._id) },
    {
      $set: {
        status: 'failed',
        rowsWritten,
        end_time: at,
        error:
          `Set aside: ${reason} ${String(rowsWritten)} of ${String(journal.rowsTotal)} rows were written; the rest ` +
          `is not retried (GET /health lists it for ${String(SET_ASIDE_KEEP_MS / 86_400_000)} days). Send a ` +
          `corrected file: it replaces the same days.`,
      },
    },
  );
}

/**
 * Applies a complete journal that stopped earlier. A passing failure is thrown (the journal stays for the next
 * try); any other is tried once more (a one-off refusal passes), then the journal is set aside. Answers whether
 * it was applied.
 */
async function applyOrSetAside(
  journal: UploadJournalRecord,
  parts: readonly UploadJournalPartRecord[],
  cache: ReportCache | undefined,
  signal: AbortSignal | undefined,
): Promise<{ applied: true } | { applied: false; reason: string }> {
  let failure: unknown;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const progress = { rows: 0 };
    try {
      try {
        await applyJournal(journal, parts, cache, progress, {}, signal);
      } finally {
        await bump(cache);
      }
      return { applied: true };
    } catch (error) {
      if (isPassingFailure(error)) throw error;
      failure = error;
      if (error instanceof ReportBoundsError || attempt === 1) {
        await setAside(journal, reasonOf(error), progress.rows);
        return { applied: false, reason: reasonOf(error) };
      }
    }
  }
  throw failure;
}

export interface JournaledUploadInput {
  fields: Pick<ReportRunRecord, 'source' | 'trigger' | 'startDate' | 'endDate'>;
  dates: readonly string[];
  plan: UploadPlan;
  /** A chunked upload's bookkeeping, written with the rows. */
  session: UploadJournalRecord['session'];
  /** A chunked upload's run, recorded (staged) with its first chunk: it becomes this upload's run. */
  stagedRun?: ReportRunRecord;
  cache: ReportCache | undefined;
  faults?: UploadFaults;
  /**
   * The source lease's fencing signal (and the request's deadline): checked before the journal's writes, its commit
   * and each partition.
   */
  signal?: AbortSignal;
  /** Called right before the commit point (the request's WriteFence: it throws if the request was answered 503). */
  onCommit?: (() => void) | undefined;
}

/**
 * One upload as a report run, journaled (see the top of this file). Call it holding the source's lock. The run
 * record says what happened: success with the rows written; failed with 0 rows when it stopped before the commit
 * point (nothing changed); failed with the rows written so far when it stopped after it (the next upload or save
 * of the source or the next start finishes it, and then the run says success).
 */
export async function journaledUpload({
  fields,
  dates,
  plan,
  session,
  cache,
  faults = {},
  signal,
  onCommit,
  stagedRun,
}: JournaledUploadInput): Promise<{ run: ReportRunRecord; rowsWritten: number }> {
  // Stopped already (answered 503, or the lease lost): not even its run is recorded.
  signal?.throwIfAborted();
  const run = stagedRun ? await resumeStagedRun(stagedRun, fields) : await createRunningRun(fields);
  const runId = run._id.toHexString();
  const savedAt = new Date();
  let journal: UploadJournalRecord;
  let parts: UploadJournalPartRecord[];
  try {
    const months: UploadJournalMonth[] = [];
    parts = [];
    let rowsTotal = 0;
    for (const [month, monthDates] of groupByMonth(dates)) {
      await plan.loadMonth?.(month);
      const planned = await planMonth(fields.source, month, monthDates, plan, runId, savedAt);
      months.push(planned.month);
      parts.push(...planned.parts);
      rowsTotal += planned.rows;
    }
    journal = {
      _id: runId,
      source: fields.source,
      complete: false,
      months,
      rowsTotal,
      savedAt,
      session,
      createdAt: new Date(),
    };
    signal?.throwIfAborted();
    await UploadJournalModel.create(journal);
    for (const [index, part] of parts.entries()) {
      signal?.throwIfAborted();
      await boundedWrite(1, () => UploadJournalPartModel.create(part));
      await faults.afterJournalPart?.(index);
    }
    // The commit point: from here on the upload is finished, whatever happens to this process.
    signal?.throwIfAborted();
    onCommit?.();
    await UploadJournalModel.updateOne({ _id: runId }, { $set: { complete: true } });
    journal.complete = true;
  } catch (error) {
    await discardJournal(runId).catch(() => undefined);
    const reason = error instanceof Error ? error.message : 'Unknown error';
    if (stagedRun) {
      // Its chunks stay staged: the last chunk sent again commits them.
      await restageRun(runId, `${reason}: stopped before any report row was written; the chunks stay staged.`);
      throw error;
    }
    await finishRun(run, 0, new Error(`${reason}: stopped before any report row was written; nothing changed.`));
    throw error;
  }

  const progress = { rows: 0 };
  try {
    try {
      await applyJournal(journal, parts, cache, progress, faults, signal);
    } finally {
      await bump(cache);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'Unknown error';
    if (error instanceof ReportBoundsError) {
      // Writing it again would fail the same way: set aside now. (Any other failure is left to the next upload, save
      // or start, which tries the journal again and sets it aside only if that fails too.)
      await setAside(journal, reason, progress.rows).catch(() => undefined);
      throw error;
    }
    await finishRun(
      run,
      progress.rows,
      new Error(
        `${reason}: ${progress.rows} of ${journal.rowsTotal} rows were written when it stopped; the next upload or ` +
          `save of ${fields.source} reports or the next start of the API writes the rest from the upload's journal.`,
      ),
    ).catch(() => undefined);
    throw error;
  }
  await discardJournal(runId);
  return { run: await finishRun(run, journal.rowsTotal), rowsWritten: journal.rowsTotal };
}

/**
 * Finishes or drops the journals of `source` left by uploads that stopped (the caller holds the source's lock, so
 * no upload is running); sets aside those that cannot be applied, and drops those set aside longer than
 * `SET_ASIDE_KEEP_MS`. Answers what it did, for the log. Throws only for a passing failure (the database did not
 * answer): the journals then stay for the next try.
 */
export async function finishStoppedUploads(
  source: ReportSource,
  cache?: ReportCache,
  signal?: AbortSignal,
): Promise<string[]> {
  const journals = await UploadJournalModel.find({ source }).lean<UploadJournalRecord[]>();
  const done: string[] = [];
  for (const journal of journals) {
    const runFilter = { _id: new mongoose.Types.ObjectId(journal._id) };
    if (journal.setAside) {
      if (Date.now() - new Date(journal.setAside.at).getTime() > SET_ASIDE_KEEP_MS) {
        await discardJournal(journal._id);
        done.push(`upload ${journal._id} set aside since ${new Date(journal.setAside.at).toISOString()}: dropped`);
      }
      continue;
    }
    if (!journal.complete) {
      await discardJournal(journal._id);
      if (journal.session) {
        await restageRun(journal._id, 'Interrupted before any report row was written: the chunks stay staged.');
        done.push(`upload ${journal._id} back to staged (stopped before any row was written)`);
        continue;
      }
      await ReportRunModel.updateOne(runFilter, {
        $set: {
          status: 'failed',
          rowsWritten: 0,
          end_time: new Date(),
          error: 'Interrupted before any report row was written: nothing changed. Send the file again.',
        },
      });
      done.push(`upload ${journal._id} dropped (stopped before any row was written)`);
      continue;
    }
    const parts = await UploadJournalPartModel.find({ runId: journal._id }).lean<UploadJournalPartRecord[]>();
    signal?.throwIfAborted();
    const outcome = await applyOrSetAside(journal, parts, cache, signal);
    if (!outcome.applied) {
      done.push(`upload ${journal._id} set aside: ${outcome.reason}`);
      continue;
    }
    await ReportRunModel.updateOne(runFilter, {
      $set: { status: 'success', rowsWritten: journal.rowsTotal, end_time: new Date(), error: null },
    });
    await discardJournal(journal._id);
    done.push(`upload ${journal._id} finished from its journal (${journal.rowsTotal} rows)`);
  }
  return done;
}

/**
 * On start: every source's stopped uploads finished, dropped or set aside, each under its source's lock. Never
 * throws, so the API always starts: a source whose journals could not be reached (the database did not answer, or
 * another process holds its lease) is logged and left to its next upload or save, or the next start.
 */
export async function finishInterruptedUploads(log: (line: string) => void = console.log): Promise<void> {
  let sources: ReportSource[];
  try {
    sources = await UploadJournalModel.distinct('source');
  } catch (error) {
    log(`[reports] stopped uploads not checked (${reasonOf(error)}): the next upload or save of a source does it`);
    return;
  }
  for (const source of sources) {
    try {
      const done = await withSourceLock(source, (signal) => finishStoppedUploads(source, undefined, signal));
      for (const line of done) log(`[reports] ${line}`);
    } catch (error) {
      log(`[reports] stopped uploads of ${source} left for later (${reasonOf(error)})`);
    }
  }
}

/** An upload journal set aside (GET /health). */
export interface SetAsideUpload {
  runId: string;
  source: ReportSource;
  reason: string;
  setAsideAt: string;
}

/** The upload journals set aside and not yet dropped, oldest first (at most `limit`). */
export async function setAsideUploads(limit = 20, maxTimeMS = 2_000): Promise<SetAsideUpload[]> {
  const journals = await UploadJournalModel.find({}, { source: 1, setAside: 1 })
    .maxTimeMS(maxTimeMS)
    .lean<Pick<UploadJournalRecord, '_id' | 'source' | 'setAside'>[]>();
  return journals
    .flatMap((journal) =>
      journal.setAside
        ? [
            {
              runId: journal._id,
              source: journal.source,
              reason: journal.setAside.reason,
              setAsideAt: new Date(journal.setAside.at).toISOString(),
            },
          ]
        : [],
    )
    .sort((a, b) => (a.setAsideAt < b.setAsideAt ? -1 : 1))
    .slice(0, limit);
}
