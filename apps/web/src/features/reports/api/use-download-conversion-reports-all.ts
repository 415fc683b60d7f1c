import { CSV_FILE_NAMES, type Contract } from '@publisher/contract';
import type { ClientInferRequest } from '@ts-rest/core';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { csvFileName, useCsvDownload } from '../../../lib/csv-download';

type Query = ClientInferRequest<Contract['reports']['downloadConversionReportsAll']>['query'];

/**
 * GET /reports/downloadConversionReportsAll (the download page), saved as
 * conversion_reports_{startDate}_to_{endDate}.csv (conversion_reports.csv when the link carries no dates). The page
 * says the download completed in its own content, so no toast repeats it.
 */
export function useDownloadConversionReportsAll() {
  return useCsvDownload(
    (query: Query) => reportsApi.downloadConversionReportsAll.query({ query }),
    (query) => csvFileName(CSV_FILE_NAMES.conversionReports, query),
    { isConfirmedByToast: false },
  );
}
