import {
  MAX_PAGE_SIZE,
  REPORT_SOURCES,
  type Aggregation,
  type EarningsReportResponse,
  type Order,
  type QualityGroupBy,
  type QualityReportResponse,
  type ReportSource,
  type ReportSummary,
  type SummaryByDateRow,
  TOP_PERFORMERS_LIMIT,
  type TopPerformersResponse,
} from '@publisher/contract';
import type { z } from 'zod';
import type { apiLogEntrySchema, categoryQualityRowSchema, merchantQualityRowSchema } from '@publisher/contract';
import { UserModel } from '../auth/user.model';
import { ApiCallTotalModel, type ApiCallTotalRecord } from './api-call.model';
import { merchantByName } from './report-merchants';
import type { StoredRow, Totals } from './report-partition.model';
import { ReportRunModel, type ReportRunRecord } from './report-run.model';
import {
  addTotals,
  emptyTotals,
  iterateDays,
  periodOf,
  readDailyRollups,
  readDays,
  readMonthRollups,
  readOrderDays,
  type ReportReads,
  rowTotals,
  totalsOf,
} from './report-store';
import { VendorIndexModel, type VendorIndexRecord } from './report-vendor-index.model';
import { presentOrder, ratio, type DatedRow } from './reports.presenter';

/**
 * The read side of the reports: everything comes from saved data only (a date never saved has no rows).
 * Dashboards and summaries read the daily rollups; detail pages read only the saved days a page covers.
 * Averages are ratios of sums, 0 when the divisor is 0.
 */

export type MerchantQualityRow = z.infer<typeof merchantQualityRowSchema>;
export type CategoryQualityRow = z.infer<typeof categoryQualityRowSchema>;
export type ApiLogEntry = z.infer<typeof apiLogEntrySchema>;

export interface RangeQuery {
  startDate: string;
  endDate: string;
  /** true: CPC rows only; false: CPA rows only; undefined: both. */
  isCPC?: boolean | undefined;
}

export interface PeriodQuery extends RangeQuery {
  aggregation: Aggregation;
}

export interface PageQuery extends RangeQuery {
  /** Rows to skip. */
  offset: number;
  limit: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

// ---------- sums ----------

const rowMatches = (isCPC: boolean | undefined) => (row: StoredRow) => isCPC === undefined || row.isCPC === isCPC;

interface PeriodTotals {
  date: string;
  totals: Totals;
}

interface RangeTotals {
  /** Both types (of those requested). */
  overall: Totals;
  /** The CPC rows and the CPA rows among them. */
  cpc: Totals;
  cpa: Totals;
}

/**
 * Rollup totals per period (days without rows of the requested type are left out), and over the range, also
 * split by type. The days come ascending, so each period's days are consecutive. A period is named by its first
 * day inside the range: a week or month that began before the range's start is named by the start date, so no
 * row claims days the range does not hold.
 */
async function rollupPeriods(
  cache: ReportReads,
  source: ReportSource,
  vendorId: number,
  query: PeriodQuery,
): Promise<{ periods: PeriodTotals[] } & RangeTotals> {
  const days = await readDailyRollups(cache, source, vendorId, query.startDate, query.endDate);
  const periods: PeriodTotals[] = [];
  const overall = emptyTotals();
  const cpc = emptyTotals();
  const cpa = emptyTotals();
  let current: PeriodTotals | undefined;
  for (const day of days) {
    const totals = totalsOf(day, query.isCPC);
    if (totals.rows === 0) continue;
    addTotals(overall, totals);
    // Summed in the same order as a summary of one type, so the split equals that summary to the last bit.
    if (query.isCPC !== false) addTotals(cpc, day.totals.cpc);
    if (query.isCPC !== true) addTotals(cpa, day.totals.cpa);
    // A day is its own daily period.
    if (query.aggregation === 'daily') {
      periods.push({ date: day.date, totals });
      continue;
    }
    const start = periodOf(day, query.aggregation);
    const date = start < query.startDate ? query.startDate : start;
    if (current?.date !== date) {
      current = { date, totals: emptyTotals() };
      periods.push(current);
    }
    addTotals(current.totals, totals);
  }
  return { periods, overall, cpc, cpa };
}

/** Presents period rows from a period's date and totals. */
const periodRows =
  <T extends object>(present: (date: string, totals: Totals) => T): ((period: PeriodTotals) => T) =>
  ({ date, totals }) =>
    present(date, totals);

const earningsRow = periodRows((date, totals) => ({
  date,
  redirects: totals.clicks,
  estimatedEarnings: totals.earnings,
  cpc: ratio(totals.earnings, totals.clicks),
  salesCount: totals.salesCount,
  salesAmount: totals.sales,
  conversionRate: ratio(totals.salesCount, totals.clicks) * 100,
  aov: ratio(totals.sales, totals.salesCount),
}));

const performanceRow = periodRows((date, totals) => ({
  report_date: date,
  clicks: totals.clicks,
  earnings: totals.earnings,
  cpc: ratio(totals.earnings, totals.clicks),
}));

const summaryByDateRow = periodRows((date, totals): SummaryByDateRow => ({
  date,
  totalClicks: totals.clicks,
  sales: totals.salesCount,
  clickTotalEarnings: totals.earnings,
  total_Conversion_Rate: ratio(totals.salesCount, totals.clicks) * 100,
  clickAvgCPC: ratio(totals.earnings, totals.clicks),
}));

function summaryOf(totals: Totals): ReportSummary {
  return {
    totalClicks: totals.clicks,
    totalEarnings: totals.earnings,
    totalSales: totals.salesCount,
    clickAvgCPC: ratio(totals.earnings, totals.clicks),
    totalConversionRate: ratio(totals.salesCount, totals.clicks) * 100,
  };
}

// ---------- dashboard and summaries (connexity rollups) ----------

export async function earningsReport(
  cache: ReportReads,
  vendorId: number,
  query: PeriodQuery,
): Promise<EarningsReportResponse> {
  const { periods, overall, cpc, cpa } = await rollupPeriods(cache, 'connexity', vendorId, query);
  return {
    reports: {
      totals: {
        cpcRedirects: cpc.clicks,
        cpcEarnings: cpc.earnings,
        cpcEarningsPerRedirect: ratio(cpc.earnings, cpc.clicks),
        cpaRedirects: cpa.clicks,
        cpaEarnings: cpa.earnings,
        cpaEarningsPerRedirect: ratio(cpa.earnings, cpa.clicks),
        totalRedirects: overall.clicks,
        totalEarnings: overall.earnings,
        totalEarningsPerRedirect: ratio(overall.earnings, overall.clicks),
        totalSalesCount: overall.salesCount,
        totalSalesAmount: overall.sales,
        totalConversionRate: ratio(overall.salesCount, overall.clicks) * 100,
        totalAov: ratio(overall.sales, overall.salesCount),
      },
      earnings: periods.map(earningsRow),
    },
  };
}

export async function performanceReport(cache: ReportReads, vendorId: number, query: PeriodQuery) {
  const { periods } = await rollupPeriods(cache, 'connexity', vendorId, query);
  return periods.map(performanceRow);
}

export async function reportSummary(
  cache: ReportReads,

  vendorId: number,
  query: RangeQuery,
  source: ReportSource = 'connexity',
): Promise<ReportSummary> {
  const { overall } = await rollupPeriods(cache, source, vendorId, { ...query, aggregation: 'daily' });
  return summaryOf(overall);
}

export async function summaryByDate(
  cache: ReportReads,
  vendorId: number,
  query: PeriodQuery,
): Promise<SummaryByDateRow[]> {
  const { periods } = await rollupPeriods(cache, 'connexity', vendorId, query);
  return periods.map(summaryByDateRow);
}

// ---------- detail rows ----------

/**
 * One page of detail rows, oldest date first, rows of a day in the network's order. The rollups say how many
 * rows each day holds, so only the saved days the page covers are read.
 */
export async function detailPage(
  cache: ReportReads,
  source: ReportSource,
  vendorId: number,
  query: PageQuery,
): Promise<Page<DatedRow>> {
  const days = await readDailyRollups(cache, source, vendorId, query.startDate, query.endDate);
  const wanted: { date: string; skip: number; take: number }[] = [];
  let total = 0;
  for (const day of days) {
    const { date } = day;
    const count = totalsOf(day, query.isCPC).rows;
    const skip = Math.max(query.offset - total, 0);
    const end = Math.min(query.offset + query.limit - total, count);
    if (end > skip) wanted.push({ date, skip, take: end - skip });
    total += count;
  }
  const saved = await readDays(
    cache,
    source,
    vendorId,
    wanted.map(({ date }) => date),
  );
  const matches = rowMatches(query.isCPC);
  const rows = wanted.flatMap(({ date, skip, take }) =>
    (saved.get(date)?.rows ?? [])
      .filter(matches)
      .slice(skip, skip + take)
      .map((row) => ({ date, vendorId, row })),
  );
  return { rows, total };
}

/**
 * The detail rows of the range, oldest first, one saved day at a time (for CSV downloads): a day is the unit
 * the store reads, and handing it on whole keeps the per-row cost of a million-row download low.
 */
export async function* detailRowBatches(
  cache: ReportReads,
  source: ReportSource,
  vendorId: number,
  query: RangeQuery,
): AsyncGenerator<DatedRow[]> {
  const matches = rowMatches(query.isCPC);
  for await (const day of iterateDays(cache, source, vendorId, query.startDate, query.endDate)) {
    const rows: DatedRow[] = [];
    for (const row of day.rows) if (matches(row)) rows.push({ date: day._id, vendorId, row });
    if (rows.length > 0) yield rows;
  }
}

// ---------- quality ----------

interface QualitySums extends Totals {
  name: string;
  placementId: string;
}

/**
 * The vendor's connexity rows of the range and type, day after day: the saved days are read in parallel through
 * the day cache, and the rollups say which days hold rows of the requested type.
 */
async function connexityRowsOf(cache: ReportReads, vendorId: number, query: RangeQuery): Promise<StoredRow[]> {
  const source: ReportSource = 'connexity';
  const dates = (await readDailyRollups(cache, source, vendorId, query.startDate, query.endDate))
    .filter((day) => totalsOf(day, query.isCPC).rows > 0)
    .map(({ date }) => date);
  const saved = await readDays(cache, source, vendorId, dates);
  const matches = rowMatches(query.isCPC);
  return dates.flatMap((date) => (saved.get(date)?.rows ?? []).filter(matches));
}

/**
 * The quality and conversion dashboard over the connexity rows of the range, grouped by merchant (or category)
 * and placement, most clicks first. costOfSale = earnings / sales amount * 100.
 */
export async function qualityReport(
  cache: ReportReads,
  vendorId: number,
  query: RangeQuery,
  groupBy: QualityGroupBy,
): Promise<QualityReportResponse> {
  const groups = new Map<string, QualitySums>();
  for (const row of await connexityRowsOf(cache, vendorId, query)) {
    const name = groupBy === 'merchant' ? row.merchantName : row.category;
    const key = `${name}\u0000${row.placementId}`;
    let sums = groups.get(key);
    if (!sums) {
      sums = { name, placementId: row.placementId, ...emptyTotals() };
      groups.set(key, sums);
    }
    addTotals(sums, rowTotals(row));
  }
  const sorted = [...groups.values()].sort(
    (a, b) =>
      b.clicks - a.clicks ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      (a.placementId < b.placementId ? -1 : 1),
  );
  const common = (sums: QualitySums) => ({
    clicks: sums.clicks,
    conversionRate: ratio(sums.salesCount, sums.clicks) * 100,
    costOfSale: ratio(sums.earnings, sums.sales) * 100,
    cpc: ratio(sums.earnings, sums.clicks),
    placementId: sums.placementId,
  });
  if (groupBy === 'category') {
    return { groupBy, data: sorted.map((sums): CategoryQualityRow => ({ category: sums.name, ...common(sums) })) };
  }
  return {
    groupBy,
    data: sorted.map((sums): MerchantQualityRow => {
      const merchant = merchantByName(sums.name);
      return {
        merchantName: sums.name,
        ...common(sums),
        targetCostOfSaleHigh: merchant?.targetCostOfSaleHigh ?? 0,
        targetCostOfSaleLow: merchant?.targetCostOfSaleLow ?? 0,
      };
    }),
  };
}

// ---------- top merchants and placements ----------

/** Adds a row's sums to its group's entry, made on first sight. */
function addToGroup(groups: Map<string, Totals>, key: string, row: StoredRow) {
  let sums = groups.get(key);
  if (!sums) {
    sums = emptyTotals();
    groups.set(key, sums);
  }
  addTotals(sums, rowTotals(row));
}

/** Most earnings first; ties by name so the order never depends on the rows' order. */
function topOf(groups: Map<string, Totals>) {
  return [...groups.entries()]
    .sort(([nameA, a], [nameB, b]) => b.earnings - a.earnings || (nameA < nameB ? -1 : nameA > nameB ? 1 : 0))
    .slice(0, TOP_PERFORMERS_LIMIT)
    .map(([name, sums]) => ({
      name,
      clicks: sums.clicks,
      earnings: sums.earnings,
      salesCount: sums.salesCount,
      salesAmount: sums.sales,
    }));
}

/** The dashboard's top merchants and placements over the connexity rows of the range and type. */
export async function topPerformers(
  cache: ReportReads,
  vendorId: number,
  query: RangeQuery,
): Promise<TopPerformersResponse> {
  const merchants = new Map<string, Totals>();
  const placements = new Map<string, Totals>();
  for (const row of await connexityRowsOf(cache, vendorId, query)) {
    addToGroup(merchants, row.merchantName, row);
    addToGroup(placements, row.placementId, row);
  }
  return {
    merchants: topOf(merchants).map(({ name, ...sums }) => ({ merchantName: name, ...sums })),
    placements: topOf(placements).map(({ name, ...sums }) => ({ placementId: name, ...sums })),
  };
}

// ---------- My Orders ----------

const sourceOrder = (source: ReportSource): number => REPORT_SOURCES.indexOf(source);

/** The vendor's orders over every source and saved month, newest date first. */
export async function orderHistory(
  cache: ReportReads,
  vendorId: number,
  offset: number,
  limit: number,
): Promise<Page<Order>> {
  const index = await VendorIndexModel.findById(vendorId).lean<VendorIndexRecord>();
  const partitions = Object.values(index?.partitions ?? {}).filter((partition) => partition.orders > 0);
  const total = partitions.reduce((sum, partition) => sum + partition.orders, 0);
  const months = [...new Set(partitions.map((partition) => partition.month))].sort().reverse();

  const wanted: { source: ReportSource; date: string; skip: number; take: number }[] = [];
  let position = 0;
  for (const month of months) {
    if (position >= offset + limit) break;
    const inMonth = partitions.filter((partition) => partition.month === month);
    const monthOrders = inMonth.reduce((sum, partition) => sum + partition.orders, 0);
    if (position + monthOrders <= offset) {
      position += monthOrders;
      continue;
    }
    const rollups = await Promise.all(
      inMonth.map(async ({ source }) => ({
        source,
        rollup: (await readMonthRollups(cache, source, vendorId, `${month}-01`, `${month}-01`))[0],
      })),
    );
    const days = rollups
      .flatMap(({ source, rollup }) =>
        Object.entries(rollup?.days ?? {}).map(([date, day]) => ({ source, date, orders: day.orders })),
      )
      .filter((day) => day.orders > 0)
      .sort((a, b) => (a.date === b.date ? sourceOrder(a.source) - sourceOrder(b.source) : a.date < b.date ? 1 : -1));
    for (const day of days) {
      const skip = Math.max(offset - position, 0);
      const end = Math.min(offset + limit - position, day.orders);
      if (end > skip) wanted.push({ source: day.source, date: day.date, skip, take: end - skip });
      position += day.orders;
    }
  }

  const documents = await Promise.all(
    wanted.map(async (want) => ({
      want,
      saved: (await readOrderDays(want.source, vendorId, [want.date])).get(want.date),
    })),
  );
  const rows = documents.flatMap(({ want, saved }) =>
    (saved?.orders ?? [])
      .slice(want.skip, want.skip + want.take)
      .map((order) => presentOrder(order, want.date, want.source)),
  );
  return { rows, total };
}

// ---------- logs ----------

/**
 * Calls per vendor: every vendor that called (the admin), or only the caller's own line. `calls`: count the
 * API-key calls (`apiKey`) or every authenticated call (`all`). The totals are written by the activity recorder
 * (admin/activity-recorder.ts) in batches.
 */
export async function apiLogs(
  vendorId: number,
  isAdmin: boolean,
  calls: 'apiKey' | 'all' = 'apiKey',
): Promise<ApiLogEntry[]> {
  const totals = isAdmin
    ? await ApiCallTotalModel.find({}).lean<ApiCallTotalRecord[]>()
    : [
        (await ApiCallTotalModel.findById(vendorId).lean<ApiCallTotalRecord>()) ?? {
          _id: vendorId,
          count: 0,
          lastCallAt: new Date(0),
        },
      ];
  const users = await UserModel.find(
    { vendorId: { $in: totals.map((total) => total._id) } },
    { fullName: 1, email: 1, vendorId: 1, createdAt: 1 },
  ).lean();
  const byVendor = new Map(users.map((user) => [user.vendorId, user]));
  const entries: ApiLogEntry[] = [];
  for (const total of totals) {
    const user = byVendor.get(total._id);
    if (!user) continue;
    const count = calls === 'all' ? (total.authenticatedCount ?? 0) : total.count;
    // The admin's list names the vendors that made such calls; a vendor always gets its own line.
    if (isAdmin && count === 0) continue;
    entries.push({
      data: {
        fullName: user.fullName,
        created_date: user.createdAt.toISOString(),
        email: user.email,
        vendorId: user.vendorId,
      },
      count,
    });
  }
  return entries.sort((a, b) => b.count - a.count || a.data.vendorId - b.data.vendorId);
}

/** The latest report runs, newest first (at most one page of the largest size). */
export async function reportRuns(): Promise<ReportRunRecord[]> {
  return ReportRunModel.find({}).sort({ start_time: -1, _id: -1 }).limit(MAX_PAGE_SIZE).lean<ReportRunRecord[]>();
}
