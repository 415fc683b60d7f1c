import { CSV_FILE_NAMES, type Contract } from '@publisher/contract';
import type { ClientInferRequest } from '@ts-rest/core';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { useCsvDownload } from '../../../lib/csv-download';

type Query = ClientInferRequest<Contract['reports']['downloadConversionReportsAll']>['query'];

/** GET /reports/downloadConversionReportsAll (the download page), saved as conversion_reports.csv. */
export function useDownloadConversionReportsAll() {
  return useCsvDownload(
    (query: Query) => reportsApi.downloadConversionReportsAll.query({ query }),
    () => CSV_FILE_NAMES.conversionReports,
  );
}
