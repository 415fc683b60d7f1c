import { CSV_FILE_NAMES } from '@publisher/contract';
import { tsr } from '../../../lib/api-client';
import type { ConnexityDownloadRequest } from '../lib/report-requests';
import { useCsvDownload } from './csv-download';

/** GET /v1/connexity/downloadConversionReportByDate, saved as conversion_reports_day_wise.csv. */
export function useDownloadConversionReportByDate() {
  return useCsvDownload(
    (query: ConnexityDownloadRequest) => tsr.reports.connexityDownloadConversionReportByDate.query({ query }),
    () => CSV_FILE_NAMES.conversionReportsDayWise,
  );
}
