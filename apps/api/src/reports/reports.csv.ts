import type { Readable } from 'node:stream';
import {
  CATEGORY_QUALITY_CSV_COLUMNS,
  CONVERSION_CSV_COLUMNS,
  DAY_WISE_CSV_COLUMNS,
  DEEPLINK3_CSV_COLUMNS,
  DEEPLINK4_CSV_COLUMNS,
  DEEPLINK5_CSV_COLUMNS,
  MERCHANT_QUALITY_CSV_COLUMNS,
  REPORT2_CSV_COLUMNS,
  REPORT_ROUNDING,
  type ConversionRow,
  type Report2Row,
  type SummaryByDateRow,
} from '@publisher/contract';
import { csvBatchStream, csvColumns, formatDecimal, type CsvColumn } from '../shared/csv';
import type { DatedRow, Deeplink3Row, Deeplink4Row, Deeplink5Row } from './reports.presenter';
import {
  presentConversionRow,
  presentDeeplink3Row,
  presentDeeplink4Row,
  presentDeeplink5Row,
  presentReport2Row,
} from './reports.presenter';
import type { CategoryQualityRow, MerchantQualityRow } from './reports.service';

/**
 * The values of every download's columns (the contract names them and their order), in the screen's rounding: 6
 * decimals for report 1 and the other connexity-style files (conversion_reports*.csv of deep links 3 to 5,
 * quality), 7 for report 2.
 */

const r1 = (value: number): string => formatDecimal(value, REPORT_ROUNDING.report1);
const r2 = (value: number): string => formatDecimal(value, REPORT_ROUNDING.report2);

export const CONVERSION_COLUMNS: CsvColumn<ConversionRow>[] = csvColumns(CONVERSION_CSV_COLUMNS, {
  REPORT_DATE: (row) => row.REPORT_DATE,
  CAMPAIGN_ID: (row) => row.CAMPAIGN_ID,
  PLACEMENT_ID: (row) => row.PLACEMENT_ID,
  RID: (row) => row.RID,
  MERCHANT_NAME: (row) => row.MERCHANT_NAME,
  CLICKS: (row) => row.CLICKS,
  SALES_COUNT: (row) => row.SALES_COUNT,
  SALES: (row) => r1(row.SALES),
  EARNINGS: (row) => r1(row.EARNINGS),
  CONVERSION_RATE: (row) => r1(row.CONVERSION_RATE),
  CPC: (row) => r1(row.CPC),
});

export const DAY_WISE_COLUMNS: CsvColumn<SummaryByDateRow>[] = csvColumns(DAY_WISE_CSV_COLUMNS, {
  date: (row) => row.date,
  totalClicks: (row) => row.totalClicks,
  sales: (row) => row.sales,
  clickTotalEarnings: (row) => r1(row.clickTotalEarnings),
  total_Conversion_Rate: (row) => r1(row.total_Conversion_Rate),
  clickAvgCPC: (row) => r1(row.clickAvgCPC),
});

export const REPORT2_COLUMNS: CsvColumn<Report2Row>[] = csvColumns(REPORT2_CSV_COLUMNS, {
  date: (row) => row.date,
  pub_id: (row) => row.pub_id,
  domain: (row) => row.domain,
  clicks: (row) => row.clicks,
  commission: (row) => r2(row.commission),
  commission_eur: (row) => r2(row.commission_eur),
});

export const DEEPLINK3_COLUMNS: CsvColumn<Deeplink3Row>[] = csvColumns(DEEPLINK3_CSV_COLUMNS, {
  REPORT_DATE: (row) => row.REPORT_DATE,
  CAMPAIGN_ID: (row) => row.CAMPAIGN_ID,
  BRAND: (row) => row.BRAND,
  PLACEMENT_ID: (row) => row.PLACEMENT_ID,
  CLICK_ID: (row) => row.CLICK_ID,
  COUNTRY: (row) => row.COUNTRY,
  CLICKS: (row) => row.CLICKS,
  REVENUE: (row) => r1(row.REVENUE),
});

export const DEEPLINK4_COLUMNS: CsvColumn<Deeplink4Row>[] = csvColumns(DEEPLINK4_CSV_COLUMNS, {
  REPORT_DATE: (row) => row.REPORT_DATE,
  CAMPAIGN_ID: (row) => row.CAMPAIGN_ID,
  BRAND: (row) => row.BRAND,
  SUB_ID: (row) => row.SUB_ID,
  COUNTRY: (row) => row.COUNTRY,
  CLICKS: (row) => row.CLICKS,
  REVENUE: (row) => r1(row.REVENUE),
});

export const DEEPLINK5_COLUMNS: CsvColumn<Deeplink5Row>[] = csvColumns(DEEPLINK5_CSV_COLUMNS, {
  REPORT_DATE: (row) => row.REPORT_DATE,
  CAMPAIGN_ID: (row) => row.CAMPAIGN_ID,
  MERCHANT_NAME: (row) => row.MERCHANT_NAME,
  COUNTRY: (row) => row.COUNTRY,
  CLICKS: (row) => row.CLICKS,
  CPC: (row) => r1(row.CPC),
  REVENUE: (row) => r1(row.REVENUE),
});

export const MERCHANT_QUALITY_COLUMNS: CsvColumn<MerchantQualityRow>[] = csvColumns(MERCHANT_QUALITY_CSV_COLUMNS, {
  merchantName: (row) => row.merchantName,
  clicks: (row) => row.clicks,
  conversionRate: (row) => r1(row.conversionRate),
  costOfSale: (row) => r1(row.costOfSale),
  cpc: (row) => r1(row.cpc),
  targetCostOfSaleHigh: (row) => row.targetCostOfSaleHigh,
  targetCostOfSaleLow: (row) => row.targetCostOfSaleLow,
  placementId: (row) => row.placementId,
});

export const CATEGORY_QUALITY_COLUMNS: CsvColumn<CategoryQualityRow>[] = csvColumns(CATEGORY_QUALITY_CSV_COLUMNS, {
  category: (row) => row.category,
  clicks: (row) => row.clicks,
  conversionRate: (row) => r1(row.conversionRate),
  costOfSale: (row) => r1(row.costOfSale),
  cpc: (row) => r1(row.cpc),
  placementId: (row) => row.placementId,
});

async function* mapBatches<T>(batches: AsyncIterable<DatedRow[]>, present: (row: DatedRow) => T): AsyncGenerator<T[]> {
  for await (const batch of batches) yield batch.map(present);
}

/** Stored detail rows of each source, a saved day at a time, as the CSV file of its screen. */
export const detailCsv = {
  connexity: (days: AsyncIterable<DatedRow[]>): Readable =>
    csvBatchStream(mapBatches(days, presentConversionRow), CONVERSION_COLUMNS),
  newdashboard: (days: AsyncIterable<DatedRow[]>): Readable =>
    csvBatchStream(mapBatches(days, presentReport2Row), REPORT2_COLUMNS),
  doneoftheownou: (days: AsyncIterable<DatedRow[]>): Readable =>
    csvBatchStream(mapBatches(days, presentDeeplink3Row), DEEPLINK3_COLUMNS),
  shoppermeet: (days: AsyncIterable<DatedRow[]>): Readable =>
    csvBatchStream(mapBatches(days, presentDeeplink4Row), DEEPLINK4_COLUMNS),
  kelkoo: (days: AsyncIterable<DatedRow[]>): Readable =>
    csvBatchStream(mapBatches(days, presentDeeplink5Row), DEEPLINK5_COLUMNS),
};
