/**
 * Benchmark helper (not part of the app): writes ROWS connexity rows for one vendor over the last DAYS days
 * through the same store the saves use, so `npm run bench` can stream a CSV of that size.
 * Usage: MONGODB_URI=... MONGODB_DB_NAME=... tsx src/bench/write-csv-volume.ts <vendorId> <rows> <days>
 */
import { loadConfig } from '../config/env';
import { addDays, eachDate, monthOf, todayUtc } from '@publisher/contract';
import type { StoredRow } from '../reports/report-partition.model';
import { writePartition, type DayContent } from '../reports/report-store';
import { connectDatabase, disconnectDatabase } from '../shared/db';
import { configureReportStorage } from '../reports/report-layout';

const [vendorText, rowsText, daysText] = process.argv.slice(2);
const vendorId = Number(vendorText);
const totalRows = Number(rowsText);
const days = Number(daysText);
if (!Number.isInteger(vendorId) || !Number.isInteger(totalRows) || !Number.isInteger(days)) {
  throw new Error('usage: write-csv-volume.ts <vendorId> <rows> <days>');
}
const config = loadConfig();
if (!config.mongodbUri) throw new Error('MONGODB_URI is required');
await connectDatabase(config.mongodbUri, config.dbName);
configureReportStorage({ buckets: config.reportBuckets, serverBranches: config.dbServerBranches });

const end = addDays(todayUtc(), -1);
const dates = eachDate(addDays(end, -(days - 1)), end);
const perDay = Math.ceil(totalRows / dates.length);
const row = (date: string, index: number): StoredRow => ({
  merchantName: `Bench Merchant ${index % 400}`,
  domain: `bench-merchant-${index % 400}.example`,
  category: `Category ${index % 25}`,
  country: 'us',
  device: 'desktop',
  placementId: `pl-${index % 50}`,
  clickId: `ck-${date}-${index}`,
  subId: `${vendorId}_pl-${index % 50}_ck-${index}`,
  isCPC: index % 3 !== 0,
  clicks: 1 + (index % 97),
  salesCount: index % 5,
  sales: (index % 5) * 42.5,
  earnings: (1 + (index % 97)) * 0.0731,
  earningsEur: (1 + (index % 97)) * 0.0674,
});

const started = Date.now();
let written = 0;
const byMonth = new Map<string, string[]>();
for (const date of dates) byMonth.set(monthOf(date), [...(byMonth.get(monthOf(date)) ?? []), date]);
for (const [month, monthDates] of byMonth) {
  const content = new Map<string, DayContent>();
  for (const date of monthDates) {
    content.set(date, { rows: Array.from({ length: perDay }, (_, index) => row(date, index)), orders: [] });
  }
  written += await writePartition({
    source: 'connexity',
    vendorId,
    month,
    days: content,
    // The bench writes for a vendor created just before, so every date is new: bulk inserts, no replaces.
    freshDates: new Set(monthDates),
    runId: 'bench-volume',
    savedAt: new Date(),
  });
}
console.log(
  JSON.stringify({ rows: written, startDate: dates[0], endDate: end, seconds: (Date.now() - started) / 1000 }),
);
await disconnectDatabase();
