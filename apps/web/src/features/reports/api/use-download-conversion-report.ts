import { CSV_FILE_NAMES, type Contract } from '@publisher/contract';
import type { ClientInferRequest } from '@ts-rest/core';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { csvFileName, useCsvDownload } from '../../../lib/csv-download';

type Query = ClientInferRequest<Contract['reports']['connexityDownloadConversionReport']>['query'];

/** GET /v1/connexity/downloadConversionReport, saved as conversion_reports_{startDate}_to_{endDate}.csv. */
export function useDownloadConversionReport() {
  return useCsvDownload(
    (query: Query) => reportsApi.connexityDownloadConversionReport.query({ query }),
    (query) => csvFileName(CSV_FILE_NAMES.conversionReports, query),
  );
}
