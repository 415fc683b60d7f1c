import type { ReportSource } from '@publisher/contract';
import pLimit from 'p-limit';
import { withLease } from '../shared/lease';
import { monthOf } from '@publisher/contract';
import { ReportRunModel, type ReportRunRecord } from './report-run.model';

/** The steps saves and uploads share (report-ingest.service.ts, upload-journal.ts). */

/**
 * One save or upload per source at a time across every API process on the database: two overlapping ones would
 * race on the bookkeeping (saved months, rollups, the vendor index). A holder that dies frees the source after
 * `SAVE_LEASE_TTL_MS`; a save waits up to `SAVE_LEASE_WAIT_MS` for the one before it.
 */
const SAVE_LEASE_TTL_MS = 30_000;
const SAVE_LEASE_WAIT_MS = 120_000;

/**
 * Runs `task` holding the source's lease. The task gets the lease's fencing signal: it checks it between partitions
 * (runInPool does) and before a commit, so a holder whose renewal failed stops before its next write, before another
 * process can take the source (shared/lease.ts).
 */
export function withSourceLock<T>(source: ReportSource, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return withLease(
    `report-save:${source}`,
    {
      ttlMs: SAVE_LEASE_TTL_MS,
      waitMs: SAVE_LEASE_WAIT_MS,
      busyMessage: `Another save of ${source} reports is still running; try again when it has finished.`,
      log: console.warn,
    },
    task,
  );
}

/**
 * Runs `task` over the items, `concurrency` at a time. After a failure no new item starts, and the first error is
 * thrown only once the items already started have settled: an upload's or a save's staged writes must not outlive
 * its failure (the caller cleans up or reports what was written, and a write landing after that would be neither
 * cleaned up nor reported). p-limit's own `Promise.all` would reject at the first failure with writes still in
 * flight, hence the `allSettled`. An aborted `signal` (a lost lease) is such a failure: checked before each item.
 */
export async function runInPool<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  // rejectOnClear: the items dropped after a failure settle (as aborted) instead of leaving allSettled waiting.
  const limit = pLimit({ concurrency, rejectOnClear: true });
  const failures: unknown[] = [];
  await Promise.allSettled(
    items.map((item) =>
      limit(async () => {
        // An item p-limit had already taken from its queue when another failed: it does not start either.
        if (failures.length > 0) return;
        try {
          signal?.throwIfAborted();
          await task(item);
        } catch (error) {
          failures.push(error);
          limit.clearQueue();
        }
      }),
    ),
  );
  if (failures.length > 0) throw failures[0];
}

export function groupByMonth(dates: readonly string[]): Map<string, string[]> {
  const byMonth = new Map<string, string[]>();
  for (const date of dates) {
    const month = monthOf(date);
    const list = byMonth.get(month);
    if (list) list.push(date);
    else byMonth.set(month, [date]);
  }
  return byMonth;
}

export const union = (...lists: readonly (readonly number[])[]): number[] =>
  [...new Set(lists.flat())].sort((a, b) => a - b);

/** Records how a run ended: success, or failed with the error's message. */
export async function finishRun(
  run: ReportRunRecord,
  rowsWritten: number,
  error?: unknown,
  endTime: Date = new Date(),
): Promise<ReportRunRecord> {
  const update = {
    end_time: endTime,
    status: error === undefined ? ('success' as const) : ('failed' as const),
    rowsWritten,
    error: error === undefined ? null : error instanceof Error ? error.message : 'Unknown error',
  };
  const saved = await ReportRunModel.findByIdAndUpdate(
    run._id,
    { $set: update },
    { returnDocument: 'after' },
  ).lean<ReportRunRecord>();
  return saved ?? { ...run, ...update };
}
