import type { Model } from 'mongoose';
import {
  type Aggregation,
  MAX_REPORT_AMOUNT,
  MAX_REPORT_COUNT,
  monthOf,
  periodStart,
  type ReportSource,
} from '@publisher/contract';
import { packRows } from './report-day-codec';
import { readStoredDay } from './report-documents';
import { reportStorageReady } from './report-layout';
import {
  dayId,
  dayModel,
  idSuffix,
  orderDayModel,
  rollupId,
  rollupModel,
  type DayRollup,
  type MonthRollupRecord,
  type OrderDayRecord,
  type PackedDayDocument,
  type ReportDayRecord,
  type StoredOrder,
  type StoredRow,
  type Totals,
} from './report-partition.model';
import { VendorIndexModel, partitionKey, type PartitionTotals } from './report-vendor-index.model';
import type { ReportCache } from './rollup-cache';
import { inExclusiveBatches, writeInBatches } from '../shared/db-limits';

/** What the reads go through: an app's report cache (reports/rollup-cache.ts). */
export type ReportReads = Pick<ReportCache, 'monthRollup' | 'day'>;

/**
 * Reads and writes of the saved report data (see report-partition.model.ts for the layout and why). Every read
 * is an `_id` equality: the dates and months of a range are enumerated, never scanned for.
 */

export interface DailyRollup {
  date: string;
  rollup: DayRollup;
  /** The first day of the week (its Monday) and of the month holding `date`: its period starts. */
  weekStart: string;
  monthStart: string;
  /** The day's totals over both row types, CPC rows only and CPA rows only (frozen: shared by every read). */
  totals: { both: Totals; cpc: Totals; cpa: Totals };
}

/** The day's totals over its CPC rows (isCPC true), its CPA rows (false) or both (undefined). */
export const totalsOf = (day: DailyRollup, isCPC: boolean | undefined): Totals =>
  isCPC === undefined ? day.totals.both : isCPC ? day.totals.cpc : day.totals.cpa;

/** The first day of the period holding the day (the contract calendar's periodStart). */
export const periodOf = (day: DailyRollup, aggregation: Aggregation): string =>
  aggregation === 'daily' ? day.date : aggregation === 'weekly' ? day.weekStart : day.monthStart;

/**
 * The days of a cached month rollup, ascending, with what every report derives from them computed once: a
 * cached month document never changes (a rewrite replaces it), so its days are derived once per document.
 */
// eslint-disable-next-line state/no-module-state -- keyed by the document object: each app's cache loads its own documents, so no two apps share an entry, and an entry goes with its document
const daysOfMonth = new WeakMap<MonthRollupRecord, readonly DailyRollup[]>();

function daysOf(document: MonthRollupRecord): readonly DailyRollup[] {
  let days = daysOfMonth.get(document);
  if (!days) {
    days = Object.entries(document.days)
      .map(([date, rollup]) => ({
        date,
        rollup,
        weekStart: periodStart(date, 'weekly'),
        monthStart: periodStart(date, 'monthly'),
        totals: {
          both: Object.freeze(dayTotals(rollup)),
          cpc: Object.freeze(dayTotals(rollup, true)),
          cpa: Object.freeze(dayTotals(rollup, false)),
        },
      }))
      .sort((a, b) => (a.date < b.date ? -1 : 1));
    daysOfMonth.set(document, days);
  }
  return days;
}

/** Every month (YYYY-MM) from `first` to `last`, ascending. */
export function eachMonth(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (;;) {
    const current = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    if (current > last) return months;
    months.push(current);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/**
 * The monthly rollup documents of one source and vendor that overlap the range, ascending (months without
 * data have none). Served from the rollup cache: one `_id` lookup per month not cached yet.
 */
export async function readMonthRollups(
  cache: ReportReads,
  source: ReportSource,
  vendorId: number,
  startDate: string,
  endDate: string,
): Promise<MonthRollupRecord[]> {
  const months = eachMonth(monthOf(startDate), monthOf(endDate));
  const documents = await Promise.all(months.map((month) => cache.monthRollup(source, vendorId, month)));
  return documents.filter((document): document is MonthRollupRecord => document !== null);
}

/** The daily rollups of one source and vendor over a range, ascending (months come ascending, days too). */
export async function readDailyRollups(
  cache: ReportReads,
  source: ReportSource,
  vendorId: number,
  startDate: string,
  endDate: string,
): Promise<DailyRollup[]> {
  const days: DailyRollup[] = [];
  for (const document of await readMonthRollups(cache, source, vendorId, startDate, endDate)) {
    for (const day of daysOf(document)) {
      if (day.date > endDate) break;
      if (day.date >= startDate) days.push(day);
    }
  }
  return days;
}

/** The saved rows of the given dates (absent when never saved), through the day cache. */
export async function readDays(
  cache: ReportReads,
  source: ReportSource,
  vendorId: number,
  dates: readonly string[],
): Promise<Map<string, ReportDayRecord>> {
  const documents = await Promise.all(dates.map((date) => cache.day(source, vendorId, date)));
  const byDate = new Map<string, ReportDayRecord>();
  for (const document of documents) if (document) byDate.set(document._id, document);
  return byDate;
}

/** The saved orders of the given dates, one `_id` lookup each. */
export async function readOrderDays(
  source: ReportSource,
  vendorId: number,
  dates: readonly string[],
): Promise<Map<string, OrderDayRecord>> {
  await reportStorageReady();
  const model = orderDayModel(source, vendorId);
  const documents = await Promise.all(
    dates.map((date) => model.findById(dayId(vendorId, date)).lean<OrderDayRecord>().exec()),
  );
  const byDate = new Map<string, OrderDayRecord>();
  for (const document of documents) {
    if (document) byDate.set(idSuffix(document._id), { ...document, _id: idSuffix(document._id) });
  }
  return byDate;
}

/**
 * The rows of every saved day of the range, ascending, one day document at a time (the CSV downloads stream
 * from here). Days are fetched by `_id` from the dates the rollups list, not through a cursor: FerretDB
 * answers a cursor's getMore with up to 16 MB whatever the batch size, and pushes down nothing but a lone `_id`
 * equality. The next day is read while the consumer works on the current one, so at most two days are in
 * memory and the database and the CSV formatting overlap.
 */
export async function* iterateDays(
  cache: ReportReads,
  source: ReportSource,
  vendorId: number,
  startDate: string,
  endDate: string,
): AsyncGenerator<Pick<ReportDayRecord, '_id' | 'rows'>> {
  const dates = (await readDailyRollups(cache, source, vendorId, startDate, endDate)).map(({ date }) => date);
  const read = (index: number): Promise<ReportDayRecord | null> | undefined => {
    const date = dates[index];
    if (date === undefined) return undefined;
    const pending = readStoredDay(source, vendorId, date, 'rows');
    // Handled where it is awaited; this only keeps a read ahead of an abandoned download from going unhandled.
    pending.catch(() => undefined);
    return pending;
  };
  let next = read(0);
  for (let index = 0; next; index += 1) {
    const current = next;
    next = read(index + 1);
    const document = await current;
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

/**
 * Report data that cannot be written: a day's sum that is not finite or passes the contract's bounds
 * (MAX_REPORT_AMOUNT, MAX_REPORT_COUNT). Thrown before anything of the day's partition is written. Writing it
 * again fails the same way: an upload journal holding such a day is set aside, not retried (upload-journal.ts).
 */
export class ReportBoundsError extends Error {
  override readonly name = 'ReportBoundsError';
}

const TOTAL_BOUNDS: readonly (readonly [keyof Totals, number])[] = [
  ['rows', MAX_REPORT_COUNT],
  ['clicks', MAX_REPORT_COUNT],
  ['salesCount', MAX_REPORT_COUNT],
  ['sales', MAX_REPORT_AMOUNT],
  ['earnings', MAX_REPORT_AMOUNT],
];

/** Throws {@link ReportBoundsError} when a sum of the day's rows (per row type) is not finite or over its bound. */
export function checkDayBounds(source: ReportSource, vendorId: number, date: string, rows: readonly StoredRow[]): void {
  const rollup = rollupOf(rows, []);
  for (const type of ['cpc', 'cpa'] as const) {
    const totals = rollup[type];
    if (!totals) continue;
    for (const [field, bound] of TOTAL_BOUNDS) {
      // `!(a >= 0 && a <= b)` is true for NaN and the infinities too.
      if (!(totals[field] >= 0 && totals[field] <= bound)) {
        throw new ReportBoundsError(
          `The ${type.toUpperCase()} ${field} of vendor ${String(vendorId)} on ${date} (${source}) sum to ` +
            `${String(totals[field])}, outside 0 to ${String(bound)}: the day cannot be written.`,
        );
      }
    }
  }
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
  /** The writing app's report cache, which forgets what this rewrites; writers outside an app have none. */
  cache?: ReportCache | undefined;
}

function isDuplicateKeyError(error: unknown): boolean {
  return (error as { code?: number }).code === 11000;
}

interface DatedDocument {
  /** `<vendorId:8 digits>:<YYYY-MM-DD>`. */
  _id: string;
}

/**
 * Puts day documents in place: inserted for fresh ids, replaced by `_id` otherwise; `remove` lists ids whose
 * document must go. Idempotent. Writes go out in bounded batches (shared/db-limits.ts): a save over days already
 * saved is all replacements, the write FerretDB v1 hangs on when too many are in flight.
 */
async function putDays<T extends DatedDocument>(
  model: Model<T>,
  documents: readonly T[],
  remove: readonly string[],
  freshIds: ReadonlySet<string>,
): Promise<void> {
  const fresh = documents.filter((document) => freshIds.has(document._id));
  const replace = documents.filter((document) => !freshIds.has(document._id));
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
    ...remove.filter((id) => !freshIds.has(id)).map((id) => ({ deleteOne: { filter: { _id: id } } })),
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
  await reportStorageReady();
  const rowDays: PackedDayDocument[] = [];
  const orderDays: OrderDayRecord[] = [];
  const withoutRows: string[] = [];
  const withoutOrders: string[] = [];
  const set: Record<string, DayRollup> = {};
  const unset: Record<string, ''> = {};
  let rowsWritten = 0;

  // Every day's sums are checked before any of the partition is written.
  for (const [date, content] of write.days) checkDayBounds(source, vendorId, date, content?.rows ?? []);
  for (const [date, content] of write.days) {
    const rows = content?.rows ?? [];
    const orders = content?.orders ?? [];
    const id = dayId(vendorId, date);
    if (rows.length > 0) rowDays.push({ _id: id, count: rows.length, packed: await packRows(rows), runId, savedAt });
    else withoutRows.push(id);
    if (orders.length > 0) orderDays.push({ _id: id, orders, runId, savedAt });
    else withoutOrders.push(id);
    if (rows.length > 0 || orders.length > 0) set[`days.${date}`] = rollupOf(rows, orders);
    else unset[`days.${date}`] = '';
    rowsWritten += rows.length;
  }

  const freshIds = new Set([...write.freshDates].map((date) => dayId(vendorId, date)));
  await Promise.all([
    putDays(dayModel(source, vendorId), rowDays, withoutRows, freshIds),
    putDays(orderDayModel(source, vendorId), orderDays, withoutOrders, freshIds),
  ]);

  const update: Record<string, unknown> = {};
  if (Object.keys(set).length > 0) update['$set'] = set;
  if (Object.keys(unset).length > 0) update['$unset'] = unset;
  if (Object.keys(update).length === 0) return rowsWritten;
  const after = await rollupModel(source, vendorId)
    .findOneAndUpdate({ _id: rollupId(vendorId, month) }, update, { upsert: true, returnDocument: 'after' })
    .lean<MonthRollupRecord>();
  write.cache?.forget(source, vendorId);

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
