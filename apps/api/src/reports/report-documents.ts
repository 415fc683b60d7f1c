import type { ReportSource } from '@publisher/contract';
import { bytesOf, unpackRows } from './report-day-codec';
import { reportStorageReady } from './report-layout';
import {
  dayId,
  dayModel,
  rollupId,
  rollupModel,
  type MonthRollupRecord,
  type PackedDayDocument,
  type ReportDayRecord,
} from './report-partition.model';

/** Single-document reads of the saved report data, straight from the database (the caches sit above these). */

/** One month rollup of a vendor (`_id` = the month), read from the database (null: nothing saved that month). */
export async function readStoredMonthRollup(
  source: ReportSource,
  vendorId: number,
  month: string,
): Promise<MonthRollupRecord | null> {
  await reportStorageReady();
  const document = await rollupModel(source, vendorId)
    .findById(rollupId(vendorId, month))
    .lean<MonthRollupRecord>()
    .exec();
  return document ? { _id: month, days: document.days } : null;
}

/** One saved day of a vendor read from the database and unpacked (null when never saved). */
export async function readStoredDay(
  source: ReportSource,
  vendorId: number,
  date: string,
  fields: 'rows' | 'all' = 'all',
): Promise<ReportDayRecord | null> {
  await reportStorageReady();
  const query = dayModel(source, vendorId).findById(dayId(vendorId, date));
  if (fields === 'rows') query.select({ packed: 1 });
  const document = await query.lean<PackedDayDocument>().exec();
  if (!document) return null;
  return {
    _id: date,
    rows: await unpackRows(bytesOf(document.packed)),
    runId: document.runId,
    savedAt: document.savedAt,
  };
}
