import mongoose from 'mongoose';
import { AppError } from './app-error';

/**
 * Limits on the writes this process sends to the database, and how a database that does not answer is reported.
 *
 * Why: FerretDB v1 (the embedded database here) hangs for good, taking every later call with it, when too many
 * write statements are in flight at once. Measured on FerretDB v1.24.2 (SQLite) against existing documents: one
 * bulkWrite of 100 replaceOne hangs while 99 succeed; 20 concurrent bulkWrites of 20 hang while 8 of 20, 16 of 10
 * or 4 of 50 succeed; 20 concurrent insertMany of 500 hang while 4 of 1000 succeed. So every bulk write goes out
 * in batches of at most {@link WRITE_BATCH_SIZE} statements, and a process keeps at most
 * {@link WRITE_STATEMENTS_IN_FLIGHT} statements in flight (an insert batch takes the whole budget). MongoDB does
 * not need the limits and is not slowed much by them: the batches stay large enough to amortise round trips.
 */
export const WRITE_BATCH_SIZE = 20;
export const WRITE_STATEMENTS_IN_FLIGHT = 40;
export const INSERT_BATCH_SIZE = 500;
/**
 * Longest a write waits for its turn before it fails with a 503, unless the connection's operation timeout
 * (`bufferTimeoutMS`, set by connectDatabase from DB_OPERATION_TIMEOUT_MS) is shorter: a write stuck behind
 * writes a stalled database holds must not outlive the operations themselves.
 */
export const WRITE_SLOT_WAIT_MS = 30_000;

const writeSlotWaitMs = (): number => {
  const operationTimeoutMs: unknown = mongoose.get('bufferTimeoutMS');
  return typeof operationTimeoutMs === 'number' ? Math.min(WRITE_SLOT_WAIT_MS, operationTimeoutMs) : WRITE_SLOT_WAIT_MS;
};

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database did not answer in time. Please try again in a moment.';

/**
 * The answer of a request whose write was sent and then not confirmed within the operation timeout: the database may
 * still apply it when it comes back, so the answer does not say it failed (no "try again", which could apply it twice).
 */
export const WRITE_UNCONFIRMED_MESSAGE =
  'The database did not confirm the change in time, so it may have been saved. Reload to check before trying again.';

interface Waiter {
  weight: number;
  grant: () => void;
}

/** A first-come-first-served weighted semaphore: a waiter never overtakes an earlier one. */
export function createWeightedGate(capacity: number, waitMs: number | (() => number)) {
  let available = capacity;
  const queue: Waiter[] = [];

  function pump(): void {
    for (let head = queue[0]; head && head.weight <= available; head = queue[0]) {
      queue.shift();
      available -= head.weight;
      head.grant();
    }
  }

  async function acquire(requested: number): Promise<number> {
    const weight = Math.min(Math.max(1, requested), capacity);
    if (queue.length === 0 && weight <= available) {
      available -= weight;
      return weight;
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        weight,
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(
        () => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          pump();
          reject(AppError.unavailable(DATABASE_UNAVAILABLE_MESSAGE));
        },
        typeof waitMs === 'number' ? waitMs : waitMs(),
      );
      timer.unref();
      queue.push(waiter);
    });
    return weight;
  }

  return {
    /** Runs `work` once `weight` statements fit in the budget; gives them back when it settles. */
    async run<T>(weight: number, work: () => Promise<T>): Promise<T> {
      const taken = await acquire(weight);
      try {
        return await work();
      } finally {
        available += taken;
        pump();
      }
    },
    /** Statements in flight and writes waiting (for tests and /health). */
    state: () => ({ inFlight: capacity - available, waiting: queue.length }),
  };
}

/**
 * The write budget is per process, not per app: the limit is on the statements in flight at the database server,
 * whoever sends them, so two apps (or two mock sessions) in one process against one server must draw on one
 * budget, and so must the writes outside any app (the seed before createApp, the seed CLI, the bench scripts).
 * A second process has its own budget: docker-compose's two API processes together hold at most 80 statements in
 * flight, under the 8 x 20 = 160 measured to pass above.
 */
// eslint-disable-next-line state/no-module-state -- one budget per database server, shared by every app of the process (above)
const writes = createWeightedGate(WRITE_STATEMENTS_IN_FLIGHT, writeSlotWaitMs);

/** Runs one write command of `statements` statements within the process's write budget. */
export function boundedWrite<T>(statements: number, work: () => Promise<T>): Promise<T> {
  return writes.run(statements, work);
}

export const writeBudgetState = (): { inFlight: number; waiting: number } => writes.state();

function* chunksOf<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/**
 * Sends a bulk write (`send` is called with each batch: a bulkWrite, deleteMany...) in batches of
 * {@link WRITE_BATCH_SIZE} statements, one batch after another, each within the process's write budget.
 */
export async function writeInBatches<T>(items: readonly T[], send: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (const batch of chunksOf(items, WRITE_BATCH_SIZE)) await boundedWrite(batch.length, () => send(batch));
}

/**
 * Sends large batches (inserts of up to {@link INSERT_BATCH_SIZE} documents, deletes by as many ids), each with
 * the write budget to itself.
 */
export async function inExclusiveBatches<T>(
  documents: readonly T[],
  send: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (const batch of chunksOf(documents, INSERT_BATCH_SIZE)) {
    await boundedWrite(WRITE_STATEMENTS_IN_FLIGHT, () => send(batch));
  }
}

const UNAVAILABLE_ERROR_NAMES: readonly string[] = [
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoWaitQueueTimeoutError',
  'MongoPoolClearedError',
  'MongoPoolClosedError',
  'MongoTopologyClosedError',
  'MongoNotConnectedError',
];

/**
 * True for the errors a database that is down, unreachable or not answering raises: the driver's network,
 * timeout and pool errors, and mongoose's "buffering timed out" while it has no connection.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (UNAVAILABLE_ERROR_NAMES.includes(error.name)) return true;
  return error.name === 'MongooseError' && /buffering timed out/i.test(error.message);
}
