import type { Model } from 'mongoose';
import type { ReportSource } from '@publisher/contract';
import { monthOf } from './report-dates';
import {
  dayModel,
  orderDayModel,
  rollupModel,
  type DayRollup,
  type MonthRollupRecord,
  type OrderDayRecord,
  type ReportDayRecord,
  type StoredOrder,
  type StoredRow,
  type Totals,
} from './report-partition.model';
import { VendorIndexModel, partitionKey, type PartitionTotals } from './report-vendor-index.model';
import { cachedDay, cachedMonthRollups, forgetRollups } from './rollup-cache';
import { inExclusiveBatches, writeInBatches } from '../shared/db-limits';

/** Reads and writes of the saved report partitions (see report-partition.model.ts for why they exist). */

export interface DailyRollup {
  date: string;
  rollup: DayRollup;
}

/**
 * The monthly rollup documents of one source and vendor that overlap the range, ascending (months without
 * data have none). Served from the rollup cache.
 */
export async function readMonthRollups(
  source: ReportSource,
  vendorId: number,
  startDate: string,
  endDate: string,
): Promise<MonthRollupRecord[]> {
  const first = monthOf(startDate);
  const last = monthOf(endDate);
  return (await cachedMonthRollups(source, vendorId)).filter(
    (document) => document._id >= first && document._id <= last,
  );
}

/** The daily rollups of one source and vendor over a range, ascending: one query. */
export async function readDailyRollups(
  source: ReportSource,
  vendorId: number,
  startDate: string,
  endDate: string,
): Promise<DailyRollup[]> {
  const days: DailyRollup[] = [];
  for (const document of await readMonthRollups(source, vendorId, startDate, endDate)) {
    for (const [date, rollup] of Object.entries(document.days)) {
      if (date >= startDate && date <= endDate) days.push({ date, rollup });
    }
  }
  return days.sort((a, b) => (a.date < b.date ? -1 : 1));
}

async function readByDate<T extends { _id: string }>(
  model: (month: string) => Model<T>,
  dates: readonly string[],
): Promise<Map<string, T>> {
  const documents = await Promise.all(dates.map((date) => model(monthOf(date)).findById(date).lean<T>()));
  const byDate = new Map<string, T>();
  for (const document of documents) if (document) byDate.set(document._id, document);
  return byDate;
}

/** The saved rows of the given dates (absent when never saved), through the day cache. */
export async function readDays(
  source: ReportSource,
  vendorId: number,
  dates: readonly string[],
): Promise<Map<string, ReportDayRecord>> {
  const documents = await Promise.all(dates.map((date) => cachedDay(source, vendorId, date)));
  const byDate = new Map<string, ReportDayRecord>();
  for (const document of documents) if (document) byDate.set(document._id, document);
  return byDate;
}

/** The saved orders of the given dates, one `_id` lookup each. */
export function readOrderDays(
  source: ReportSource,
  vendorId: number,
  dates: readonly string[],
): Promise<Map<string, OrderDayRecord>> {
  return readByDate((month) => orderDayModel(source, vendorId, month), dates);
}

/**
 * The rows of every saved day of the range, ascending, one day document at a time (the CSV downloads stream
 * from here). Days are fetched by `_id` from the dates the rollups list, not through a cursor: FerretDB
 * answers a cursor's getMore with up to 16 MB whatever the batch size, which let a large download hold a
 * month of day documents at once. One document in memory at a time keeps the download's footprint flat.
 */
export async function* iterateDays(
  source: ReportSource,
  vendorId: number,
  startDate: string,
  endDate: string,
): AsyncGenerator<Pick<ReportDayRecord, '_id' | 'rows'>> {
  const days = await readDailyRollups(source, vendorId, startDate, endDate);
  for (const { date } of days) {
    const document = await dayModel(source, vendorId, monthOf(date))
      .findById(date)
      .select({ rows: 1 })
      .lean<Pick<ReportDayRecord, '_id' | 'rows'>>();
    if (document) yield document;
  }
}

export const emptyTotals = (): Totals => ({ rows: 0, clicks: 0, salesCount: 0, sales: 0, earnings: 0 });

/** Adds `part` into `into`. */
export function addTotals(into: Totals, part: Totals): void {
  into.rows += part.rows;
  into.clicks += part.clicks;
  into.salesCount += part.salesCount;
  into.sales += part.sales;
  into.earnings += part.earnings;
}

/** The totals of one stored row (a row counts as 1). */
export const rowTotals = (row: StoredRow): Totals => ({
  rows: 1,
  clicks: row.clicks,
  salesCount: row.salesCount,
  sales: row.sales,
  earnings: row.earnings,
});

type RowType = 'cpc' | 'cpa';
const typesOf = (isCPC: boolean | undefined): RowType[] =>
  isCPC === undefined ? ['cpc', 'cpa'] : isCPC ? ['cpc'] : ['cpa'];

/** A day's totals over its CPC rows (isCPC true), its CPA rows (false) or both (undefined). */
export function dayTotals(rollup: DayRollup, isCPC?: boolean): Totals {
  const totals = emptyTotals();
  for (const type of typesOf(isCPC)) {
    const part = rollup[type];
    if (part) addTotals(totals, part);
  }
  return totals;
}

/** The rollup of one day's rows; a type with no rows has no entry. */
function rollupOf(rows: readonly StoredRow[], orders: readonly StoredOrder[]): DayRollup {
  const rollup: DayRollup = { orders: orders.length };
  for (const row of rows) addTotals((rollup[row.isCPC ? 'cpc' : 'cpa'] ??= emptyTotals()), rowTotals(row));
  return rollup;
}

export interface DayContent {
  rows: StoredRow[];
  orders: StoredOrder[];
}

export interface PartitionWrite {
  source: ReportSource;
  vendorId: number;
  month: string;
  /** Days to replace (content with rows or orders) or remove (null). */
  days: ReadonlyMap<string, DayContent | null>;
  /** Dates no earlier save ever wrote: inserted in bulk instead of replaced one by one. */
  freshDates: ReadonlySet<string>;
  runId: string;
  savedAt: Date;
}

function isDuplicateKeyError(error: unknown): boolean {
  return (error as { code?: number }).code === 11000;
}

interface DatedDocument {
  _id: string;
}

/**
 * Puts day documents in place: inserted for fresh dates, replaced by `_id` otherwise; `remove` lists dates whose
 * document must go. Idempotent. Writes go out in bounded batches (shared/db-limits.ts): a save over days already
 * saved is all replacements, the write FerretDB v1 hangs on when too many are in flight.
 */
async function putDays<T extends DatedDocument>(
  model: Model<T>,
  documents: readonly T[],
  remove: readonly string[],
  freshDates: ReadonlySet<string>,
): Promise<void> {
  const fresh = documents.filter((document) => freshDates.has(document._id));
  const replace = documents.filter((document) => !freshDates.has(document._id));
  try {
    await inExclusiveBatches(fresh, (batch) =>
      model.insertMany(batch, { ordered: false, throwOnValidationError: true }),
    );
  } catch (error) {
    // A day the bookkeeping thought fresh exists after all (left by a crashed write): replace it.
    if (!isDuplicateKeyError(error)) throw error;
    replace.push(...fresh);
  }
  const operations = [
    ...replace.map((document) => ({
      replaceOne: { filter: { _id: document._id }, replacement: document, upsert: true },
    })),
    ...remove.filter((date) => !freshDates.has(date)).map((date) => ({ deleteOne: { filter: { _id: date } } })),
  ];
  // The cast only restates T's `_id`: mongoose's bulkWrite typing cannot see it through the generic.
  await writeInBatches(operations, (batch) =>
    model.bulkWrite(batch as Parameters<Model<T>['bulkWrite']>[0], { ordered: false, throwOnValidationError: true }),
  );
}

/**
 * Replaces or removes days of one (source, vendor, month): their rows, their orders, their rollup entries and
 * the vendor's index entry. Each step is idempotent, so a save interrupted anywhere is repaired by running it
 * again. Returns the rows written.
 */
export async function writePartition(write: PartitionWrite): Promise<number> {
  const { source, vendorId, month, runId, savedAt } = write;
  const rowDays: ReportDayRecord[] = [];
  const orderDays: OrderDayRecord[] = [];
  const withoutRows: string[] = [];
  const withoutOrders: string[] = [];
  const set: Record<string, DayRollup> = {};
  const unset: Record<string, ''> = {};
  let rowsWritten = 0;

  for (const [date, content] of write.days) {
    const rows = content?.rows ?? [];
    const orders = content?.orders ?? [];
    if (rows.length > 0) rowDays.push({ _id: date, rows, runId, savedAt });
    else withoutRows.push(date);
    if (orders.length > 0) orderDays.push({ _id: date, orders, runId, savedAt });
    else withoutOrders.push(date);
    if (rows.length > 0 || orders.length > 0) set[`days.${date}`] = rollupOf(rows, orders);
    else unset[`days.${date}`] = '';
    rowsWritten += rows.length;
  }

  await Promise.all([
    putDays(dayModel(source, vendorId, month), rowDays, withoutRows, write.freshDates),
    putDays(orderDayModel(source, vendorId, month), orderDays, withoutOrders, write.freshDates),
  ]);

  const update: Record<string, unknown> = {};
  if (Object.keys(set).length > 0) update['$set'] = set;
  if (Object.keys(unset).length > 0) update['$unset'] = unset;
  if (Object.keys(update).length === 0) return rowsWritten;
  const after = await rollupModel(source, vendorId)
    .findOneAndUpdate({ _id: month }, update, { upsert: true, returnDocument: 'after' })
    .lean<MonthRollupRecord>();
  forgetRollups(source, vendorId);

  const totals: PartitionTotals = { source, month, rows: 0, orders: 0 };
  for (const day of Object.values(after?.days ?? {})) {
    totals.rows += dayTotals(day).rows;
    totals.orders += day.orders;
  }
  const key = `partitions.${partitionKey(source, month)}`;
  await VendorIndexModel.updateOne(
    { _id: vendorId },
    totals.rows > 0 || totals.orders > 0 ? { $set: { [key]: totals } } : { $unset: { [key]: '' } },
    { upsert: true },
  );
  return rowsWritten;
}
