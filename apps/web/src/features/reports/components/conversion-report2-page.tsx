import { CSV_FILE_NAMES, type Report2Response, type Report2Row } from '@publisher/contract';
import { useConversionReports2 } from '../api/use-conversion-reports2';
import { useDownloadConversionReports2 } from '../api/use-download-conversion-reports2';
import type { ReportViewer } from '../lib/report-viewer';
import { ConversionSummaryCards } from './conversion-summary-cards';
import { PartnerConversionReport, type PartnerConversionReportConfig } from './partner-conversion-report';

const REPORT_2: PartnerConversionReportConfig<Report2Row, Report2Response> = {
  title: 'Conversion Reports 2',
  precision: 'report2',
  columns: [
    { key: 'date' },
    { key: 'pub_id' },
    { key: 'domain' },
    { key: 'clicks', format: 'count' },
    { key: 'commission', format: 'money' },
    { key: 'commission_eur', format: 'money' },
  ],
  rowKey: (row, index) => `${row.date}-${row.domain}-${index}`,
  usePage: useConversionReports2,
  totalCount: (page) => page.totalCount,
  renderSummary: ({ page, isPending, money }) => (
    <ConversionSummaryCards
      totals={page && { ...page.summary, totalSales: page.summary.sales }}
      isPending={isPending}
      money={money}
    />
  ),
  useDownload: useDownloadConversionReports2,
  fileName: CSV_FILE_NAMES.conversionReports2,
};

/** Conversion report 2 (`/conversionReports2`, the deep links 2 source), with its summary cards. */
export function ConversionReport2Page({ viewer }: { viewer: ReportViewer }) {
  return <PartnerConversionReport viewer={viewer} config={REPORT_2} />;
}
