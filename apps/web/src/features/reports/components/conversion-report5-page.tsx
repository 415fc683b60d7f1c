import { CSV_FILE_NAMES } from '@publisher/contract';
import { useDeeplink5ConversionReports } from '../api/use-deeplink5-conversion-reports';
import { useDownloadDeeplink5ConversionReports } from '../api/use-download-deeplink5-conversion-reports';
import type { Deeplink5Page, Deeplink5Row } from '../lib/report-rows';
import type { ReportViewer } from '../lib/report-viewer';
import { PartnerConversionReport, type PartnerConversionReportConfig } from './partner-conversion-report';

const REPORT_5: PartnerConversionReportConfig<Deeplink5Row, Deeplink5Page> = {
  title: 'Conversion Reports 5',
  precision: 'report1',
  columns: [
    { key: 'REPORT_DATE', format: 'date' },
    { key: 'CAMPAIGN_ID' },
    { key: 'MERCHANT_NAME' },
    { key: 'COUNTRY' },
    { key: 'CLICKS', format: 'count' },
    { key: 'CPC', format: 'money' },
    { key: 'REVENUE', format: 'money' },
  ],
  rowKey: (row, index) => `${row.REPORT_DATE}-${row.MERCHANT_NAME}-${row.COUNTRY}-${index}`,
  usePage: useDeeplink5ConversionReports,
  totalCount: (page) => page.totalRecords,
  useDownload: useDownloadDeeplink5ConversionReports,
  fileName: CSV_FILE_NAMES.deeplink5,
};

/** Conversion report 5 (`/conversionReports5`, the deep links 5 source, CPC only). */
export function ConversionReport5Page({ viewer }: { viewer: ReportViewer }) {
  return <PartnerConversionReport viewer={viewer} config={REPORT_5} />;
}
