import { outsideRequest } from './request-scope';

/**
 * The one buffered recorder of the API: the click recorders (deep-links/click-recorder.ts, feeds/) and the
 * activity recorder (admin/activity-recorder.ts) record without making a request wait for the database, and
 * without losing what they recorded:
 * - `record()` adds to the buffer (the {@link RecordBuffer} decides how: clicks queue, call lines merge); a flush
 *   starts at once when `batchSize` items wait, else within `flushDelayMs`;
 * - writes take batches from the head of the buffer, at most `maxInFlight` at a time, each within
 *   `writeTimeoutMs` when one is given;
 * - a failed or timed-out batch is written again after a pause that doubles with each failure (`retryDelayMs`,
 *   2x, 4x ... up to `maxRetryDelayMs`), holding its slot meanwhile (a database that is down gets `maxInFlight`
 *   attempts at a time, not the whole buffer). A write must be safe to repeat: documents carry their `_id`,
 *   inserts are unordered and duplicate keys count as written ({@link isDuplicateKeyOnly}); a write that fails
 *   part way may first take out of its batch what did land;
 * - a batch that has failed `maxAttempts` times is dropped with a log line and counted (`dropped()`, shown by
 *   GET /health): a write the database keeps refusing (a bad document, a full disk) must not loop for ever and
 *   hold the head of the buffer;
 * - `flush()` resolves once everything recorded before the call is written (or dropped), even under steady load;
 * - with `maxBuffered`, `record()` waits for a write while that many items wait (back-pressure instead of memory
 *   growth while the database is down);
 * - after `close()` has flushed (or given up waiting), nothing is scheduled or written again: a retry that outlived
 *   its app wrote into whatever database the process used next (a test file's after the one that closed it, in CI).
 */

/** What a recorder keeps between records and writes. */
export interface RecordBuffer<Item, Batch> {
  add(item: Item): void;
  /** Entries waiting in the buffer (what `batchSize` and `maxBuffered` count): clicks, call lines. */
  size(): number;
  /** Items the waiting entries stand for (`pending()`): a call line stands for its calls. */
  items(): number;
  /** Takes the next batch from the head of the buffer; undefined when it is empty. */
  take(): Batch | undefined;
  /** Items a batch stands for (`pending()`, `dropped()`). */
  count(batch: Batch): number;
  /** For log lines: "12 clicks of 2026-11-23". */
  describe(batch: Batch): string;
  /** Writes the batch. On a failure it may leave in the batch only what did not land: a retry writes that. */
  write(batch: Batch): Promise<void>;
}

export interface BufferedRecorderOptions {
  /** Prefix of its log lines: `[name] ...`. */
  name: string;
  /** What an item is, in log lines: "clicks", "calls". */
  unit: string;
  /** Items waiting that start a write at once. */
  batchSize: number;
  maxInFlight: number;
  flushDelayMs: number;
  /** No timeout when undefined. */
  writeTimeoutMs?: number;
  /** No back-pressure when undefined (the buffer bounds itself). */
  maxBuffered?: number;
  /** Pause before the first retry of a failed write; each further failure of the batch doubles it. */
  retryDelayMs: number;
  /** Longest pause between two attempts. */
  maxRetryDelayMs: number;
  /** Attempts a batch gets (the first write included) before it is dropped. */
  maxAttempts: number;
  log: (line: string) => void;
}

export interface BufferedRecorder<Item> {
  /** Adds the item at once when there is room (or no bound), else once a write has made room. */
  record(item: Item): Promise<void>;
  /**
   * Resolves once every item recorded before the call is written or dropped. With `timeoutMs`, rejects after that
   * long instead (the database is down): the items stay buffered and keep being retried.
   */
  flush(timeoutMs?: number): Promise<void>;
  /** Flushes (waiting at most `timeoutMs`), then stops: no timer, no retry. Never rejects. */
  close(timeoutMs: number): Promise<void>;
  /** Items recorded and not yet written (buffered, waiting for a retry or in flight). */
  pending(): number;
  /** Items given up on since the recorder was made: their batch failed `maxAttempts` times. */
  dropped(): number;
}

const DUPLICATE_KEY = 11000;

/** Whether a write failed on duplicate keys alone: a retried insert whose first attempt had landed. */
export function isDuplicateKeyOnly(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, writeErrors } = error as { code?: unknown; writeErrors?: unknown };
  if (Array.isArray(writeErrors) && writeErrors.length > 0) {
    return writeErrors.every((entry: unknown) => (entry as { code?: unknown } | null)?.code === DUPLICATE_KEY);
  }
  return code === DUPLICATE_KEY;
}

export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createBufferedRecorder<Item, Batch>(
  buffer: RecordBuffer<Item, Batch>,
  options: BufferedRecorderOptions,
): BufferedRecorder<Item> {
  const { name, batchSize, maxInFlight, flushDelayMs, writeTimeoutMs, maxBuffered, log } = options;
  const maxAttempts = Math.max(1, options.maxAttempts);

  interface Job {
    batch: Batch;
    /** Jobs are numbered as they are made: flush() waits for the ones made up to its call. */
    seq: number;
  }
  /** Batches taken out of the buffer by a flush, waiting for a slot. */
  const queued: Job[] = [];
  /** Every job not yet written or dropped (queued, in flight or pausing before a retry). */
  const unsettled = new Set<Job>();
  let lastSeq = 0;
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  let pumping = false;
  let isClosed = false;
  let droppedItems = 0;
  /** Resolved whenever a job settles or fails an attempt: flush() and back-pressure wait on it. */
  let waiters: (() => void)[] = [];

  const notify = (): void => {
    const current = waiters;
    waiters = [];
    for (const wake of current) wake();
  };
  const nextProgress = (): Promise<void> => new Promise((resolve) => waiters.push(resolve));

  function jobOf(batch: Batch): Job {
    lastSeq += 1;
    const job = { batch, seq: lastSeq };
    unsettled.add(job);
    return job;
  }

  const queuedItems = (): number => queued.reduce((sum, job) => sum + buffer.count(job.batch), 0);
  const waiting = (): number => buffer.size() + queuedItems();

  async function attempt(batch: Batch): Promise<void> {
    const write = buffer.write(batch);
    await (writeTimeoutMs === undefined
      ? write
      : withTimeout(write, writeTimeoutMs, `${options.unit} not written within ${writeTimeoutMs} ms`));
  }

  /** Writes the job until it lands, is dropped, or the recorder is closed (then it stays pending). */
  async function run(job: Job): Promise<void> {
    for (let failures = 1; ; failures += 1) {
      try {
        await attempt(job.batch);
        unsettled.delete(job);
        return;
      } catch (error) {
        if (isDuplicateKeyOnly(error)) {
          unsettled.delete(job);
          return;
        }
        if (failures >= maxAttempts) {
          const count = buffer.count(job.batch);
          droppedItems += count;
          unsettled.delete(job);
          log(
            `[${name}] dropped ${buffer.describe(job.batch)} after ${failures} failed writes (${droppedItems} dropped so far): ${String(error)}`,
          );
          return;
        }
        if (isClosed) return;
        const pauseMs = Math.min(options.retryDelayMs * 2 ** (failures - 1), options.maxRetryDelayMs);
        log(
          `[${name}] write of ${buffer.describe(job.batch)} failed (attempt ${failures} of ${maxAttempts}), retrying in ${pauseMs} ms: ${String(error)}`,
        );
        notify();
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
        if (isClosed) return;
      }
    }
  }

  function nextJob(): Job | undefined {
    const job = queued.shift();
    if (job) return job;
    const batch = buffer.take();
    return batch === undefined ? undefined : jobOf(batch);
  }

  /** Starts writes while there are batches and free slots. */
  function pump(): void {
    if (pumping || isClosed) return;
    pumping = true;
    try {
      while (inFlight < maxInFlight) {
        const job = nextJob();
        if (!job) break;
        inFlight += 1;
        // Outside the request that happened to start it (request-scope.ts): no commit of that request's, and its
        // 503 does not stop the write.
        void outsideRequest(() => run(job)).finally(() => {
          inFlight -= 1;
          notify();
          pump();
        });
      }
    } finally {
      pumping = false;
    }
  }

  function schedule(): void {
    if (isClosed) return;
    if (buffer.size() >= batchSize) {
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

  function add(item: Item): void {
    buffer.add(item);
    schedule();
  }

  const pending = (): number => {
    let count = buffer.items();
    for (const job of unsettled) count += buffer.count(job.batch);
    return count;
  };

  async function flush(timeoutMs?: number): Promise<void> {
    // Everything buffered now becomes batches numbered up to `last`; what is recorded from now on comes later,
    // so a flush under steady load still ends.
    for (let batch = buffer.take(); batch !== undefined; batch = buffer.take()) queued.push(jobOf(batch));
    const last = lastSeq;
    const isWaiting = (): boolean => [...unsettled].some((job) => job.seq <= last);
    const drained = (async () => {
      while (isWaiting()) {
        pump();
        await nextProgress();
      }
    })();
    await (timeoutMs === undefined
      ? drained
      : withTimeout(drained, timeoutMs, `${options.unit} not written within ${timeoutMs} ms`));
  }

  return {
    record(item) {
      if (maxBuffered === undefined || waiting() < maxBuffered) {
        add(item);
        return Promise.resolve();
      }
      return (async () => {
        while (waiting() >= maxBuffered) {
          pump();
          await nextProgress();
        }
        add(item);
      })();
    },

    flush,

    async close(timeoutMs) {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      try {
        await flush(timeoutMs);
      } catch {
        log(`[${name}] ${pending()} ${options.unit} could not be written before shutdown`);
      } finally {
        isClosed = true;
      }
    },

    pending,

    dropped: () => droppedItems,
  };
}
