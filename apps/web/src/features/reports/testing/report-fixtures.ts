import type {
  ConversionRow,
  EarningsReportResponse,
  EarningsRow,
  Report2Row,
  SaveReportsResponse,
  SummaryByDateRow,
  TopPerformersResponse,
} from '@publisher/contract';
import { vi } from 'vitest';

/** One earnings row; the figures are consistent (cpc = earnings / clicks). */
export function buildEarningsRow(overrides: Partial<EarningsRow> = {}): EarningsRow {
  return {
    date: '2026-03-10',
    redirects: 1200,
    estimatedEarnings: 540.123456789,
    cpc: 0.450102880657,
    salesCount: 30,
    salesAmount: 2400.5,
    conversionRate: 2.5,
    aov: 80.016666,
    ...overrides,
  };
}

/**
 * An earnings report over `rows`, with totals as the API sums them. `cpaShare` (0 to 1) of the clicks and earnings
 * are CPA rows, the rest CPC.
 */
export function buildEarningsReport(rows: EarningsRow[] = [buildEarningsRow()], cpaShare = 0): EarningsReportResponse {
  const clicks = rows.reduce((sum, row) => sum + row.redirects, 0);
  const earnings = rows.reduce((sum, row) => sum + row.estimatedEarnings, 0);
  const salesCount = rows.reduce((sum, row) => sum + row.salesCount, 0);
  const salesAmount = rows.reduce((sum, row) => sum + row.salesAmount, 0);
  const cpaClicks = Math.round(clicks * cpaShare);
  const cpaEarnings = earnings * cpaShare;
  const ratio = (numerator: number, denominator: number) => (denominator > 0 ? numerator / denominator : 0);
  return {
    reports: {
      totals: {
        cpcRedirects: clicks - cpaClicks,
        cpcEarnings: earnings - cpaEarnings,
        cpcEarningsPerRedirect: ratio(earnings - cpaEarnings, clicks - cpaClicks),
        cpaRedirects: cpaClicks,
        cpaEarnings,
        cpaEarningsPerRedirect: ratio(cpaEarnings, cpaClicks),
        totalRedirects: clicks,
        totalEarnings: earnings,
        totalEarningsPerRedirect: ratio(earnings, clicks),
        totalSalesCount: salesCount,
        totalSalesAmount: salesAmount,
        totalConversionRate: ratio(salesCount, clicks) * 100,
        totalAov: ratio(salesAmount, salesCount),
      },
      earnings: rows,
    },
  };
}

/** The dashboard's top lists. */
export function buildTopPerformers(): TopPerformersResponse {
  return {
    merchants: [
      { merchantName: 'Acme Outdoor', clicks: 900, earnings: 420.5, salesCount: 12, salesAmount: 960 },
      { merchantName: 'Blue & Co "Home"', clicks: 300, earnings: 119.25, salesCount: 3, salesAmount: 150 },
    ],
    placements: [{ placementId: 'homepage', clicks: 1200, earnings: 539.75, salesCount: 15, salesAmount: 1110 }],
  };
}

export function buildConversionRow(overrides: Partial<ConversionRow> = {}): ConversionRow {
  return {
    REPORT_DATE: '2026-03-10',
    CAMPAIGN_ID: 6001,
    PLACEMENT_ID: 'homepage',
    RID: 'rid-1',
    MERCHANT_NAME: 'Acme Outdoor',
    CLICKS: 120,
    SALES_COUNT: 3,
    SALES: 240.5,
    EARNINGS: 54.123456789,
    CONVERSION_RATE: 2.5,
    CPC: 0.451028806575,
    ...overrides,
  };
}

export function buildSummaryByDateRow(overrides: Partial<SummaryByDateRow> = {}): SummaryByDateRow {
  return {
    date: '2026-03-10',
    totalClicks: 120,
    sales: 3,
    clickTotalEarnings: 54.123456789,
    total_Conversion_Rate: 2.5,
    clickAvgCPC: 0.451028806575,
    ...overrides,
  };
}

export function buildReport2Row(overrides: Partial<Report2Row> = {}): Report2Row {
  return {
    date: '2026-03-10',
    pub_id: 6001,
    domain: 'acme.example',
    clicks: 80,
    commission: 12.123456789,
    commission_eur: 11.0123456789,
    ...overrides,
  };
}

export function buildSaveResponse(statusMessage: string | null): SaveReportsResponse {
  return {
    statusMessage,
    run: {
      _id: '65f0a1b2c3d4e5f6a7b8c9d1',
      source: 'connexity',
      start_time: '2026-03-18T10:00:00.000Z',
      end_time: '2026-03-18T10:00:02.000Z',
      status: 'success',
      startDate: '2026-03-17',
      endDate: '2026-03-17',
      rowsWritten: statusMessage === null ? 0 : 42,
      error: null,
    },
  };
}

/**
 * Captures files the app hands to the browser: jsdom has no object URLs and no downloads, so both are stubbed
 * and every saved file's name and text are recorded.
 */
export function captureDownloads() {
  const saved: { fileName: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: (blob: Blob) => {
      next += 1;
      const url = `blob:test/${next}`;
      blobs.set(url, blob);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ fileName: this.download, blob });
  });
  return saved;
}
