import { CSV_FILE_NAMES } from '@publisher/contract';
import { useDeeplink4ConversionReports } from '../api/use-deeplink4-conversion-reports';
import { useDownloadDeeplink4ConversionReports } from '../api/use-download-deeplink4-conversion-reports';
import type { Deeplink4Page, Deeplink4Row } from '../lib/report-rows';
import type { ReportViewer } from '../lib/report-viewer';
import { PartnerConversionReport, type PartnerConversionReportConfig } from './partner-conversion-report';

const REPORT_4: PartnerConversionReportConfig<Deeplink4Row, Deeplink4Page> = {
  title: 'Conversion Reports 4',
  precision: 'report1',
  columns: [
    { key: 'REPORT_DATE', format: 'date' },
    { key: 'CAMPAIGN_ID' },
    { key: 'BRAND' },
    { key: 'SUB_ID' },
    { key: 'COUNTRY' },
    { key: 'CLICKS', format: 'count' },
    { key: 'REVENUE', format: 'money' },
  ],
  rowKey: (row, index) => `${row.REPORT_DATE}-${row.SUB_ID}-${row.BRAND}-${index}`,
  usePage: useDeeplink4ConversionReports,
  totalCount: (page) => page.totalRecords,
  useDownload: useDownloadDeeplink4ConversionReports,
  fileName: CSV_FILE_NAMES.deeplink4,
};

/** Conversion report 4 (`/conversionReports4`, the deep links 4 source; SUB_ID in place of placement and click id). */
export function ConversionReport4Page({ viewer }: { viewer: ReportViewer }) {
  return <PartnerConversionReport viewer={viewer} config={REPORT_4} />;
}
