import mongoose from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import { MONGODB_BUCKETS, reportStorageReady } from './report-layout';
import { reportBuckets, reportCollectionName } from './report-partition.model';
import { ALL_SOURCES_MENU, buildAdmin, expectedDay, saveDate, storedRowsOf } from './testing/report-fixtures';

/*
 * The branches MongoDB takes, run on whatever server the tests have (FerretDB on these machines):
 * DB_SERVER_BRANCHES=mongodb makes the API take them without asking the server. Today the only such branch is
 * the report layout's bucket count (one bucket on MongoDB, 64 on FerretDB: report-layout.ts).
 */
const ctx = useTestApp({ dbServerBranches: 'mongodb' });
beforeAll(() => reportStorageReady());

const DAY = '2025-03-04';

describe("MongoDB's branches, forced (DB_SERVER_BRANCHES=mongodb)", () => {
  it('lays the reports out in one bucket, as on MongoDB, and records that in the database', async () => {
    expect(reportBuckets()).toBe(MONGODB_BUCKETS);
    const layout = await mongoose.connection.db
      ?.collection<{ _id: string }>('report_storage')
      .findOne({ _id: 'layout' });
    expect(layout).toMatchObject({ buckets: MONGODB_BUCKETS });
  });

  it('saves every vendor of a source into its one collection and reads the reports back from it', async () => {
    const admin = await buildAdmin();
    const vendors = [await buildVendor({ menu: ALL_SOURCES_MENU }), await buildVendor({ menu: ALL_SOURCES_MENU })];
    await saveDate(ctx.app, admin.token, 'kelkoo', DAY);

    const names = (await mongoose.connection.db?.listCollections({}, { nameOnly: true }).toArray())?.map(
      (collection) => collection.name,
    );
    expect(names?.filter((name) => name.startsWith('report_days.kelkoo.'))).toEqual([
      reportCollectionName('report_days', 'kelkoo', 0),
    ]);
    for (const vendor of vendors) {
      const expected = expectedDay('kelkoo', vendor.user.vendorId, vendor.user.menu, DAY).rows;
      expect(expected.length).toBeGreaterThan(0);
      expect((await storedRowsOf('kelkoo', vendor.user.vendorId, DAY)).map((row) => ({ ...row }))).toEqual(expected);
      const report = await request(ctx.app)
        .post('/kelkoo/getConversionReports')
        .set('Authorization', vendor.token)
        .send({ startDate: DAY, endDate: DAY, pageSize: 500 });
      expect(report.status).toBe(200);
      expect(report.body.totalRecords).toBe(expected.length);
    }
  });
});
