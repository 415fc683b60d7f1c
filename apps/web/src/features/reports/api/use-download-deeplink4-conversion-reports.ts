import { CSV_FILE_NAMES, type Contract } from '@publisher/contract';
import type { ClientInferRequest } from '@ts-rest/core';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { csvFileName, useCsvDownload } from '../../../lib/csv-download';

type Query = ClientInferRequest<Contract['reports']['downloadDeeplink4ConversionReports']>['query'];

/** GET /shoppermeet/downloadConversionReports, saved as conversion_reports4_{startDate}_to_{endDate}.csv. */
export function useDownloadDeeplink4ConversionReports() {
  return useCsvDownload(
    (query: Query) => reportsApi.downloadDeeplink4ConversionReports.query({ query }),
    (query) => csvFileName(CSV_FILE_NAMES.deeplink4, query),
  );
}
