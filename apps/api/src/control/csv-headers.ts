import { contract } from '@publisher/contract';
import type { AppRoute } from '@ts-rest/core';
import {
  NEWDASHBOARD_LINK_COLUMNS,
  DEEPLINK3_LINK_COLUMNS,
  DEEPLINK4_LINK_COLUMNS,
} from '../deep-links/merchant-links.csv';
import {
  CONVERSION_COLUMNS,
  DAY_WISE_COLUMNS,
  DEEPLINK3_COLUMNS,
  DEEPLINK4_COLUMNS,
  DEEPLINK5_COLUMNS,
  MERCHANT_QUALITY_COLUMNS,
  REPORT2_COLUMNS,
} from '../reports/reports.csv';
import { csvLine, type CsvColumn } from '../shared/csv';

const { reports, deepLinks } = contract;

/** The columns each CSV download writes, so a `Prefer: code=200` example is the file's header line. */
const COLUMNS_BY_ROUTE: readonly (readonly [AppRoute, readonly CsvColumn<never>[]])[] = [
  [reports.getConversionReportsDownLoad, CONVERSION_COLUMNS],
  [reports.connexityDownloadConversionReport, CONVERSION_COLUMNS],
  [reports.connexityDownloadConversionReportByDate, DAY_WISE_COLUMNS],
  [reports.downloadConversionReports2, REPORT2_COLUMNS],
  [reports.downloadDeeplink3ConversionReports, DEEPLINK3_COLUMNS],
  [reports.downloadDeeplink4ConversionReports, DEEPLINK4_COLUMNS],
  [reports.downloadDeeplink5ConversionReports, DEEPLINK5_COLUMNS],
  [reports.downloadQualityReport, MERCHANT_QUALITY_COLUMNS],
  [reports.downloadConversionReportsAll, CONVERSION_COLUMNS],
  [deepLinks.downloadNewdashboardMerchantLinks, NEWDASHBOARD_LINK_COLUMNS],
  [deepLinks.downloadDeeplink3MerchantLinks, DEEPLINK3_LINK_COLUMNS],
  [deepLinks.downloadDeeplink3NewMerchantLinks, DEEPLINK3_LINK_COLUMNS],
  [deepLinks.downloadDeeplink4MerchantLinks, DEEPLINK4_LINK_COLUMNS],
  [deepLinks.downloadDeeplink4NewMerchantLinks, DEEPLINK4_LINK_COLUMNS],
];

/**
 * The header line of a route's CSV file (`example` for a CSV route the table does not know), looked up by method
 * and path: the composed contract holds copies of the domain contracts' route objects.
 */
export function createCsvHeaders(): (route: AppRoute) => string {
  const byMethodAndPath: ReadonlyMap<string, readonly CsvColumn<never>[]> = new Map(
    COLUMNS_BY_ROUTE.map(([route, columns]) => [`${route.method} ${route.path}`, columns] as const),
  );
  return (route) => {
    const columns = byMethodAndPath.get(`${route.method} ${route.path}`);
    return csvLine(columns ? columns.map((column) => column.header) : ['example']);
  };
}
