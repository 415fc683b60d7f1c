import { clickModel, type ClickRecord } from './click.model';
import {
  createBufferedRecorder,
  type BufferedRecorder,
  type BufferedRecorderOptions,
  type RecordBuffer,
} from '../shared/buffered-recorder';
import { boundedWrite } from '../shared/db-limits';

/**
 * Records clicks without making a redirect wait for the database, and without losing one: the API's buffered
 * recorder (shared/buffered-recorder.ts: flush on size or delay, retries with doubling pauses, drop after
 * `maxAttempts`, back-pressure, flush and close) over a queue of clicks. A batch holds at most `batchSize` clicks of
 * one day (one `insertMany` into that day's collection); every click has its `_id` before the first attempt and
 * inserts are unordered, so a retry of a batch that did land only meets duplicate keys, which count as written.
 * At most `maxInFlight` writes at a time (FerretDB v1 deadlocks around 100 concurrent writes; the rest of the API
 * keeps its share of the ~20 operations the database is given). A report save calls `flush()` before reading
 * clicks; shutdown calls `close()`.
 */

/** What a recorder buffers: any document that knows the day collection it goes to. */
export interface DatedRecord {
  /** YYYY-MM-DD: the collection the record lives in. */
  date: string;
}

export interface ClickWriter<T extends DatedRecord = ClickRecord> {
  /** Inserts the documents into one day's collection; duplicate keys must be reported as errors with code 11000. */
  insert(date: string, documents: readonly T[]): Promise<void>;
}

/** The buffered recorder's options (shared/buffered-recorder.ts), each with a default, and the writer. */
export type ClickRecorderOptions<T extends DatedRecord = ClickRecord> = Partial<
  Omit<BufferedRecorderOptions, 'name' | 'unit'>
> & { writer?: ClickWriter<T> };

/** The buffered recorder of dated clicks; `close()` waits at most 10 s unless told otherwise. */
export interface ClickRecorder<T extends DatedRecord = ClickRecord> extends Omit<BufferedRecorder<T>, 'close'> {
  close(timeoutMs?: number): Promise<void>;
}

/**
 * The MongoDB writer: unordered inserts through the driver (no mongoose casting on the hot path), within the
 * process's write budget (shared/db-limits.ts) so clicks and report saves together never overload FerretDB.
 */
export const mongoClickWriter: ClickWriter = {
  async insert(date, documents) {
    await boundedWrite(documents.length, () =>
      clickModel(date).collection.insertMany([...documents], { ordered: false }),
    );
  },
};

export function createClickRecorder(options: ClickRecorderOptions = {}): ClickRecorder {
  return createBatchedRecorder(options.writer ?? mongoClickWriter, options);
}

/**
 * The recorder itself, for any kind of dated click (tracked links here, feed clicks in feeds/), writing through
 * `writer`.
 */
export function createBatchedRecorder<T extends DatedRecord>(
  writer: ClickWriter<T>,
  options: Omit<ClickRecorderOptions<T>, 'writer'> = {},
): ClickRecorder<T> {
  const batchSize = options.batchSize ?? 50;
  const queue: T[] = [];
  const buffer: RecordBuffer<T, { date: string; clicks: T[] }> = {
    add: (click) => queue.push(click),
    size: () => queue.length,
    items: () => queue.length,
    // The clicks of the head's day, in order, up to batchSize (a batch stops at a change of day, which happens once
    // a day). Costs the batch, not the queue.
    take() {
      const first = queue[0];
      if (!first) return undefined;
      let end = 1;
      while (end < batchSize && end < queue.length && queue[end]?.date === first.date) end += 1;
      return { date: first.date, clicks: queue.splice(0, end) };
    },
    count: (batch) => batch.clicks.length,
    describe: (batch) => `${batch.clicks.length} clicks of ${batch.date}`,
    write: (batch) => writer.insert(batch.date, batch.clicks),
  };
  const recorder = createBufferedRecorder(buffer, {
    name: 'clicks',
    unit: 'clicks',
    batchSize,
    maxInFlight: options.maxInFlight ?? 4,
    flushDelayMs: options.flushDelayMs ?? 50,
    writeTimeoutMs: options.writeTimeoutMs ?? 10_000,
    maxBuffered: options.maxBuffered ?? 50_000,
    retryDelayMs: options.retryDelayMs ?? 200,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 30_000,
    // With the defaults: 8 attempts over about 25 s (0.2 + 0.4 + ... + 12.8 s of pauses).
    maxAttempts: options.maxAttempts ?? 8,
    log: options.log ?? ((line: string) => console.warn(line)),
  });
  return { ...recorder, close: (timeoutMs = 10_000) => recorder.close(timeoutMs) };
}
