import type { Readable } from 'node:stream';
import { REPORT_ROUNDING, type ConversionRow, type Report2Row, type SummaryByDateRow } from '@publisher/contract';
import { csvBatchStream, formatDecimal, type CsvColumn } from '../shared/csv';
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
 * The columns of every download, in the screen's order and rounding: 6 decimals for report 1 and the other
 * connexity-style files (conversion_reports*.csv of deep links 3 to 5, quality), 7 for report 2.
 */

const r1 = (value: number): string => formatDecimal(value, REPORT_ROUNDING.report1);
const r2 = (value: number): string => formatDecimal(value, REPORT_ROUNDING.report2);

const column = <T>(header: string, value: (row: T) => string | number): CsvColumn<T> => ({ header, value });

export const CONVERSION_COLUMNS: CsvColumn<ConversionRow>[] = [
  column('REPORT_DATE', (row) => row.REPORT_DATE),
  column('CAMPAIGN_ID', (row) => row.CAMPAIGN_ID),
  column('PLACEMENT_ID', (row) => row.PLACEMENT_ID),
  column('RID', (row) => row.RID),
  column('MERCHANT_NAME', (row) => row.MERCHANT_NAME),
  column('CLICKS', (row) => row.CLICKS),
  column('SALES_COUNT', (row) => row.SALES_COUNT),
  column('SALES', (row) => r1(row.SALES)),
  column('EARNINGS', (row) => r1(row.EARNINGS)),
  column('CONVERSION_RATE', (row) => r1(row.CONVERSION_RATE)),
  column('CPC', (row) => r1(row.CPC)),
];

export const DAY_WISE_COLUMNS: CsvColumn<SummaryByDateRow>[] = [
  column('date', (row) => row.date),
  column('totalClicks', (row) => row.totalClicks),
  column('sales', (row) => row.sales),
  column('clickTotalEarnings', (row) => r1(row.clickTotalEarnings)),
  column('total_Conversion_Rate', (row) => r1(row.total_Conversion_Rate)),
  column('clickAvgCPC', (row) => r1(row.clickAvgCPC)),
];

export const REPORT2_COLUMNS: CsvColumn<Report2Row>[] = [
  column('date', (row) => row.date),
  column('pub_id', (row) => row.pub_id),
  column('domain', (row) => row.domain),
  column('clicks', (row) => row.clicks),
  column('commission', (row) => r2(row.commission)),
  column('commission_eur', (row) => r2(row.commission_eur)),
];

export const DEEPLINK3_COLUMNS: CsvColumn<Deeplink3Row>[] = [
  column('REPORT_DATE', (row) => row.REPORT_DATE),
  column('CAMPAIGN_ID', (row) => row.CAMPAIGN_ID),
  column('BRAND', (row) => row.BRAND),
  column('PLACEMENT_ID', (row) => row.PLACEMENT_ID),
  column('CLICK_ID', (row) => row.CLICK_ID),
  column('COUNTRY', (row) => row.COUNTRY),
  column('CLICKS', (row) => row.CLICKS),
  column('REVENUE', (row) => r1(row.REVENUE)),
];

export const DEEPLINK4_COLUMNS: CsvColumn<Deeplink4Row>[] = [
  column('REPORT_DATE', (row) => row.REPORT_DATE),
  column('CAMPAIGN_ID', (row) => row.CAMPAIGN_ID),
  column('BRAND', (row) => row.BRAND),
  column('SUB_ID', (row) => row.SUB_ID),
  column('COUNTRY', (row) => row.COUNTRY),
  column('CLICKS', (row) => row.CLICKS),
  column('REVENUE', (row) => r1(row.REVENUE)),
];

export const DEEPLINK5_COLUMNS: CsvColumn<Deeplink5Row>[] = [
  column('REPORT_DATE', (row) => row.REPORT_DATE),
  column('CAMPAIGN_ID', (row) => row.CAMPAIGN_ID),
  column('MERCHANT_NAME', (row) => row.MERCHANT_NAME),
  column('COUNTRY', (row) => row.COUNTRY),
  column('CLICKS', (row) => row.CLICKS),
  column('CPC', (row) => r1(row.CPC)),
  column('REVENUE', (row) => r1(row.REVENUE)),
];

export const MERCHANT_QUALITY_COLUMNS: CsvColumn<MerchantQualityRow>[] = [
  column('merchantName', (row) => row.merchantName),
  column('clicks', (row) => row.clicks),
  column('conversionRate', (row) => r1(row.conversionRate)),
  column('costOfSale', (row) => r1(row.costOfSale)),
  column('cpc', (row) => r1(row.cpc)),
  column('targetCostOfSaleHigh', (row) => row.targetCostOfSaleHigh),
  column('targetCostOfSaleLow', (row) => row.targetCostOfSaleLow),
  column('placementId', (row) => row.placementId),
];

export const CATEGORY_QUALITY_COLUMNS: CsvColumn<CategoryQualityRow>[] = [
  column('category', (row) => row.category),
  column('clicks', (row) => row.clicks),
  column('conversionRate', (row) => r1(row.conversionRate)),
  column('costOfSale', (row) => r1(row.costOfSale)),
  column('cpc', (row) => r1(row.cpc)),
  column('placementId', (row) => row.placementId),
];

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
