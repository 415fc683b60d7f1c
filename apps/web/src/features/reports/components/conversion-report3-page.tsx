import { CSV_FILE_NAMES } from '@publisher/contract';
import { useDeeplink3ConversionReports } from '../api/use-deeplink3-conversion-reports';
import { useDownloadDeeplink3ConversionReports } from '../api/use-download-deeplink3-conversion-reports';
import type { Deeplink3Page, Deeplink3Row } from '../lib/report-rows';
import type { ReportViewer } from '../lib/report-viewer';
import { PartnerConversionReport, type PartnerConversionReportConfig } from './partner-conversion-report';

const REPORT_3: PartnerConversionReportConfig<Deeplink3Row, Deeplink3Page> = {
  title: 'Conversion Reports 3',
  precision: 'report1',
  columns: [
    { key: 'REPORT_DATE', format: 'date' },
    { key: 'CAMPAIGN_ID' },
    { key: 'BRAND' },
    { key: 'PLACEMENT_ID' },
    { key: 'CLICK_ID' },
    { key: 'COUNTRY' },
    { key: 'CLICKS', format: 'count' },
    { key: 'REVENUE', format: 'money' },
  ],
  rowKey: (row, index) => `${row.REPORT_DATE}-${row.PLACEMENT_ID}-${row.CLICK_ID}-${row.BRAND}-${index}`,
  usePage: useDeeplink3ConversionReports,
  totalCount: (page) => page.totalRecords,
  useDownload: useDownloadDeeplink3ConversionReports,
  fileName: CSV_FILE_NAMES.deeplink3,
};

/** Conversion report 3 (`/conversionReports3`, the deep links 3 source). */
export function ConversionReport3Page({ viewer }: { viewer: ReportViewer }) {
  return <PartnerConversionReport viewer={viewer} config={REPORT_3} />;
}
