import type { ReportSource } from '@publisher/contract';
import { readStoredDay, readStoredMonthRollup } from './report-documents';
import type { MonthRollupRecord, ReportDayRecord } from './report-partition.model';
import { REPORT_REVISION_ID, ReportRevisionModel, type ReportRevisionRecord } from './report-revision.model';

/**
 * The monthly rollups of each (source, vendor, month), kept in memory: the dashboards and summaries then cost no
 * database read. Why: on FerretDB even reading a few small rollup documents costs 10-20 ms (it decodes nested
 * documents outside SQLite), which caps a dashboard at a few dozen requests per second.
 *
 * Correctness: this process forgets an entry as soon as it rewrites that vendor's rollups; writes by another
 * process (the seed CLI against a shared database, a second API instance) bump the report revision, which is
 * checked at most every `RECHECK_MS`, so they show within that delay. Bounded: least recently used entries go.
 */
const MAX_ENTRIES = 6_000;
const RECHECK_MS = 2_000;

/** Keyed by source|vendor|month; null: nothing saved that month. */
const entries = new Map<string, Promise<MonthRollupRecord | null>>();
/** Saved day documents, keyed by source|vendor|date: the detail pages read a few days each. */
const MAX_DAY_ENTRIES = 2_000;
const dayEntries = new Map<string, Promise<ReportDayRecord | null>>();
/**
 * Rows held by the day cache, bounded too: a day of an uploaded or bench volume can hold ~10,000 rows, so an
 * entry count alone could keep gigabytes. Each loaded day's row count, and their sum.
 */
const MAX_DAY_ROWS = 100_000;
let maxDayRows = MAX_DAY_ROWS;
const dayRowCounts = new Map<string, number>();
let cachedDayRows = 0;

function dropDay(key: string): void {
  dayEntries.delete(key);
  cachedDayRows -= dayRowCounts.get(key) ?? 0;
  dayRowCounts.delete(key);
}

function clearDays(): void {
  dayEntries.clear();
  dayRowCounts.clear();
  cachedDayRows = 0;
}

/** Drops the oldest days (never `keep`) until both bounds hold. */
function trimDays(keep: string): void {
  for (const oldest of dayEntries.keys()) {
    if (dayEntries.size <= MAX_DAY_ENTRIES && cachedDayRows <= maxDayRows) break;
    if (oldest !== keep) dropDay(oldest);
  }
}
let knownRevision: number | undefined;
let checkedAt = 0;
let checking: Promise<void> | undefined;

const keyOf = (source: ReportSource, vendorId: number): string => `${source}|${String(vendorId)}`;

/**
 * Drops the caches when another process changed the reports. The first check is awaited; later ones run in
 * the background so a read never waits on it (a burst of requests must not queue behind one database call).
 */
function refreshRevision(): Promise<void> {
  checking ??= (async () => {
    try {
      const record = await ReportRevisionModel.findById(REPORT_REVISION_ID).lean<ReportRevisionRecord>();
      const revision = record?.revision ?? 0;
      if (revision !== knownRevision) {
        entries.clear();
        clearDays();
      }
      knownRevision = revision;
      checkedAt = Date.now();
    } finally {
      checking = undefined;
    }
  })();
  return checking;
}

async function checkRevision(): Promise<void> {
  if (Date.now() - checkedAt < RECHECK_MS) return;
  const refresh = refreshRevision();
  if (knownRevision === undefined) await refresh;
  else refresh.catch(() => undefined);
}

/** One monthly rollup document of a source and vendor (null: nothing saved that month). */
export async function cachedMonthRollup(
  source: ReportSource,
  vendorId: number,
  month: string,
): Promise<MonthRollupRecord | null> {
  await checkRevision();
  const key = `${keyOf(source, vendorId)}|${month}`;
  const hit = entries.get(key);
  if (hit) {
    entries.delete(key);
    entries.set(key, hit);
    return hit;
  }
  const load = readStoredMonthRollup(source, vendorId, month);
  entries.set(key, load);
  load.catch(() => {
    if (entries.get(key) === load) entries.delete(key);
  });
  for (const oldest of entries.keys()) {
    if (entries.size <= MAX_ENTRIES) break;
    entries.delete(oldest);
  }
  return load;
}

/**
 * One saved day of a source and vendor (null when never saved), cached like the rollups and dropped with them:
 * a paged detail report then costs no database read once its days have been read.
 */
export async function cachedDay(source: ReportSource, vendorId: number, date: string): Promise<ReportDayRecord | null> {
  await checkRevision();
  const key = `${keyOf(source, vendorId)}|${date}`;
  const hit = dayEntries.get(key);
  if (hit) return hit;
  const load = readStoredDay(source, vendorId, date);
  dayEntries.set(key, load);
  load.then(
    (day) => {
      if (dayEntries.get(key) !== load) return;
      const rows = day?.rows.length ?? 0;
      dayRowCounts.set(key, rows);
      cachedDayRows += rows;
      trimDays(key);
    },
    () => {
      if (dayEntries.get(key) === load) dropDay(key);
    },
  );
  trimDays(key);
  return load;
}

/** Days and rows the day cache holds now. */
export function dayCacheSize(): { days: number; rows: number } {
  return { days: dayEntries.size, rows: cachedDayRows };
}

/** Tests only: a smaller row bound (the real one needs days far larger than a test should write). */
export function limitDayCacheRows(rows: number): () => void {
  maxDayRows = rows;
  return () => {
    maxDayRows = MAX_DAY_ROWS;
  };
}

/** Checks the report revision now instead of within `RECHECK_MS` (tests, and after a known outside write). */
export async function recheckRevisionNow(): Promise<void> {
  checkedAt = 0;
  await refreshRevision();
}

/**
 * Drops everything cached (the database was emptied and seeded anew by a scenario reset): the revision counter
 * starts again there, so comparing revisions would not tell.
 */
export function forgetAllRollups(): void {
  entries.clear();
  clearDays();
  knownRevision = undefined;
  checkedAt = 0;
}

/** Called after this process rewrote rollups of a source and vendor. */
export function forgetRollups(source: ReportSource, vendorId: number): void {
  const key = keyOf(source, vendorId);
  for (const monthKey of entries.keys()) if (monthKey.startsWith(`${key}|`)) entries.delete(monthKey);
  for (const dayKey of dayEntries.keys()) if (dayKey.startsWith(`${key}|`)) dropDay(dayKey);
}

/** Called after a save or upload: other processes drop their cached rollups on their next check. */
export async function bumpReportRevision(): Promise<void> {
  const after = await ReportRevisionModel.findOneAndUpdate(
    { _id: REPORT_REVISION_ID },
    { $inc: { revision: 1 } },
    { upsert: true, returnDocument: 'after' },
  ).lean<ReportRevisionRecord>();
  const revision = after?.revision;
  // One step past what this process knew: only its own write happened since, and it already forgot what it
  // rewrote. Any other step means another process wrote in between, unseen: drop everything.
  if (knownRevision === undefined || revision !== knownRevision + 1) {
    entries.clear();
    clearDays();
  }
  knownRevision = revision;
}
