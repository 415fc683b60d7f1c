import { CSV_FILE_NAMES } from '@publisher/contract';
import { tsr } from '../../../lib/api-client';
import type { CampaignDownloadRequest } from '../lib/report-requests';
import { useCsvDownload } from './csv-download';

/** GET /shoppermeet/downloadConversionReports, saved as conversion_reports4.csv. */
export function useDownloadDeeplink4ConversionReports() {
  return useCsvDownload(
    (query: CampaignDownloadRequest) => tsr.reports.downloadDeeplink4ConversionReports.query({ query }),
    () => CSV_FILE_NAMES.deeplink4,
  );
}
