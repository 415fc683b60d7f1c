import { CSV_FILE_NAMES } from '@publisher/contract';
import { tsr } from '../../../lib/api-client';
import type { CampaignDownloadRequest } from '../lib/report-requests';
import { useCsvDownload } from './csv-download';

/** GET /kelkoo/downloadConversionReports, saved as conversion_reports5.csv. */
export function useDownloadDeeplink5ConversionReports() {
  return useCsvDownload(
    (query: CampaignDownloadRequest) => tsr.reports.downloadDeeplink5ConversionReports.query({ query }),
    () => CSV_FILE_NAMES.deeplink5,
  );
}
