import { CSV_FILE_NAMES } from '@publisher/contract';
import { tsr } from '../../../lib/api-client';
import type { CampaignDownloadRequest } from '../lib/report-requests';
import { useCsvDownload } from './csv-download';

/** GET /newdashboard/downloadConversionReports2, saved as conversion_reports2.csv. */
export function useDownloadConversionReports2() {
  return useCsvDownload(
    (query: CampaignDownloadRequest) => tsr.reports.downloadConversionReports2.query({ query }),
    () => CSV_FILE_NAMES.conversionReports2,
  );
}
