import { Types, type AnyBulkWriteOperation } from 'mongoose';
import type { SearchList } from '@publisher/contract';
import { ApiCallTotalModel, type ApiCallTotalRecord } from '../reports/api-call.model';
import { WRITE_BATCH_SIZE, boundedWrite, inExclusiveBatches } from '../shared/db-limits';
import { AccessLogModel, type AccessLogRecord } from './access-log.model';
import { SearchTotalModel, searchTotalId, type SearchTotalRecord } from './search-log.model';

/**
 * Records every authenticated call (the API logs) and the searches vendors make (the search logs) without
 * a database write per request:
 * - `recordCall` / `recordSearch` only touch memory: a call joins its log line (identical calls - same vendor,
 *   method, path, status and signature - within the same second are one line with a `count`, so a client
 *   polling or a load test writes one line a second, not one per call), per-vendor and per-search counters are
 *   summed in maps;
 * - a flush runs `flushDelayMs` after the first event (at once when `batchSize` lines wait), one flush at a
 *   time: the lines go out as unordered inserts of up to 500 (`inExclusiveBatches`), the counters as bulk
 *   `$inc` upserts of 20 (`boundedWrite`), all within the process's write budget (shared/db-limits.ts);
 * - a failed write puts what it did not write back (lines keep their `_id`, so a retried insert that had
 *   landed only meets duplicate keys); the next flush retries;
 * - memory is bounded: past `maxBuffered` queued lines the oldest are dropped (and counted), past
 *   `maxSearchKeys` distinct pending searches new ones are dropped; counters of vendors are few;
 * - `flush()` resolves once what was recorded before it is written (the log reads call it, so a read shows
 *   the calls made before it); `close()` flushes at shutdown.
 * Lines older than `retentionMs` (24 months, the privacy policy's "access data deleted after 24 months") are
 * deleted at most once a day, by the flush.
 */
export interface CallEvent {
  vendorId: number;
  method: string;
  path: string;
  status: number;
  via: 'token' | 'apiKey';
  at: Date;
}

export interface SearchEvent {
  vendorId: number;
  list: SearchList;
  /** Trimmed and lower-cased by the caller. */
  text: string;
  at: Date;
}

export interface ActivityRecorderOptions {
  flushDelayMs?: number;
  batchSize?: number;
  maxBuffered?: number;
  maxSearchKeys?: number;
  retentionMs?: number;
  now?: () => Date;
  log?: (line: string) => void;
}

export interface ActivityRecorder {
  recordCall(event: CallEvent): void;
  recordSearch(event: SearchEvent): void;
  flush(): Promise<void>;
  /** Flushes, waiting at most `timeoutMs`; never rejects (a read or a shutdown goes on without the rest). */
  flushWithin(timeoutMs: number): Promise<void>;
  close(timeoutMs?: number): Promise<void>;
  /** Calls not yet written, and calls dropped so far because the queue of lines was full. */
  state(): { pendingCalls: number; pendingSearches: number; dropped: number };
}

interface VendorCounter {
  apiKey: number;
  all: number;
  last: Date;
}

interface SearchCounter {
  vendorId: number;
  list: SearchList;
  text: string;
  count: number;
  last: Date;
}

const DUPLICATE_KEY = 11000;
const DAY_MS = 24 * 3600 * 1000;

function isDuplicateKeyOnly(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, writeErrors } = error as { code?: unknown; writeErrors?: unknown };
  if (Array.isArray(writeErrors) && writeErrors.length > 0) {
    return writeErrors.every((entry: unknown) => (entry as { code?: unknown } | null)?.code === DUPLICATE_KEY);
  }
  return code === DUPLICATE_KEY;
}

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

export function createActivityRecorder(options: ActivityRecorderOptions = {}): ActivityRecorder {
  const flushDelayMs = options.flushDelayMs ?? 1_000;
  const batchSize = options.batchSize ?? 500;
  const maxBuffered = options.maxBuffered ?? 50_000;
  const maxSearchKeys = options.maxSearchKeys ?? 10_000;
  const retentionMs = options.retentionMs ?? 730 * DAY_MS;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.warn(line));

  // Pending lines by vendor, method, path, status, signature and second (a line put back after a failed write
  // keeps its own key: its insert may have landed, so it is retried as it was, never merged).
  let calls = new Map<string, AccessLogRecord>();
  let vendors = new Map<number, VendorCounter>();
  let searches = new Map<string, SearchCounter>();
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  /**
   * Set by close(): no flush is scheduled after it. A retry that outlived its app wrote its calls into whatever
   * database the process used next (a test file's after the one that closed it, in CI).
   */
  let isClosed = false;
  let chain: Promise<void> = Promise.resolve();
  let prunedAt = 0;

  function addVendor(into: Map<number, VendorCounter>, vendorId: number, part: VendorCounter): void {
    const counter = into.get(vendorId);
    if (!counter) into.set(vendorId, { ...part });
    else {
      counter.apiKey += part.apiKey;
      counter.all += part.all;
      if (part.last > counter.last) counter.last = part.last;
    }
  }

  function addSearch(into: Map<string, SearchCounter>, key: string, part: SearchCounter): void {
    const counter = into.get(key);
    if (counter) {
      counter.count += part.count;
      if (part.last > counter.last) counter.last = part.last;
    } else if (into.size < maxSearchKeys) into.set(key, { ...part });
    else dropped += part.count;
  }

  function schedule(): void {
    if (isClosed) return;
    if (calls.size >= batchSize) {
      void flush().catch(() => undefined);
      return;
    }
    scheduleLater();
  }

  /** A flush after the usual delay (also after a failure: never a retry in a tight loop). */
  function scheduleLater(): void {
    if (timer !== undefined || isClosed) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush().catch(() => undefined);
    }, flushDelayMs);
    timer.unref();
  }

  async function writeCalls(lines: AccessLogRecord[]): Promise<void> {
    let written = 0;
    try {
      await inExclusiveBatches(lines, async (batch) => {
        try {
          await AccessLogModel.collection.insertMany(batch, { ordered: false });
        } catch (error) {
          if (!isDuplicateKeyOnly(error)) throw error;
        }
        written += batch.length;
      });
    } catch (error) {
      // Back to the head of the queue, oldest first, within the bound.
      const back = lines.slice(written).map((line): [string, AccessLogRecord] => [String(line._id), line]);
      calls = new Map([...back, ...calls].slice(-maxBuffered));
      throw error;
    }
  }

  async function writeVendorCounters(pending: Map<number, VendorCounter>): Promise<void> {
    const entries = [...pending];
    const batches = chunksOf(entries, WRITE_BATCH_SIZE);
    for (const [index, batch] of batches.entries()) {
      const operations: AnyBulkWriteOperation<ApiCallTotalRecord>[] = batch.map(([vendorId, counter]) => ({
        updateOne: {
          filter: { _id: vendorId },
          update: {
            $inc: { count: counter.apiKey, authenticatedCount: counter.all },
            $set: { lastCallAt: counter.last },
          },
          upsert: true,
        },
      }));
      try {
        await boundedWrite(operations.length, () => ApiCallTotalModel.bulkWrite(operations, { ordered: true }));
      } catch (error) {
        for (const [vendorId, counter] of batches.slice(index).flat()) addVendor(vendors, vendorId, counter);
        throw error;
      }
    }
  }

  async function writeSearchCounters(pending: Map<string, SearchCounter>): Promise<void> {
    const batches = chunksOf([...pending], WRITE_BATCH_SIZE);
    for (const [index, batch] of batches.entries()) {
      const operations: AnyBulkWriteOperation<SearchTotalRecord>[] = batch.map(([key, counter]) => ({
        updateOne: {
          filter: { _id: key },
          update: {
            $inc: { count: counter.count },
            $set: { vendorId: counter.vendorId, list: counter.list, text: counter.text, lastSearchedAt: counter.last },
          },
          upsert: true,
        },
      }));
      try {
        await boundedWrite(operations.length, () => SearchTotalModel.bulkWrite(operations, { ordered: true }));
      } catch (error) {
        for (const [key, counter] of batches.slice(index).flat()) addSearch(searches, key, counter);
        throw error;
      }
    }
  }

  async function prune(): Promise<void> {
    const at = now().getTime();
    if (at - prunedAt < DAY_MS) return;
    prunedAt = at;
    await boundedWrite(1, () => AccessLogModel.deleteMany({ at: { $lt: new Date(at - retentionMs) } }));
  }

  async function flushOnce(): Promise<void> {
    const lines = [...calls.values()];
    const vendorCounters = vendors;
    const searchCounters = searches;
    calls = new Map();
    vendors = new Map();
    searches = new Map();
    const results = await Promise.allSettled([
      lines.length > 0 ? writeCalls(lines) : Promise.resolve(),
      vendorCounters.size > 0 ? writeVendorCounters(vendorCounters) : Promise.resolve(),
      searchCounters.size > 0 ? writeSearchCounters(searchCounters) : Promise.resolve(),
      prune(),
    ]);
    const failures = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failures.length > 0) {
      log(`[activity] a log write failed, retrying at the next flush: ${String(failures[0]?.reason)}`);
      scheduleLater();
      throw failures[0]?.reason;
    }
  }

  function flush(): Promise<void> {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    const next = chain.catch(() => undefined).then(flushOnce);
    chain = next.catch(() => undefined);
    return next;
  }

  async function flushWithin(timeoutMs: number): Promise<void> {
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      flush().catch(() => undefined),
      new Promise<void>((resolve) => {
        timeout = setTimeout(resolve, timeoutMs);
        timeout.unref();
      }),
    ]);
    clearTimeout(timeout);
  }

  function pendingCallCount(): number {
    let count = 0;
    for (const line of calls.values()) count += line.count;
    return count;
  }

  return {
    recordCall(event) {
      const key = `${event.vendorId} ${event.method} ${event.status} ${event.via} ${Math.floor(event.at.getTime() / 1000)} ${event.path}`;
      const line = calls.get(key);
      if (line) line.count += 1;
      else {
        if (calls.size >= maxBuffered) {
          const oldest = calls.keys().next();
          if (!oldest.done) {
            dropped += calls.get(oldest.value)?.count ?? 0;
            calls.delete(oldest.value);
          }
        }
        calls.set(key, { _id: new Types.ObjectId(), ...event, count: 1 });
      }
      addVendor(vendors, event.vendorId, { apiKey: event.via === 'apiKey' ? 1 : 0, all: 1, last: event.at });
      schedule();
    },
    recordSearch(event) {
      addSearch(searches, searchTotalId(event.vendorId, event.list, event.text), {
        vendorId: event.vendorId,
        list: event.list,
        text: event.text,
        count: 1,
        last: event.at,
      });
      schedule();
    },
    flush,
    flushWithin,
    async close(timeoutMs = 5_000) {
      isClosed = true;
      await flushWithin(timeoutMs);
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    state: () => ({ pendingCalls: pendingCallCount(), pendingSearches: searches.size, dropped }),
  };
}
