import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, REPORT_SOURCES, todayUtc } from '@publisher/contract';
import { seedReports } from '../seed/report-seed';
import { buildVendor, type BuiltVendor } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import { saveReports, unsavedDates } from './report-ingest.service';
import { SavedMonthModel } from './report-saved-month.model';
import { ALL_SOURCES_MENU, SAVE_PATHS, buildAdmin } from './testing/report-fixtures';

/**
 * Saves over days already saved are all replacements: the write FerretDB v1 hangs on, for good, when about a
 * hundred are in flight. These tests write enough vendors and days that an unbounded save has far more than that
 * in flight (26 days of 9 vendors: 234 vendor-day replacements per save), then check the database still answers.
 */
const ctx = useTestApp();
const VENDORS = 8;
const today = todayUtc();
const endDate = addDays(today, -2);
const DAYS = 26;
const startDate = addDays(endDate, -(DAYS - 1));

let admin: BuiltVendor;
let vendors: BuiltVendor[];

beforeAll(async () => {
  admin = await buildAdmin();
  vendors = [];
  for (let index = 0; index < VENDORS; index += 1) vendors.push(await buildVendor({ menu: ALL_SOURCES_MENU }));
});

async function signsIn(vendor: BuiltVendor): Promise<number> {
  const res = await request(ctx.app)
    .post('/auth/signin')
    .send({ email: vendor.user.email, password: vendor.password })
    .timeout(10_000);
  return res.status;
}

describe('saving a long range over days already saved', () => {
  it.each(['shoppermeet', 'newdashboard'] as const)(
    '%s: a 26-day save, then the same save again, then sign-in still works',
    async (source) => {
      for (let round = 0; round < 2; round += 1) {
        const res = await request(ctx.app)
          .get(SAVE_PATHS[source](startDate, endDate))
          .set('Authorization', admin.token)
          .timeout(60_000);
        expect(res.status).toBe(200);
        expect(res.body.run.status).toBe('success');
      }
      expect(await unsavedDates(source, startDate, endDate)).toEqual([]);
      expect(await signsIn(vendors[0] as BuiltVendor)).toBe(200);
    },
    120_000,
  );
});

describe('a save cut off by a crash', () => {
  it('does not wedge the next start: the start-up seed redoes the interrupted days and the API answers', async () => {
    const source = REPORT_SOURCES[0];
    await saveReports({ source, startDate, endDate, today });
    // What a crash mid-save leaves: write-ahead entries still `writing`, listing every vendor as pending.
    const months = [...new Set([startDate.slice(0, 7), endDate.slice(0, 7)])];
    for (const month of months) {
      const record = await SavedMonthModel.findById(`${source}|${month}`).lean();
      const update: Record<string, unknown> = {};
      for (const [date, entry] of Object.entries(record?.days ?? {})) {
        update[`days.${date}`] = { ...entry, status: 'writing', pendingVendorIds: entry.vendorIds };
      }
      await SavedMonthModel.updateOne({ _id: `${source}|${month}` }, { $set: update });
    }
    expect((await unsavedDates(source, startDate, endDate)).length).toBe(DAYS);

    const summary = await seedReports({ days: DAYS + 2, today });
    expect(summary).toMatch(/saved \d+ source-days/);
    expect(await unsavedDates(source, startDate, endDate)).toEqual([]);
    expect(await signsIn(vendors[1] as BuiltVendor)).toBe(200);
  }, 240_000);
});
