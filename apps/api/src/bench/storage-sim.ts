/**
 * Storage simulation helper (not part of the app), run by `npm run storage:sim`: seeds VENDORS vendors with DAYS
 * saved connexity days each (ROWS rows a day, orders for every tenth vendor) into the database it is pointed at,
 * in the layout the API uses, then counts collections and indexes and times the hot reads on sample vendors,
 * cold (nothing cached): the dashboard's rollups, a conversion report page, and a CSV download's first byte.
 * Prints one JSON line. Usage: MONGODB_URI=... MONGODB_DB_NAME=... tsx src/bench/storage-sim.ts <vendors> <days> <rows>
 */
import mongoose from 'mongoose';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../config/env';
import { addDays, eachDate, monthOf } from '@publisher/contract';
import { packRows } from '../reports/report-day-codec';
import { configureReportStorage, reportStorageReady } from '../reports/report-layout';
import {
  dayId,
  dayModel,
  orderDayModel,
  reportBuckets,
  rollupId,
  rollupModel,
  type DayRollup,
  type StoredRow,
} from '../reports/report-partition.model';
import { detailCsv } from '../reports/reports.csv';
import { detailPage, detailRowBatches } from '../reports/reports.service';
import { readDailyRollups } from '../reports/report-store';
import { createReportCache } from '../reports/rollup-cache';
import { connectDatabase, disconnectDatabase } from '../shared/db';
import { inExclusiveBatches } from '../shared/db-limits';

const [vendorsText, daysText, rowsText] = process.argv.slice(2);
const vendors = Number(vendorsText);
const days = Number(daysText ?? '3');
const rowsPerDay = Number(rowsText ?? '20');
if (![vendors, days, rowsPerDay].every((value) => Number.isInteger(value) && value > 0)) {
  throw new Error('usage: storage-sim.ts <vendors> <days> <rows per day>');
}
/** Vendors the reads are timed on (each read once, so every read is cold). */
const SAMPLES = 30;
const FIRST_VENDOR = 10_001;

const config = loadConfig();
if (!config.mongodbUri) throw new Error('MONGODB_URI is required');
await connectDatabase(config.mongodbUri, config.dbName);
configureReportStorage({ buckets: config.reportBuckets, serverBranches: config.dbServerBranches });
await reportStorageReady();

const end = '2026-03-10';
const dates = eachDate(addDays(end, -(days - 1)), end);
const row = (vendorId: number, index: number): StoredRow => ({
  merchantName: `Sim Merchant ${String(index % 40)}`,
  domain: `sim-merchant-${String(index % 40)}.example`,
  category: `Category ${String(index % 7)}`,
  country: 'us',
  device: 'desktop',
  placementId: `pl-${String(index % 5)}`,
  clickId: `ck-${String(index)}`,
  subId: `${String(vendorId)}_pl-${String(index % 5)}_ck-${String(index)}`,
  isCPC: index % 3 !== 0,
  clicks: 1 + (index % 17),
  salesCount: index % 2,
  sales: (index % 2) * 42.5,
  earnings: (1 + (index % 17)) * 0.0731,
  earningsEur: (1 + (index % 17)) * 0.0674,
});

// ---- seed: the documents a save writes, inserted in bulk per collection ----
const seedStarted = performance.now();
const rows = (vendorId: number): StoredRow[] => Array.from({ length: rowsPerDay }, (_, index) => row(vendorId, index));
const rollupOf = (dayRows: readonly StoredRow[], orders: number): DayRollup => {
  const rollup: DayRollup = { orders };
  for (const stored of dayRows) {
    const totals = (rollup[stored.isCPC ? 'cpc' : 'cpa'] ??= {
      rows: 0,
      clicks: 0,
      salesCount: 0,
      sales: 0,
      earnings: 0,
    });
    totals.rows += 1;
    totals.clicks += stored.clicks;
    totals.salesCount += stored.salesCount;
    totals.sales += stored.sales;
    totals.earnings += stored.earnings;
  }
  return rollup;
};
const byCollection = new Map<string, { model: mongoose.Model<never>; documents: unknown[] }>();
const add = (model: mongoose.Model<never>, document: unknown): void => {
  const name = model.collection.collectionName;
  const entry = byCollection.get(name) ?? { model, documents: [] };
  entry.documents.push(document);
  byCollection.set(name, entry);
};
const savedAt = new Date();
for (let vendorId = FIRST_VENDOR; vendorId < FIRST_VENDOR + vendors; vendorId += 1) {
  const dayRows = rows(vendorId);
  const packed = await packRows(dayRows);
  const withOrders = vendorId % 10 === 0;
  const months = new Map<string, Record<string, DayRollup>>();
  for (const date of dates) {
    add(dayModel('connexity', vendorId) as unknown as mongoose.Model<never>, {
      _id: dayId(vendorId, date),
      count: dayRows.length,
      packed,
      runId: 'sim',
      savedAt,
    });
    if (withOrders) {
      add(orderDayModel('connexity', vendorId) as unknown as mongoose.Model<never>, {
        _id: dayId(vendorId, date),
        orders: [
          {
            orderId: `o-${String(vendorId)}-${date}`,
            merchantName: 'Sim Merchant 1',
            placementId: 'pl-1',
            isCPC: false,
            amount: 10,
            commission: 1,
            status: 'approved',
          },
        ],
        runId: 'sim',
        savedAt,
      });
    }
    const month = months.get(monthOf(date)) ?? {};
    month[date] = rollupOf(dayRows, withOrders ? 1 : 0);
    months.set(monthOf(date), month);
  }
  for (const [month, monthDays] of months) {
    add(rollupModel('connexity', vendorId) as unknown as mongoose.Model<never>, {
      _id: rollupId(vendorId, month),
      days: monthDays,
    });
  }
}
let documents = 0;
for (const { model, documents: batch } of byCollection.values()) {
  documents += batch.length;
  await inExclusiveBatches(batch, (part) => model.collection.insertMany(part as never[], { ordered: false }));
}
const seedSeconds = (performance.now() - seedStarted) / 1000;

// ---- count ----
const db = mongoose.connection.db as mongoose.mongo.Db;
const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map(({ name }) => name);
const reportNames = names.filter((name) => /^report_(days|orders|rollups)\./.test(name));
let indexes = 0;
for (const name of reportNames) indexes += (await db.collection(name).listIndexes().toArray()).length;

// ---- time the hot reads, cold, on sample vendors ----
const sampleVendors = (offset: number): number[] =>
  Array.from({ length: Math.min(SAMPLES, vendors) }, (_, index) => {
    const step = Math.max(1, Math.floor(vendors / SAMPLES));
    return FIRST_VENDOR + ((index * step + offset) % vendors);
  });
async function timed(vendorIds: readonly number[], read: (vendorId: number) => Promise<unknown>) {
  const times: number[] = [];
  for (const vendorId of vendorIds) {
    const started = performance.now();
    await read(vendorId);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share: number): number => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0;
  return { p50: Number(at(0.5).toFixed(2)), p95: Number(at(0.95).toFixed(2)) };
}
// A cache of its own, as an app would read through; each sample vendor is read once, so it holds nothing twice.
const reports = createReportCache();
const range = { startDate: dates[0] as string, endDate: end };
const rollup = await timed(sampleVendors(0), async (vendorId) => {
  const found = await readDailyRollups(reports, 'connexity', vendorId, range.startDate, range.endDate);
  if (found.length !== dates.length) throw new Error(`vendor ${String(vendorId)}: ${String(found.length)} days`);
});
const page = await timed(sampleVendors(1), async (vendorId) => {
  const result = await detailPage(reports, 'connexity', vendorId, { ...range, offset: 10, limit: 25 });
  if (result.rows.length === 0) throw new Error(`vendor ${String(vendorId)}: empty page`);
});
const csvFirstByte = await timed(sampleVendors(2), async (vendorId) => {
  const stream = detailCsv.connexity(detailRowBatches(reports, 'connexity', vendorId, range));
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    if (chunk.length > 0) break;
  }
  stream.destroy();
});

console.log(
  JSON.stringify({
    vendors,
    days,
    rowsPerDay,
    buckets: reportBuckets(),
    documents,
    seedSeconds: Number(seedSeconds.toFixed(1)),
    collections: reportNames.length,
    /** What the old layout (a collection per vendor and month, and per vendor for rollups) held for the same data. */
    oldLayoutCollections: (vendors + Math.ceil(vendors / 10)) * new Set(dates.map(monthOf)).size + vendors,
    allCollections: names.length,
    indexes,
    rollup,
    page,
    csvFirstByte,
  }),
);
await disconnectDatabase();
