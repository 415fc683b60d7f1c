import mongoose, { Schema, type Model } from 'mongoose';
import type { ReportSource } from '@publisher/contract';
import type { Device, SimulatedOrder, SimulatedRow } from './report-simulator';

/**
 * Saved report data lives in small collections per source and vendor:
 * - `reports.<source>.<vendorId>.<YYYY-MM>`: one document per saved day, `_id` = the date, with its rows;
 * - `reports.<source>.<vendorId>.<YYYY-MM>.orders`: the same for the day's orders (My Orders only);
 * - `reports.<source>.<vendorId>.rollups`: one document per month, `_id` = YYYY-MM, with the daily totals
 *   per CPC/CPA (the dashboards and summaries read these, and the detail pages their row counts).
 *
 * Why: FerretDB v1 (SQLite) evaluates every filter but `_id` equality outside SQLite, so a query costs time in
 * proportion to the whole collection it reads (measured: ~50-80 µs per document, 4-7 s for a paged query over
 * 100 000 rows, indexes or not), and even an `_id` lookup parses every document of its collection. A month
 * partition never holds more than 31 documents and a rollup collection one per month, so every read is an
 * `_id` lookup or a short scan whatever the size of the whole data set. On MongoDB the same reads are `_id`
 * index lookups and range scans. Saving a day replaces its document by `_id`, which makes a re-save
 * idempotent and duplicates impossible without transactions.
 */

/** A saved row: what the network reported, or an uploaded row (whose device is not known). */
export interface StoredRow extends Omit<SimulatedRow, 'device'> {
  device: Device | 'unknown';
}

/** A saved order, as the network reported it. */
export type StoredOrder = SimulatedOrder;

export interface ReportDayRecord {
  /** The report date, YYYY-MM-DD. */
  _id: string;
  rows: StoredRow[];
  /** The report run (save or upload) that wrote it. */
  runId: string;
  savedAt: Date;
}

export interface OrderDayRecord {
  /** The order date, YYYY-MM-DD. */
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
  /** YYYY-MM. */
  _id: string;
  /** Keyed by date; a day without saved rows or orders has no entry. */
  days: Record<string, DayRollup>;
}

const rowSchema = new Schema<StoredRow>(
  {
    merchantName: { type: String, default: '' },
    domain: { type: String, default: '' },
    category: { type: String, default: '' },
    country: { type: String, default: '' },
    device: { type: String, required: true },
    placementId: { type: String, default: '' },
    clickId: { type: String, default: '' },
    subId: { type: String, default: '' },
    isCPC: { type: Boolean, required: true },
    clicks: { type: Number, required: true },
    salesCount: { type: Number, required: true },
    sales: { type: Number, required: true },
    earnings: { type: Number, required: true },
    earningsEur: { type: Number, required: true },
  },
  { _id: false },
);

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

const reportDaySchema = new Schema<ReportDayRecord>(
  {
    _id: { type: String, required: true },
    rows: { type: [rowSchema], default: [] },
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

const partitionCollectionName = (source: ReportSource, vendorId: number, month: string): string =>
  `reports.${source}.${String(vendorId)}.${month}`;
const ordersCollectionName = (source: ReportSource, vendorId: number, month: string): string =>
  `${partitionCollectionName(source, vendorId, month)}.orders`;
const rollupCollectionName = (source: ReportSource, vendorId: number): string =>
  `reports.${source}.${String(vendorId)}.rollups`;

/** Collections whose models stay compiled; older ones are dropped from mongoose's registry and rebuilt on use. */
const MAX_CACHED_MODELS = 512;
const cached = new Map<string, Model<never>>();

/**
 * The model over one of these collections. Compiled on first use and kept in a small LRU cache, so a
 * long-running API that reads many vendors and months does not grow mongoose's model registry without bound.
 */
function modelFor<T>(schema: Schema<T>, collection: string): Model<T> {
  const hit = cached.get(collection) as Model<T> | undefined;
  if (hit) {
    cached.delete(collection);
    cached.set(collection, hit as unknown as Model<never>);
    return hit;
  }
  const name = `Report:${collection}`;
  const model = (mongoose.models[name] as Model<T> | undefined) ?? mongoose.model<T>(name, schema, collection);
  cached.set(collection, model as unknown as Model<never>);
  for (const [oldName, oldest] of cached) {
    if (cached.size <= MAX_CACHED_MODELS) break;
    cached.delete(oldName);
    // In-flight queries keep their model object; only the registry entry goes.
    mongoose.deleteModel(oldest.modelName);
  }
  return model;
}

/** The saved days (rows) of one source, vendor and month. */
export const dayModel = (source: ReportSource, vendorId: number, month: string): Model<ReportDayRecord> =>
  modelFor(reportDaySchema, partitionCollectionName(source, vendorId, month));

/** The saved orders of one source, vendor and month. */
export const orderDayModel = (source: ReportSource, vendorId: number, month: string): Model<OrderDayRecord> =>
  modelFor(orderDaySchema, ordersCollectionName(source, vendorId, month));

/** The monthly rollups of one source and vendor. */
export const rollupModel = (source: ReportSource, vendorId: number): Model<MonthRollupRecord> =>
  modelFor(monthRollupSchema, rollupCollectionName(source, vendorId));
