import { CSV_FILE_NAMES, type Contract } from '@publisher/contract';
import type { ClientInferRequest } from '@ts-rest/core';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { csvFileName, useCsvDownload } from '../../../lib/csv-download';

type Query = ClientInferRequest<Contract['reports']['downloadQualityReport']>['query'];

/** GET /reports/downloadQualityReport, saved as {groupBy}_quality_reports_{startDate}_to_{endDate}.csv. */
export function useDownloadQualityReport() {
  return useCsvDownload(
    (query: Query) => reportsApi.downloadQualityReport.query({ query }),
    (query) => csvFileName(CSV_FILE_NAMES.quality(query.groupBy), query),
  );
}
