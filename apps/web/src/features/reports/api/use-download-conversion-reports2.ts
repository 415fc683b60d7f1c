import { CSV_FILE_NAMES, type Contract } from '@publisher/contract';
import type { ClientInferRequest } from '@ts-rest/core';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { csvFileName, useCsvDownload } from '../../../lib/csv-download';

type Query = ClientInferRequest<Contract['reports']['downloadConversionReports2']>['query'];

/** GET /newdashboard/downloadConversionReports2, saved as conversion_reports2_{startDate}_to_{endDate}.csv. */
export function useDownloadConversionReports2() {
  return useCsvDownload(
    (query: Query) => reportsApi.downloadConversionReports2.query({ query }),
    (query) => csvFileName(CSV_FILE_NAMES.conversionReports2, query),
  );
}
