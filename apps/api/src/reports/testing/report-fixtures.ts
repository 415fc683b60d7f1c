import request from 'supertest';
import type { Express } from 'express';
import {
  conversionReportResponseSchema,
  type Menu,
  type ReportSource,
  todayUtc,
  type UploadRow,
} from '@publisher/contract';
import { buildVendor, type BuiltVendor, type VendorOverrides } from '../../testing/factories';
import { packRows } from '../report-day-codec';
import { readStoredDay } from '../report-documents';
import { reportStorageReady } from '../report-layout';
import { dayId, dayModel, type StoredRow } from '../report-partition.model';
import { coverageOf, simulateDay, type SimulatedOrder, type SimulatedRow } from '../report-simulator';

/** Every deep link on, both types: the vendor every source covers. */
export const ALL_SOURCES_MENU: Menu = {
  merchants: true,
  products: true,
  deeplink1: { cpc: true, cpa: true },
  deeplink2: { cpc: true, cpa: true },
  deeplink3: { cpc: true, cpa: true },
  deeplink4: { cpc: true, cpa: true },
  deeplink5: { cpc: true, cpa: true },
};

/** Only deep links 1 (connexity): the default menu of a new vendor. */
export const CONNEXITY_ONLY_MENU: Menu = {
  ...ALL_SOURCES_MENU,
  deeplink2: { cpc: false, cpa: false },
  deeplink3: { cpc: false, cpa: false },
  deeplink4: { cpc: false, cpa: false },
  deeplink5: { cpc: false, cpa: false },
};

export const buildAdmin = (overrides: VendorOverrides = {}): Promise<BuiltVendor> =>
  buildVendor({ role: 'admin', menu: ALL_SOURCES_MENU, ...overrides });

export const SAVE_PATHS: Record<ReportSource, (start: string, end: string) => string> = {
  connexity: (start) => `/home/saveDailyReports?startDate=${start}`,
  newdashboard: (start, end) => `/newdashboard/saveDailyReports?startDate=${start}&endDate=${end}`,
  doneoftheownou: (start) => `/doneoftheownou/saveDailyReports?date=${start}`,
  shoppermeet: (start, end) => `/shoppermeet/saveDailyReports?startDate=${start}&endDate=${end}`,
  kelkoo: (start, end) => `/kelkoo/saveDailyReports?startDate=${start}&endDate=${end}`,
};

/** Saves one date of a source through the API, as the admin; fails the test on anything but 200. */
export async function saveDate(app: Express, adminToken: string, source: ReportSource, date: string) {
  const res = await request(app).get(SAVE_PATHS[source](date, date)).set('Authorization', adminToken);
  if (res.status !== 200) throw new Error(`save ${source} ${date}: ${String(res.status)} ${JSON.stringify(res.body)}`);
  return res;
}

/** The rows and orders the simulator gives a vendor with this menu (what a save must store). */
export function expectedDay(
  source: ReportSource,
  vendorId: number,
  menu: Menu,
  date: string,
): { rows: SimulatedRow[]; orders: SimulatedOrder[] } {
  const coverage = coverageOf(source, menu);
  if (!coverage) return { rows: [], orders: [] };
  const day = simulateDay(source, vendorId, date, todayUtc());
  const keeps = (isCPC: boolean) => (isCPC ? coverage.cpc : coverage.cpa);
  return { rows: day.rows.filter((row) => keeps(row.isCPC)), orders: day.orders.filter((order) => keeps(order.isCPC)) };
}

export function uploadRow(overrides: Partial<UploadRow> & Pick<UploadRow, 'CAMPAIGN_ID' | 'FROM_DATE'>): UploadRow {
  return {
    TO_DATE: overrides.FROM_DATE,
    PLACEMENT_ID: 'hp-top',
    CLICKS: 10,
    SALES_COUNT: 1,
    SALES: 50,
    EARNINGS: 2.5,
    CONVERSION_RATE: 10,
    CPC: 0.25,
    ...overrides,
  };
}

export async function uploadRows(app: Express, adminToken: string, rows: UploadRow[], uniqueDates?: string[]) {
  const dates = uniqueDates ?? [...new Set(rows.map((row) => row.FROM_DATE))];
  return request(app)
    .post('/home/createBulkReports')
    .set('Authorization', adminToken)
    .send({ reports: rows, uniqueDates: dates });
}

export const sum = <T>(items: readonly T[], value: (item: T) => number): number =>
  items.reduce((total, item) => total + value(item), 0);

/** PLACEMENT_ID of each row of a conversion report 1 answer. */
export const placementsOf = (body: unknown): string[] =>
  conversionReportResponseSchema.parse(body).reportsData.map((row) => row.PLACEMENT_ID);

/** Rows stored for a vendor, source and date, read straight from the database (no cache). */
export async function storedRowsOf(source: ReportSource, vendorId: number, date: string): Promise<StoredRow[]> {
  return (await readStoredDay(source, vendorId, date))?.rows ?? [];
}

/** Writes a saved day directly (as another process, or a crashed save, would leave it). */
export async function putStoredDay(
  source: ReportSource,
  vendorId: number,
  date: string,
  rows: readonly StoredRow[],
  runId = 'test',
): Promise<void> {
  await reportStorageReady();
  await dayModel(source, vendorId).replaceOne(
    { _id: dayId(vendorId, date) },
    { _id: dayId(vendorId, date), count: rows.length, packed: await packRows(rows), runId, savedAt: new Date() },
    { upsert: true },
  );
}
