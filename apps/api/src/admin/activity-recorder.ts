import { Types, type AnyBulkWriteOperation } from 'mongoose';
import type { SearchList } from '@publisher/contract';
import { ApiCallTotalModel, type ApiCallTotalRecord } from '../reports/api-call.model';
import { createBufferedRecorder, isDuplicateKeyOnly, type RecordBuffer } from '../shared/buffered-recorder';
import {
  INSERT_BATCH_SIZE,
  WRITE_BATCH_SIZE,
  WRITE_STATEMENTS_IN_FLIGHT,
  boundedWrite,
} from '../shared/db-limits';
import { AccessLogModel, type AccessLogRecord } from './access-log.model';
import { SearchTotalModel, searchTotalId, type SearchTotalRecord } from './search-log.model';

/**
 * Records every authenticated call (the API logs) and the searches vendors make (the search logs) without
 * a database write per request, on the API's buffered recorder (shared/buffered-recorder.ts: flush on size or
 * delay, retries with doubling pauses, drop after `maxAttempts`, flush and close):
 * - `recordCall` / `recordSearch` only touch memory: a call joins its log line (identical calls - same vendor,
 *   method, path, status and signature - within the same second are one line with a `count`, so a client
 *   polling or a load test writes one line a second, not one per call), per-vendor and per-search counters are
 *   summed in maps;
 * - a write runs `flushDelayMs` after the first event (at once when `batchSize` lines wait), one at a time, and
 *   takes everything: the lines go out as unordered inserts of up to 500 (`inExclusiveBatches`), the counters as
 *   bulk `$inc` upserts of 20 (`boundedWrite`), all within the process's write budget (shared/db-limits.ts);
 * - a failed write keeps in its batch only what it did not write (lines keep their `_id`, so a retried insert that
 *   had landed only meets duplicate keys), and the retry writes that;
 * - memory is bounded: past `maxBuffered` queued lines the oldest are dropped (and counted), past
 *   `maxSearchKeys` distinct pending searches new ones are dropped; counters of vendors are few;
 * - `flush()` resolves once what was recorded before it is written (the log reads call `flushWithin`, so a read
 *   shows the calls made before it); `close()` flushes at shutdown.
 * Lines older than `retentionMs` (24 months, the privacy policy's "access data deleted after 24 months") are
 * deleted at most once a day, by a write.
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
  /** Resolves once what was recorded before the call is written (retried meanwhile) or dropped. */
  flush(): Promise<void>;
  /** Flushes, waiting at most `timeoutMs`; never rejects (a read or a shutdown goes on without the rest). */
  flushWithin(timeoutMs: number): Promise<void>;
  close(timeoutMs?: number): Promise<void>;
  /** Calls not yet written, and calls dropped so far (the queue of lines was full, or every write of them failed). */
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

const DAY_MS = 24 * 3600 * 1000;

type Activity = { kind: 'call'; event: CallEvent } | { kind: 'search'; event: SearchEvent };

/** One write's share: the lines, vendor counters and search counters not written yet (a write takes out the rest). */
interface ActivityBatch {
  lines: AccessLogRecord[];
  vendors: [number, VendorCounter][];
  searches: [string, SearchCounter][];
}

/** Writes the entries `size` at a time, taking out of `entries` each chunk once it is written. */
async function writeInChunks<T>(entries: T[], size: number, write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  while (entries.length > 0) {
    await write(entries.slice(0, size));
    entries.splice(0, size);
  }
}

export function createActivityRecorder(options: ActivityRecorderOptions = {}): ActivityRecorder {
  const maxBuffered = options.maxBuffered ?? 50_000;
  const maxSearchKeys = options.maxSearchKeys ?? 10_000;
  const retentionMs = options.retentionMs ?? 730 * DAY_MS;
  const now = options.now ?? (() => new Date());

  // Pending lines by vendor, method, path, status, signature and second.
  let calls = new Map<string, AccessLogRecord>();
  let vendors = new Map<number, VendorCounter>();
  let searches = new Map<string, SearchCounter>();
  let overflowed = 0;
  let prunedAt = 0;

  function addCall(event: CallEvent): void {
    const key = `${event.vendorId} ${event.method} ${event.status} ${event.via} ${Math.floor(event.at.getTime() / 1000)} ${event.path}`;
    const line = calls.get(key);
    if (line) line.count += 1;
    else {
      if (calls.size >= maxBuffered) {
        const oldest = calls.keys().next();
        if (!oldest.done) {
          overflowed += calls.get(oldest.value)?.count ?? 0;
          calls.delete(oldest.value);
        }
      }
      calls.set(key, { _id: new Types.ObjectId(), ...event, count: 1 });
    }
    const counter = vendors.get(event.vendorId);
    const apiKey = event.via === 'apiKey' ? 1 : 0;
    if (!counter) vendors.set(event.vendorId, { apiKey, all: 1, last: event.at });
    else {
      counter.apiKey += apiKey;
      counter.all += 1;
      if (event.at > counter.last) counter.last = event.at;
    }
  }

  function addSearch(event: SearchEvent): void {
    const key = searchTotalId(event.vendorId, event.list, event.text);
    const counter = searches.get(key);
    if (counter) {
      counter.count += 1;
      if (event.at > counter.last) counter.last = event.at;
    } else if (searches.size < maxSearchKeys) {
      searches.set(key, { vendorId: event.vendorId, list: event.list, text: event.text, count: 1, last: event.at });
    } else overflowed += 1;
  }

  function writeCalls(lines: AccessLogRecord[]): Promise<void> {
    return writeInChunks(lines, INSERT_BATCH_SIZE, (chunk) =>
      boundedWrite(WRITE_STATEMENTS_IN_FLIGHT, async () => {
        try {
          await AccessLogModel.collection.insertMany(chunk, { ordered: false });
        } catch (error) {
          if (!isDuplicateKeyOnly(error)) throw error;
        }
      }),
    );
  }

  function writeVendorCounters(entries: [number, VendorCounter][]): Promise<void> {
    return writeInChunks(entries, WRITE_BATCH_SIZE, (chunk) => {
      const operations: AnyBulkWriteOperation<ApiCallTotalRecord>[] = chunk.map(([vendorId, counter]) => ({
        updateOne: {
          filter: { _id: vendorId },
          update: {
            $inc: { count: counter.apiKey, authenticatedCount: counter.all },
            $set: { lastCallAt: counter.last },
          },
          upsert: true,
        },
      }));
      return boundedWrite(operations.length, () => ApiCallTotalModel.bulkWrite(operations, { ordered: true }));
    });
  }

  function writeSearchCounters(entries: [string, SearchCounter][]): Promise<void> {
    return writeInChunks(entries, WRITE_BATCH_SIZE, (chunk) => {
      const operations: AnyBulkWriteOperation<SearchTotalRecord>[] = chunk.map(([key, counter]) => ({
        updateOne: {
          filter: { _id: key },
          update: {
            $inc: { count: counter.count },
            $set: { vendorId: counter.vendorId, list: counter.list, text: counter.text, lastSearchedAt: counter.last },
          },
          upsert: true,
        },
      }));
      return boundedWrite(operations.length, () => SearchTotalModel.bulkWrite(operations, { ordered: true }));
    });
  }

  async function prune(): Promise<void> {
    const at = now().getTime();
    if (at - prunedAt < DAY_MS) return;
    prunedAt = at;
    await boundedWrite(1, () => AccessLogModel.deleteMany({ at: { $lt: new Date(at - retentionMs) } }));
  }

  const buffer: RecordBuffer<Activity, ActivityBatch> = {
    add: (item) => (item.kind === 'call' ? addCall(item.event) : addSearch(item.event)),
    size: () => calls.size,
    items() {
      let count = 0;
      for (const line of calls.values()) count += line.count;
      return count;
    },
    take() {
      if (calls.size === 0 && vendors.size === 0 && searches.size === 0) return undefined;
      const batch = { lines: [...calls.values()], vendors: [...vendors], searches: [...searches] };
      calls = new Map();
      vendors = new Map();
      searches = new Map();
      return batch;
    },
    count: (batch) => batch.lines.reduce((sum, line) => sum + line.count, 0),
    describe: (batch) =>
      `${batch.lines.length} call lines, ${batch.vendors.length} vendor counters and ${batch.searches.length} search counters`,
    async write(batch) {
      // The three parts at once; each leaves in the batch what it did not write, for the retry.
      const results = await Promise.allSettled([
        writeCalls(batch.lines),
        writeVendorCounters(batch.vendors),
        writeSearchCounters(batch.searches),
        prune(),
      ]);
      const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      if (failure) throw failure.reason;
    },
  };

  const recorder = createBufferedRecorder(buffer, {
    name: 'activity',
    unit: 'calls',
    batchSize: options.batchSize ?? 500,
    // One write at a time: a counter's $inc is summed, so two writes of the same vendor's must not race.
    maxInFlight: 1,
    flushDelayMs: options.flushDelayMs ?? 1_000,
    // No writeTimeoutMs: every database operation has its deadline (DB_OPERATION_TIMEOUT_MS), and a counter's $inc
    // retried after a timeout of the recorder's own that had landed after all would count twice.
    // As the click recorders: 8 attempts over about 25 s (0.2 + 0.4 + ... + 12.8 s of pauses), so a flush before a
    // reset or a log read waits no longer for activity than for clicks.
    retryDelayMs: 200,
    maxRetryDelayMs: 30_000,
    maxAttempts: 8,
    log: options.log ?? ((line: string) => console.warn(line)),
  });

  return {
    recordCall: (event) => void recorder.record({ kind: 'call', event }),
    recordSearch: (event) => void recorder.record({ kind: 'search', event }),
    flush: () => recorder.flush(),
    flushWithin: (timeoutMs) => recorder.flush(timeoutMs).catch(() => undefined),
    close: (timeoutMs = 5_000) => recorder.close(timeoutMs),
    state: () => ({
      pendingCalls: recorder.pending(),
      pendingSearches: searches.size,
      dropped: overflowed + recorder.dropped(),
    }),
  };
}
