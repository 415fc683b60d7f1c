import { CSV_FILE_NAMES, type Report2Response, type Report2Row } from '@publisher/contract';
import { useConversionReports2 } from '../api/use-conversion-reports2';
import { useDownloadConversionReports2 } from '../api/use-download-conversion-reports2';
import type { ConversionType, ReportViewer } from '../lib/report-viewer';
import { ConversionSummaryCards } from './conversion-summary-cards';
import { PartnerConversionReport, type PartnerConversionReportConfig } from './partner-conversion-report';

const REPORT_2: PartnerConversionReportConfig<Report2Row, Report2Response> = {
  title: 'Conversion Reports 2',
  precision: 'report2',
  columns: [
    { key: 'date', format: 'date' },
    { key: 'pub_id' },
    { key: 'domain' },
    { key: 'clicks', format: 'count' },
    { key: 'commission', format: 'money' },
    { key: 'commission_eur', format: 'money', currency: 'EUR' },
  ],
  rowKey: (row, index) => `${row.date}-${row.domain}-${index}`,
  usePage: useConversionReports2,
  totalCount: (page) => page.totalCount,
  renderSummary: ({ page, isPending }) => (
    <ConversionSummaryCards
      totals={page && { ...page.summary, totalSales: page.summary.sales }}
      isPending={isPending}
      precision="report2"
    />
  ),
  useDownload: useDownloadConversionReports2,
  fileName: CSV_FILE_NAMES.conversionReports2,
};

interface ConversionReport2PageProps {
  viewer: ReportViewer;
  /** What the Type selector offers: CPC and/or CPA, from the menu flags of deeplink2 (as report 1 does). */
  conversionTypes: readonly ConversionType[];
}

/**
 * Conversion report 2 (`/conversionReports2`, the deep links 2 source), with its summary cards and the CPC/CPA
 * Type, sent as isCPC (part 1 §7).
 */
export function ConversionReport2Page({ viewer, conversionTypes }: ConversionReport2PageProps) {
  return <PartnerConversionReport viewer={viewer} config={REPORT_2} conversionTypes={conversionTypes} />;
}
