import { CSV_FILE_NAMES } from '@publisher/contract';
import { tsr } from '../../../lib/api-client';
import type { ConnexityDownloadRequest } from '../lib/report-requests';
import { useCsvDownload } from './csv-download';

/** GET /v1/connexity/downloadConversionReport, saved as conversion_reports.csv. */
export function useDownloadConversionReport() {
  return useCsvDownload(
    (query: ConnexityDownloadRequest) => tsr.reports.connexityDownloadConversionReport.query({ query }),
    () => CSV_FILE_NAMES.conversionReports,
  );
}
