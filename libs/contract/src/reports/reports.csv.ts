/**
 * The columns of the report downloads, in the screens' order (the API rounds money to 6 decimals, report 2 to 7).
 * Declared on each download route (`metadata.csvColumns`); the API's writers and the mocks read them from here.
 */

/** conversion_reports.csv: report 1, its connexity variant and the download page. */
export const CONVERSION_CSV_COLUMNS = [
  'REPORT_DATE',
  'CAMPAIGN_ID',
  'PLACEMENT_ID',
  'RID',
  'MERCHANT_NAME',
  'CLICKS',
  'SALES_COUNT',
  'SALES',
  'EARNINGS',
  'CONVERSION_RATE',
  'CPC',
] as const;

/** conversion_reports_day_wise.csv. */
export const DAY_WISE_CSV_COLUMNS = [
  'date',
  'totalClicks',
  'sales',
  'clickTotalEarnings',
  'total_Conversion_Rate',
  'clickAvgCPC',
] as const;

/** conversion_reports2.csv. */
export const REPORT2_CSV_COLUMNS = ['date', 'pub_id', 'domain', 'clicks', 'commission', 'commission_eur'] as const;

/** conversion_reports3.csv (deep link 3). */
export const DEEPLINK3_CSV_COLUMNS = [
  'REPORT_DATE',
  'CAMPAIGN_ID',
  'BRAND',
  'PLACEMENT_ID',
  'CLICK_ID',
  'COUNTRY',
  'CLICKS',
  'REVENUE',
] as const;

/** conversion_reports4.csv (deep link 4). */
export const DEEPLINK4_CSV_COLUMNS = [
  'REPORT_DATE',
  'CAMPAIGN_ID',
  'BRAND',
  'SUB_ID',
  'COUNTRY',
  'CLICKS',
  'REVENUE',
] as const;

/** conversion_reports5.csv (deep link 5). */
export const DEEPLINK5_CSV_COLUMNS = [
  'REPORT_DATE',
  'CAMPAIGN_ID',
  'MERCHANT_NAME',
  'COUNTRY',
  'CLICKS',
  'CPC',
  'REVENUE',
] as const;

/** merchant_quality_reports.csv (`groupBy=merchant`: the columns the route declares). */
export const MERCHANT_QUALITY_CSV_COLUMNS = [
  'merchantName',
  'clicks',
  'conversionRate',
  'costOfSale',
  'cpc',
  'targetCostOfSaleHigh',
  'targetCostOfSaleLow',
  'placementId',
] as const;

/** category_quality_reports.csv (`groupBy=category`). */
export const CATEGORY_QUALITY_CSV_COLUMNS = [
  'category',
  'clicks',
  'conversionRate',
  'costOfSale',
  'cpc',
  'placementId',
] as const;
