import { LRUCache } from 'lru-cache';
import type { ReportSource } from '@publisher/contract';
import { readStoredDay, readStoredMonthRollup } from './report-documents';
import type { MonthRollupRecord, ReportDayRecord } from './report-partition.model';
import { REPORT_REVISION_ID, ReportRevisionModel, type ReportRevisionRecord } from './report-revision.model';

/**
 * The monthly rollups of each (source, vendor, month), kept in memory: the dashboards and summaries then cost no
 * database read. Why: on FerretDB even reading a few small rollup documents costs 10-20 ms (it decodes nested
 * documents outside SQLite), which caps a dashboard at a few dozen requests per second.
 *
 * Correctness: this cache forgets an entry as soon as its app rewrites that vendor's rollups; writes by anyone
 * else (the seed CLI against a shared database, a second API instance, another app in this process) bump the
 * report revision, which is checked at most every `recheckMs`, so they show within that delay. Bounded: least
 * recently used entries go (lru-cache).
 *
 * It pays: `npm run bench` measures the earnings and conversion reads with it off (BENCH_PIECES_OFF=report-cache):
 * 11-60x the throughput with it, and a p99 under the off runs' 3-5 s (docs/BENCHMARKS.md).
 *
 * One cache per app (createApp makes it): two apps in one process share nothing and see each other's writes
 * through the revision like two processes do.
 */
export interface ReportCache {
  /** One monthly rollup document of a source and vendor (null: nothing saved that month). */
  monthRollup(source: ReportSource, vendorId: number, month: string): Promise<MonthRollupRecord | null>;
  /**
   * One saved day of a source and vendor (null when never saved), cached like the rollups and dropped with them:
   * a paged detail report then costs no database read once its days have been read.
   */
  day(source: ReportSource, vendorId: number, date: string): Promise<ReportDayRecord | null>;
  /** Days and rows the day cache holds now. */
  daySize(): { days: number; rows: number };
  /** Checks the report revision now instead of within `recheckMs` (tests, and after a known outside write). */
  recheckNow(): Promise<void>;
  /**
   * Drops everything cached (the database was emptied and seeded anew by a scenario reset): the revision counter
   * starts again there, so comparing revisions would not tell.
   */
  forgetAll(): void;
  /** Called after this app rewrote rollups of a source and vendor. */
  forget(source: ReportSource, vendorId: number): void;
  /** Called after a save or upload of this app: bumps the revision, which other apps and processes notice. */
  bumpRevision(): Promise<void>;
}

export interface ReportCacheOptions {
  /** Milliseconds since the epoch (default Date.now): when the revision was last checked. */
  now?: () => number;
  /** Longest time another process's write may go unnoticed (ms). */
  recheckMs?: number;
  /** Most monthly rollup documents held. */
  maxEntries?: number;
  /** Most saved days held. */
  maxDays?: number;
  /**
   * Most rows the held days may sum to: a day of an uploaded or bench volume can hold ~10,000 rows, so an entry
   * count alone could keep gigabytes.
   */
  maxDayRows?: number;
}

/** Adds one to the report revision and answers the new value (writers without a cache call this alone). */
export async function bumpReportRevision(): Promise<number | undefined> {
  const after = await ReportRevisionModel.findOneAndUpdate(
    { _id: REPORT_REVISION_ID },
    { $inc: { revision: 1 } },
    { upsert: true, returnDocument: 'after' },
  ).lean<ReportRevisionRecord>();
  return after?.revision;
}

const keyOf = (source: ReportSource, vendorId: number): string => `${source}|${String(vendorId)}`;

/** A read's answer as the cache holds it: lru-cache keeps no null, and null (nothing saved) is an answer too. */
interface Held<T> {
  value: T | null;
}

/** The source, vendor and month or date of a `source|vendor|period` key. */
function partsOf(key: string): [ReportSource, number, string] {
  const [source = '', vendor = '', period = ''] = key.split('|');
  return [source as ReportSource, Number(vendor), period];
}

export function createReportCache({
  now = Date.now,
  recheckMs = 2_000,
  maxEntries = 6_000,
  maxDays = 2_000,
  maxDayRows = 100_000,
}: ReportCacheOptions = {}): ReportCache {
  // lru-cache's fetch() shares one read among concurrent callers and forgets a read that fails. A read still in
  // flight when the cache is cleared answers its callers but is not kept (ignoreFetchAbort: the entry it would
  // fill is gone), so data read before another process's write never outlives the revision check that dropped it.
  /** Keyed by source|vendor|month. */
  const months = new LRUCache<string, Held<MonthRollupRecord>>({
    max: maxEntries,
    ignoreFetchAbort: true,
    fetchMethod: async (key) => ({ value: await readStoredMonthRollup(...partsOf(key)) }),
  });
  /** Saved day documents, keyed by source|vendor|date: the detail pages read a few days each. */
  const days = new LRUCache<string, Held<ReportDayRecord>>({
    max: maxDays,
    // Bounded by rows too: a day of an uploaded or bench volume can hold ~10,000 rows.
    maxSize: maxDayRows,
    sizeCalculation: (held) => Math.max(1, held.value?.rows.length ?? 0),
    ignoreFetchAbort: true,
    fetchMethod: async (key) => ({ value: await readStoredDay(...partsOf(key)) }),
  });
  let knownRevision: number | undefined;
  let checkedAt = 0;
  let checking: Promise<void> | undefined;

  function clearAll(): void {
    months.clear();
    days.clear();
  }

  /**
   * Drops the caches when another process changed the reports. The first check is awaited; later ones run in
   * the background so a read never waits on it (a burst of requests must not queue behind one database call).
   */
  function refreshRevision(): Promise<void> {
    checking ??= (async () => {
      try {
        const record = await ReportRevisionModel.findById(REPORT_REVISION_ID).lean<ReportRevisionRecord>();
        const revision = record?.revision ?? 0;
        if (revision !== knownRevision) clearAll();
        knownRevision = revision;
        checkedAt = now();
      } finally {
        checking = undefined;
      }
    })();
    return checking;
  }

  async function checkRevision(): Promise<void> {
    if (now() - checkedAt < recheckMs) return;
    const refresh = refreshRevision();
    if (knownRevision === undefined) await refresh;
    else refresh.catch(() => undefined);
  }

  return {
    async monthRollup(source, vendorId, month) {
      await checkRevision();
      return (await months.fetch(`${keyOf(source, vendorId)}|${month}`))?.value ?? null;
    },

    async day(source, vendorId, date) {
      await checkRevision();
      return (await days.fetch(`${keyOf(source, vendorId)}|${date}`))?.value ?? null;
    },

    daySize: () => ({ days: days.size, rows: days.calculatedSize }),

    async recheckNow() {
      checkedAt = 0;
      await refreshRevision();
    },

    forgetAll() {
      clearAll();
      knownRevision = undefined;
      checkedAt = 0;
    },

    forget(source, vendorId) {
      const prefix = `${keyOf(source, vendorId)}|`;
      for (const cache of [months, days] as const)
        for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key);
    },

    async bumpRevision() {
      const revision = await bumpReportRevision();
      // One step past what this app knew: only its own write happened since, and it already forgot what it
      // rewrote. Any other step means someone else wrote in between, unseen: drop everything.
      if (knownRevision === undefined || revision !== knownRevision + 1) clearAll();
      knownRevision = revision;
    },
  };
}

/**
 * The same reads straight from the database, nothing kept: what the bench measures the cache against
 * (BENCH_PIECES_OFF=report-cache). Its writes still bump the revision so cached apps elsewhere notice them.
 */
export function createUncachedReports(): ReportCache {
  return {
    monthRollup: (source, vendorId, month) => readStoredMonthRollup(source, vendorId, month),
    day: (source, vendorId, date) => readStoredDay(source, vendorId, date),
    daySize: () => ({ days: 0, rows: 0 }),
    recheckNow: () => Promise.resolve(),
    forgetAll: () => undefined,
    forget: () => undefined,
    async bumpRevision() {
      await bumpReportRevision();
    },
  };
}
