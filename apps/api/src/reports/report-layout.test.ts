import mongoose from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';
import { readStoredDay, readStoredMonthRollup } from './report-documents';
import {
  FERRETDB_BUCKETS,
  MONGODB_BUCKETS,
  isFerretDb,
  listLegacyCollections,
  migrateLegacyReports,
  parseLegacyName,
  reportStorageReady,
} from './report-layout';
import { reportBuckets, type StoredRow } from './report-partition.model';
import { readOrderDays } from './report-store';
import { putStoredDay } from './testing/report-fixtures';

useTestApp();
beforeAll(() => reportStorageReady());

/** A document of any shape with a string `_id`. */
type Loose = { _id: string } & Record<string, unknown>;

const db = (): mongoose.mongo.Db => mongoose.connection.db as mongoose.mongo.Db;

const row = (clicks: number): StoredRow => ({
  merchantName: 'Nautica',
  domain: 'nautica.example',
  category: 'Apparel',
  country: 'us',
  device: 'desktop',
  placementId: 'p1',
  clickId: `c${String(clicks)}`,
  subId: '7001_p1_c1',
  isCPC: clicks % 2 === 0,
  clicks,
  salesCount: 1,
  sales: 12.5,
  earnings: clicks * 0.0731,
  earningsEur: clicks * 0.0674,
});

const totals = (clicks: number) => ({ cpc: { rows: 1, clicks, salesCount: 0, sales: 0, earnings: 1 }, orders: 1 });

/** What a save of the old layout left for a vendor: two days, their orders, and the month's rollup. */
async function seedLegacy(vendorId: number): Promise<void> {
  const savedAt = new Date('2025-05-03T00:00:00Z');
  await db()
    .collection<Loose>(`reports.kelkoo.${String(vendorId)}.2025-05`)
    .insertMany([
      { _id: '2025-05-01', rows: [row(1), row(2)], runId: 'old', savedAt },
      { _id: '2025-05-02', rows: [row(3)], runId: 'old', savedAt },
    ]);
  await db()
    .collection<Loose>(`reports.kelkoo.${String(vendorId)}.2025-05.orders`)
    .insertOne({
      _id: '2025-05-01',
      orders: [
        {
          orderId: 'o1',
          merchantName: 'Nautica',
          placementId: 'p1',
          isCPC: false,
          amount: 10,
          commission: 1,
          status: 'approved',
        },
      ],
      runId: 'old',
      savedAt,
    });
  await db()
    .collection<Loose>(`reports.kelkoo.${String(vendorId)}.rollups`)
    .insertOne({ _id: '2025-05', days: { '2025-05-01': totals(3), '2025-05-02': totals(3) } });
}

describe('report storage layout', () => {
  it('picks the bucket count from the server: 64 on FerretDB, 1 on MongoDB, recorded in the database', async () => {
    expect(reportBuckets()).toBe((await isFerretDb()) ? FERRETDB_BUCKETS : MONGODB_BUCKETS);
    const layout = await db().collection<Loose>('report_storage').findOne({ _id: 'layout' });
    expect(layout?.['buckets']).toBe(reportBuckets());
  });

  it('recognises only the old per-vendor collection names', () => {
    expect(parseLegacyName('reports.kelkoo.5001.2025-05')).toMatchObject({ kind: 'report_days', vendorId: 5001 });
    expect(parseLegacyName('reports.kelkoo.5001.2025-05.orders')).toMatchObject({ kind: 'report_orders' });
    expect(parseLegacyName('reports.connexity.17.rollups')).toMatchObject({ kind: 'report_rollups', vendorId: 17 });
    expect(parseLegacyName('reports.unknown.5001.2025-05')).toBeUndefined();
    expect(parseLegacyName('report_days.kelkoo.b03')).toBeUndefined();
    expect(parseLegacyName('tracked_clicks.2025-05-01')).toBeUndefined();
  });

  it('moves the old collections into the new layout, drops them, and a second run does nothing', async () => {
    await seedLegacy(7001);
    await seedLegacy(7002);
    expect(await listLegacyCollections()).toHaveLength(6);

    expect(await migrateLegacyReports()).toEqual({ collections: 6, documents: 8 });
    expect(await listLegacyCollections()).toEqual([]);
    for (const vendorId of [7001, 7002]) {
      expect((await readStoredDay('kelkoo', vendorId, '2025-05-01'))?.rows).toEqual([row(1), row(2)]);
      expect((await readStoredDay('kelkoo', vendorId, '2025-05-02'))?.rows).toEqual([row(3)]);
      expect((await readStoredDay('kelkoo', vendorId, '2025-05-02'))?.runId).toBe('old');
      expect((await readStoredMonthRollup('kelkoo', vendorId, '2025-05'))?.days['2025-05-02']).toEqual(totals(3));
      const orders = await readOrderDays('kelkoo', vendorId, ['2025-05-01', '2025-05-02']);
      expect([...orders.keys()]).toEqual(['2025-05-01']);
      expect(orders.get('2025-05-01')?.orders[0]?.orderId).toBe('o1');
    }
    expect(await migrateLegacyReports()).toEqual({ collections: 0, documents: 0 });
  });

  it('resumes a move interrupted before the drop, and never overwrites a day already in the new layout', async () => {
    await seedLegacy(7003);
    // A first attempt moved 2025-05-01 and stopped; then a newer save rewrote 2025-05-02 in the new layout.
    await putStoredDay('kelkoo', 7003, '2025-05-01', [row(1), row(2)], 'old');
    await putStoredDay('kelkoo', 7003, '2025-05-02', [row(9)], 'newer');

    expect(await migrateLegacyReports()).toMatchObject({ collections: 3 });
    expect(await listLegacyCollections()).toEqual([]);
    expect((await readStoredDay('kelkoo', 7003, '2025-05-01'))?.rows).toEqual([row(1), row(2)]);
    expect((await readStoredDay('kelkoo', 7003, '2025-05-02'))?.rows).toEqual([row(9)]);
    expect((await readStoredDay('kelkoo', 7003, '2025-05-02'))?.runId).toBe('newer');
  });

  it('keeps every value of a packed day exactly, including fractions and empty strings', async () => {
    const rows = [
      { ...row(1), earnings: 0.1 + 0.2, earningsEur: 1 / 3, clickId: '', subId: 'a,"b"\n' },
      { ...row(2), device: 'unknown' as const, sales: 1e-7, earnings: 123456789.123456 },
    ];
    await putStoredDay('connexity', 7004, '2025-06-01', rows);
    expect((await readStoredDay('connexity', 7004, '2025-06-01'))?.rows).toEqual(rows);
  });
});
