import type { z } from 'zod';
import type {
  ConversionRow,
  Order,
  ReportRun,
  ReportSource,
  Report2Row,
  clicksReportRowSchema,
  deeplink3RowSchema,
  deeplink4RowSchema,
  deeplink5RowSchema,
} from '@publisher/contract';
import type { StoredOrder, StoredRow } from './report-partition.model';
import type { ReportRunRecord } from './report-run.model';

/** Maps stored rows to the wire shapes, field by field. Ratios are of the row's own sums; 0 when dividing by 0. */

export type ClicksReportRow = z.infer<typeof clicksReportRowSchema>;
export type Deeplink3Row = z.infer<typeof deeplink3RowSchema>;
export type Deeplink4Row = z.infer<typeof deeplink4RowSchema>;
export type Deeplink5Row = z.infer<typeof deeplink5RowSchema>;

export const ratio = (numerator: number, denominator: number): number =>
  denominator === 0 ? 0 : numerator / denominator;

/** A stored row with the date and vendor it belongs to. */
export interface DatedRow {
  date: string;
  vendorId: number;
  row: StoredRow;
}

export function presentConversionRow({ date, vendorId, row }: DatedRow): ConversionRow {
  return {
    REPORT_DATE: date,
    CAMPAIGN_ID: vendorId,
    PLACEMENT_ID: row.placementId,
    RID: row.clickId,
    MERCHANT_NAME: row.merchantName,
    CLICKS: row.clicks,
    SALES_COUNT: row.salesCount,
    SALES: row.sales,
    EARNINGS: row.earnings,
    CONVERSION_RATE: ratio(row.salesCount, row.clicks) * 100,
    CPC: ratio(row.earnings, row.clicks),
  };
}

export function presentClicksRow({ date, vendorId, row }: DatedRow): ClicksReportRow {
  return {
    report_date: date,
    publisher_id: vendorId,
    campaign_id: vendorId,
    placement_id: row.placementId,
    rid: row.clickId,
    clicks: row.clicks,
    earnings: row.earnings,
    cpc: ratio(row.earnings, row.clicks),
  };
}

export function presentReport2Row({ date, vendorId, row }: DatedRow): Report2Row {
  return {
    date,
    pub_id: vendorId,
    domain: row.domain,
    clicks: row.clicks,
    commission: row.earnings,
    commission_eur: row.earningsEur,
  };
}

export function presentDeeplink3Row({ date, vendorId, row }: DatedRow): Deeplink3Row {
  return {
    REPORT_DATE: date,
    CAMPAIGN_ID: vendorId,
    BRAND: row.merchantName,
    PLACEMENT_ID: row.placementId,
    CLICK_ID: row.clickId,
    COUNTRY: row.country,
    CLICKS: row.clicks,
    REVENUE: row.earnings,
  };
}

export function presentDeeplink4Row({ date, vendorId, row }: DatedRow): Deeplink4Row {
  return {
    REPORT_DATE: date,
    CAMPAIGN_ID: vendorId,
    BRAND: row.merchantName,
    SUB_ID: row.subId,
    COUNTRY: row.country,
    CLICKS: row.clicks,
    REVENUE: row.earnings,
  };
}

export function presentDeeplink5Row({ date, vendorId, row }: DatedRow): Deeplink5Row {
  return {
    REPORT_DATE: date,
    CAMPAIGN_ID: vendorId,
    MERCHANT_NAME: row.merchantName,
    COUNTRY: row.country,
    CLICKS: row.clicks,
    CPC: ratio(row.earnings, row.clicks),
    REVENUE: row.earnings,
  };
}

export function presentOrder(order: StoredOrder, date: string, source: ReportSource): Order {
  return {
    orderId: order.orderId,
    orderDate: date,
    source,
    merchantName: order.merchantName,
    placementId: order.placementId,
    amount: order.amount,
    commission: order.commission,
    status: order.status,
  };
}

export function presentRun(run: ReportRunRecord): ReportRun {
  return {
    _id: run._id.toHexString(),
    source: run.source,
    start_time: run.start_time.toISOString(),
    end_time: run.end_time ? run.end_time.toISOString() : null,
    status: run.status,
    startDate: run.startDate,
    endDate: run.endDate,
    rowsWritten: run.rowsWritten,
    error: run.error ?? null,
  };
}
