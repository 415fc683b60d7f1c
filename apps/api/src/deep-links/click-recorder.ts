import { clickModel, type ClickRecord } from './click.model';
import { boundedWrite } from '../shared/db-limits';

/**
 * Records clicks without making a redirect wait for the database, and without losing one:
 * - `record()` appends to an in-memory buffer; a flush starts at once when a batch is full, else within
 *   `flushDelayMs`;
 * - a flush writes batches of at most `batchSize` documents (one `insertMany` per day collection), at most
 *   `maxInFlight` at a time (FerretDB v1 deadlocks around 100 concurrent writes; the rest of the API keeps its
 *   share of the ~20 operations the database is given), each with a timeout;
 * - a failed or timed-out batch goes back to the buffer and is retried after a pause that doubles with each
 *   failure (`retryDelayMs`, 2x, 4x ... up to `maxRetryDelayMs`); every click has its `_id` before the first
 *   attempt and inserts are unordered, so a retry of a batch that did land only meets duplicate keys, which count
 *   as written;
 * - a batch that has failed `maxAttempts` times is dropped with a log line and counted (`dropped()`, shown by
 *   GET /health): a write the database keeps refusing (a bad document, a full disk) must not loop for ever and
 *   hold the buffer's head;
 * - `flush()` resolves once everything recorded before the call is in the database (a report save calls it
 *   before reading clicks; shutdown calls `close()`);
 * - when the buffer holds `maxBuffered` clicks, `record()` waits for a flush (back-pressure instead of memory
 *   growth while the database is down).
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

export interface ClickRecorderOptions<T extends DatedRecord = ClickRecord> {
  writer?: ClickWriter<T>;
  batchSize?: number;
  maxInFlight?: number;
  flushDelayMs?: number;
  writeTimeoutMs?: number;
  maxBuffered?: number;
  /** Pause before the first retry of a failed write; each further failure of the batch doubles it. */
  retryDelayMs?: number;
  /** Longest pause between two attempts. */
  maxRetryDelayMs?: number;
  /** Attempts a batch gets (the first write included) before it is dropped. */
  maxAttempts?: number;
  log?: (line: string) => void;
}

export interface ClickRecorder<T extends DatedRecord = ClickRecord> {
  record(click: T): Promise<void>;
  /**
   * Resolves once every click recorded before the call is written. With `timeoutMs`, rejects after that long
   * instead (the database is down): the clicks stay buffered and keep being retried.
   */
  flush(timeoutMs?: number): Promise<void>;
  /** Flushes (waiting at most `timeoutMs`, default 10 s) and stops the timer. */
  close(timeoutMs?: number): Promise<void>;
  /** Clicks recorded and not yet written (buffered or in flight). */
  pending(): number;
  /** Clicks given up on since the recorder was made: their batch failed `maxAttempts` times. */
  dropped(): number;
}

const DUPLICATE_KEY = 11000;

function isDuplicateKeyOnly(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, writeErrors } = error as { code?: unknown; writeErrors?: unknown };
  if (Array.isArray(writeErrors) && writeErrors.length > 0) {
    return writeErrors.every((entry: unknown) => (entry as { code?: unknown } | null)?.code === DUPLICATE_KEY);
  }
  return code === DUPLICATE_KEY;
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

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`clicks not written within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createClickRecorder(options: ClickRecorderOptions = {}): ClickRecorder {
  return createBatchedRecorder(options.writer ?? mongoClickWriter, options);
}

/**
 * The recorder itself, for any kind of dated click (tracked links here, feed clicks in feeds/): the buffering,
 * batching, retries and back-pressure described above, writing through `writer`.
 */
export function createBatchedRecorder<T extends DatedRecord>(
  writer: ClickWriter<T>,
  options: Omit<ClickRecorderOptions<T>, 'writer'> = {},
): ClickRecorder<T> {
  const batchSize = options.batchSize ?? 50;
  const maxInFlight = options.maxInFlight ?? 4;
  const flushDelayMs = options.flushDelayMs ?? 50;
  const writeTimeoutMs = options.writeTimeoutMs ?? 10_000;
  const maxBuffered = options.maxBuffered ?? 50_000;
  const retryDelayMs = options.retryDelayMs ?? 200;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
  // With the defaults: 8 attempts over about 25 s (0.2 + 0.4 + ... + 12.8 s of pauses).
  const maxAttempts = Math.max(1, options.maxAttempts ?? 8);
  const log = options.log ?? ((line: string) => console.warn(line));

  interface Entry {
    click: T;
    /** The flush epoch it was recorded in: flush() waits for the entries of its epoch and earlier. */
    epoch: number;
    /** Failed writes of this click so far. */
    failures: number;
  }
  const buffer: Entry[] = [];
  let epoch = 0;
  /** Clicks recorded and not yet written, per epoch. */
  const outstanding = new Map<number, number>();
  let inFlight = 0;
  let inFlightClicks = 0;
  let timer: NodeJS.Timeout | undefined;
  let pumping = false;
  /** Resolved whenever a batch finishes: flush() and back-pressure wait on it. */
  let waiters: (() => void)[] = [];
  let droppedClicks = 0;

  const notify = (): void => {
    const current = waiters;
    waiters = [];
    for (const wake of current) wake();
  };
  const nextProgress = (): Promise<void> => new Promise((resolve) => waiters.push(resolve));

  /**
   * Takes one batch from the head of the buffer: the clicks of the head's day, in order, up to batchSize (a
   * batch stops at a change of day, which happens once a day). Costs the batch, not the buffer.
   */
  function takeBatch(): { date: string; entries: Entry[] } | undefined {
    const first = buffer[0];
    if (!first) return undefined;
    const { date } = first.click;
    let end = 1;
    while (end < batchSize && end < buffer.length && buffer[end]?.click.date === date) end += 1;
    return { date, entries: buffer.splice(0, end) };
  }

  /** The entries are done with: written, or dropped. */
  function markSettled(entries: readonly Entry[]): void {
    for (const entry of entries) {
      const left = (outstanding.get(entry.epoch) ?? 1) - 1;
      if (left > 0) outstanding.set(entry.epoch, left);
      else outstanding.delete(entry.epoch);
    }
  }

  async function write(date: string, entries: Entry[]): Promise<void> {
    try {
      await withTimeout(
        writer.insert(
          date,
          entries.map((entry) => entry.click),
        ),
        writeTimeoutMs,
      );
      markSettled(entries);
    } catch (error) {
      if (isDuplicateKeyOnly(error)) {
        markSettled(entries);
        return;
      }
      const failures = Math.max(...entries.map((entry) => entry.failures)) + 1;
      if (failures >= maxAttempts) {
        droppedClicks += entries.length;
        markSettled(entries);
        log(
          `[clicks] dropped ${entries.length} clicks of ${date} after ${failures} failed writes (${droppedClicks} dropped so far): ${String(error)}`,
        );
        return;
      }
      const pauseMs = Math.min(retryDelayMs * 2 ** (failures - 1), maxRetryDelayMs);
      log(
        `[clicks] write of ${entries.length} clicks failed (attempt ${failures} of ${maxAttempts}), retrying in ${pauseMs} ms: ${String(error)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      for (const entry of entries) entry.failures = failures;
      buffer.unshift(...entries);
    }
  }

  /** Clicks of epochs up to `last` not written yet. */
  function outstandingUpTo(last: number): number {
    let count = 0;
    for (const [recordedIn, left] of outstanding) if (recordedIn <= last) count += left;
    return count;
  }

  /** Starts writes while there are clicks and free slots. */
  function pump(): void {
    if (pumping) return;
    pumping = true;
    try {
      while (inFlight < maxInFlight && buffer.length > 0) {
        const batch = takeBatch();
        if (!batch) break;
        inFlight += 1;
        inFlightClicks += batch.entries.length;
        void write(batch.date, batch.entries).finally(() => {
          inFlight -= 1;
          inFlightClicks -= batch.entries.length;
          notify();
          pump();
        });
      }
    } finally {
      pumping = false;
    }
  }

  function schedule(): void {
    if (buffer.length >= batchSize) {
      pump();
      return;
    }
    if (timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined;
        pump();
      }, flushDelayMs);
      timer.unref();
    }
  }

  const pending = (): number => buffer.length + inFlightClicks;

  return {
    async record(click) {
      while (buffer.length >= maxBuffered) {
        pump();
        await nextProgress();
      }
      buffer.push({ click, epoch, failures: 0 });
      outstanding.set(epoch, (outstanding.get(epoch) ?? 0) + 1);
      schedule();
    },

    async flush(timeoutMs) {
      // Clicks recorded from now on belong to a later epoch: a flush under steady load still ends.
      const last = epoch;
      epoch += 1;
      const drained = (async () => {
        while (outstandingUpTo(last) > 0) {
          pump();
          await nextProgress();
        }
      })();
      await (timeoutMs === undefined ? drained : withTimeout(drained, timeoutMs));
    },

    async close(timeoutMs = 10_000) {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      try {
        await this.flush(timeoutMs);
      } catch {
        log(`[clicks] ${pending()} clicks could not be written before shutdown`);
      }
    },

    pending,

    dropped: () => droppedClicks,
  };
}
