import { CSV_FILE_NAMES } from '@publisher/contract';
import { tsr } from '../../../lib/api-client';
import type { DownloadAllRequest } from '../lib/report-requests';
import { useCsvDownload } from './csv-download';

/** GET /reports/downloadConversionReportsAll (the download page), saved as conversion_reports.csv. */
export function useDownloadConversionReportsAll() {
  return useCsvDownload(
    (query: DownloadAllRequest) => tsr.reports.downloadConversionReportsAll.query({ query }),
    () => CSV_FILE_NAMES.conversionReports,
  );
}
