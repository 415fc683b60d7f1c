import { CSV_FILE_NAMES } from '@publisher/contract';
import { tsr } from '../../../lib/api-client';
import type { QualityDownloadRequest } from '../lib/report-requests';
import { useCsvDownload } from './csv-download';

/** GET /reports/downloadQualityReport, saved as {groupBy}_quality_reports.csv. */
export function useDownloadQualityReport() {
  return useCsvDownload(
    (query: QualityDownloadRequest) => tsr.reports.downloadQualityReport.query({ query }),
    (query) => CSV_FILE_NAMES.quality(query.groupBy),
  );
}
