import { CSV_FILE_NAMES } from '@publisher/contract';
import { tsr } from '../../../lib/api-client';
import type { CampaignDownloadRequest } from '../lib/report-requests';
import { useCsvDownload } from './csv-download';

/** GET /doneoftheownou/downloadConversionReports, saved as conversion_reports3.csv. */
export function useDownloadDeeplink3ConversionReports() {
  return useCsvDownload(
    (query: CampaignDownloadRequest) => tsr.reports.downloadDeeplink3ConversionReports.query({ query }),
    () => CSV_FILE_NAMES.deeplink3,
  );
}
