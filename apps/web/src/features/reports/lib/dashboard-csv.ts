import type { EarningsReportResponse } from '@publisher/contract';
import { csvFileName } from '../../../lib/csv-download';

/** The dashboard CSV's columns, named as the screen names them. */
export const DASHBOARD_CSV_COLUMNS = [
  'Date',
  'Clicks',
  'Estimated Earnings',
  'CPC',
  'Sales Count',
  'Sales Amount',
  'Conversion Rate',
  'AOV',
] as const;

/**
 * What the dashboard shows as CSV: one line per period, then the totals of the cards. Amounts stay raw (full
 * precision, no currency sign) like the API's CSV files; papaparse quotes where needed and neutralises text that a
 * spreadsheet would run as a formula. papaparse is loaded on the first export, not with the dashboard.
 */
export async function dashboardCsv({ reports }: EarningsReportResponse): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const { totals } = reports;
  const rows = reports.earnings.map((row) => [
    row.date,
    row.redirects,
    row.estimatedEarnings,
    row.cpc,
    row.salesCount,
    row.salesAmount,
    row.conversionRate,
    row.aov,
  ]);
  rows.push([
    'Total',
    totals.totalRedirects,
    totals.totalEarnings,
    totals.totalEarningsPerRedirect,
    totals.totalSalesCount,
    totals.totalSalesAmount,
    totals.totalConversionRate,
    totals.totalAov,
  ]);
  return Papa.unparse({ fields: [...DASHBOARD_CSV_COLUMNS], data: rows }, { escapeFormulae: true, newline: '\r\n' });
}

/** The file name of a range's dashboard CSV, written as every download names its range. */
export const dashboardCsvName = (startDate: string, endDate: string) =>
  csvFileName('dashboard.csv', { startDate, endDate });
