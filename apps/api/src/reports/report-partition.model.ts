import mongoose, { Schema, type Model } from 'mongoose';
import type { ReportSource } from '@publisher/contract';
import type { Device, SimulatedOrder, SimulatedRow } from './report-simulator';
import { tenantModel } from '../shared/tenant';

/**
 * Saved report data lives in a fixed set of collections per source, whatever the number of vendors:
 * - `report_days.<source>.b<NN>`: one document per (vendor, saved day), `_id` = `<vendorId:8 digits>:<YYYY-MM-DD>`,
 *   its rows packed (see report-day-codec.ts);
 * - `report_orders.<source>.b<NN>`: the same for the day's orders (My Orders only);
 * - `report_rollups.<source>.b<NN>`: one document per (vendor, month), `_id` = `<vendorId:8 digits>:<YYYY-MM>`, with
 *   the daily totals per CPC/CPA (the dashboards and summaries read these, and the detail pages their row counts).
 * `NN` is the vendor's bucket, vendorId mod B (report-layout.ts: B = 64 on FerretDB, 1 on MongoDB).
 *
 * Why: every read is an `_id` equality, with ids the caller can enumerate (dates and months of a range). FerretDB
 * v1 (SQLite) pushes down nothing but a lone `_id` equality on a string (`$in` and ranges are evaluated in Go,
 * ~50-80 µs per document of the collection), and even that one scans its SQLite table (the `_id` index is built
 * on another expression), so on FerretDB a read costs in proportion to its collection: the B buckets keep each
 * at 1/B of a source (measured: at 10,000 vendors, 4 ms per rollup read with B = 64, 440 ms with B = 1). On
 * MongoDB the same reads are `_id` index lookups, the collection count stays 3 x sources x B, and the zero-padded
 * vendor prefix makes `{ _id: 1 }` a range shard key that keeps each vendor's days together (docs/ARCHITECTURE.md,
 * "Report storage"). Saving a day replaces its document by `_id`, which makes a re-save idempotent and
 * duplicates impossible without transactions.
 */

/** A saved row: what the network reported, or an uploaded row (whose device is not known). */
export interface StoredRow extends Omit<SimulatedRow, 'device'> {
  device: Device | 'unknown';
}

/** A saved order, as the network reported it. */
export type StoredOrder = SimulatedOrder;

/** A saved day as the readers see it (decoded). */
export interface ReportDayRecord {
  /** The report date, YYYY-MM-DD. */
  _id: string;
  rows: StoredRow[];
  /** The report run (save or upload) that wrote it. */
  runId: string;
  savedAt: Date;
}

/** A saved day as stored: its rows packed into one binary field. */
export interface PackedDayDocument {
  /** `<vendorId:8 digits>:<YYYY-MM-DD>`. */
  _id: string;
  /** Rows packed in `packed`. */
  count: number;
  packed: Buffer;
  runId: string;
  savedAt: Date;
}

export interface OrderDayRecord {
  /** `<vendorId:8 digits>:<YYYY-MM-DD>` as stored; the order date (YYYY-MM-DD) once read. */
  _id: string;
  orders: StoredOrder[];
  runId: string;
  savedAt: Date;
}

/** Sums over the rows of one day and one type. */
export interface Totals {
  rows: number;
  clicks: number;
  salesCount: number;
  sales: number;
  earnings: number;
}

export interface DayRollup {
  cpc?: Totals;
  cpa?: Totals;
  /** Orders stored for the day (both types). */
  orders: number;
}

export interface MonthRollupRecord {
  /** `<vendorId:8 digits>:<YYYY-MM>` as stored; YYYY-MM once read. */
  _id: string;
  /** Keyed by date; a day without saved rows or orders has no entry. */
  days: Record<string, DayRollup>;
}

const orderSchema = new Schema<StoredOrder>(
  {
    orderId: { type: String, required: true },
    merchantName: { type: String, default: '' },
    placementId: { type: String, default: '' },
    isCPC: { type: Boolean, required: true },
    amount: { type: Number, required: true },
    commission: { type: Number, required: true },
    status: { type: String, enum: ['approved', 'pending', 'declined'], required: true },
  },
  { _id: false },
);

// Only the `_id` index: every read is an `_id` lookup or an `_id` range.
const partitionOptions = { versionKey: false, autoCreate: false, autoIndex: false } as const;

const reportDaySchema = new Schema<PackedDayDocument>(
  {
    _id: { type: String, required: true },
    count: { type: Number, required: true },
    packed: { type: Buffer, required: true },
    runId: { type: String, required: true },
    savedAt: { type: Date, required: true },
  },
  partitionOptions,
);

const orderDaySchema = new Schema<OrderDayRecord>(
  {
    _id: { type: String, required: true },
    orders: { type: [orderSchema], default: [] },
    runId: { type: String, required: true },
    savedAt: { type: Date, required: true },
  },
  partitionOptions,
);

const totalsSchema = new Schema<Totals>(
  {
    rows: { type: Number, required: true },
    clicks: { type: Number, required: true },
    salesCount: { type: Number, required: true },
    sales: { type: Number, required: true },
    earnings: { type: Number, required: true },
  },
  { _id: false },
);

const dayRollupSchema = new Schema<DayRollup>(
  {
    cpc: { type: totalsSchema, required: false },
    cpa: { type: totalsSchema, required: false },
    orders: { type: Number, required: true },
  },
  { _id: false },
);

const monthRollupSchema = new Schema<MonthRollupRecord>(
  {
    _id: { type: String, required: true },
    days: { type: Map, of: dayRollupSchema, default: {} },
  },
  partitionOptions,
);

/** Zero-padded so that ids sort by vendor, then date (range shard key on MongoDB). */
export const vendorKey = (vendorId: number): string => String(vendorId).padStart(8, '0');
/** `_id` of a day (rows or orders) document. */
export const dayId = (vendorId: number, date: string): string => `${vendorKey(vendorId)}:${date}`;
/** `_id` of a month rollup document. */
export const rollupId = (vendorId: number, month: string): string => `${vendorKey(vendorId)}:${month}`;
/** The date or month part of a day or rollup `_id`. */
export const idSuffix = (id: string): string => id.slice(id.indexOf(':') + 1);

export type ReportCollectionKind = 'report_days' | 'report_orders' | 'report_rollups';

/**
 * Buckets vendors are spread over; set once by report-layout.ts before any read or write. A fact of the database
 * (recorded in it), shared by every app on the process's one connection, so not app state.
 */
// eslint-disable-next-line state/no-module-state -- the database's layout, per connection (above)
let buckets = 1;
export function setReportBuckets(count: number): void {
  buckets = count;
}
export const reportBuckets = (): number => buckets;

export const bucketOf = (vendorId: number, count = buckets): number => vendorId % count;

export const reportCollectionName = (kind: ReportCollectionKind, source: ReportSource, bucket: number): string =>
  `${kind}.${source}.b${String(bucket).padStart(2, '0')}`;

/** Collections whose models stay compiled; older ones are dropped from mongoose's registry and rebuilt on use. */
const MAX_CACHED_MODELS = 512;
// eslint-disable-next-line state/no-module-state -- mirrors mongoose's own model registry, which is per process (per mongoose instance), not per app
const cached = new Map<string, Model<never>>();

/**
 * The model over one of these collections. Compiled on first use and kept in a small LRU cache (there are
 * 3 x sources x B of them).
 */
function modelFor<T>(schema: Schema<T>, collection: string): Model<T> {
  const hit = cached.get(collection) as Model<T> | undefined;
  if (hit) {
    cached.delete(collection);
    cached.set(collection, hit as unknown as Model<never>);
    return hit;
  }
  const name = `Report:${collection}`;
  const model = tenantModel(
    (mongoose.models[name] as Model<T> | undefined) ?? mongoose.model<T>(name, schema, collection),
  );
  cached.set(collection, model as unknown as Model<never>);
  for (const [oldName, oldest] of cached) {
    if (cached.size <= MAX_CACHED_MODELS) break;
    cached.delete(oldName);
    // In-flight queries keep their model object; only the registry entry goes.
    mongoose.deleteModel(oldest.modelName);
  }
  return model;
}

/** The saved days (packed rows) of the vendor's bucket of a source. */
export const dayModel = (source: ReportSource, vendorId: number): Model<PackedDayDocument> =>
  modelFor(reportDaySchema, reportCollectionName('report_days', source, bucketOf(vendorId)));

/** The saved orders of the vendor's bucket of a source. */
export const orderDayModel = (source: ReportSource, vendorId: number): Model<OrderDayRecord> =>
  modelFor(orderDaySchema, reportCollectionName('report_orders', source, bucketOf(vendorId)));

/** The monthly rollups of the vendor's bucket of a source. */
export const rollupModel = (source: ReportSource, vendorId: number): Model<MonthRollupRecord> =>
  modelFor(monthRollupSchema, reportCollectionName('report_rollups', source, bucketOf(vendorId)));
