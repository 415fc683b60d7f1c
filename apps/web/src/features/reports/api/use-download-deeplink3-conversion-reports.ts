import { CSV_FILE_NAMES, type Contract } from '@publisher/contract';
import type { ClientInferRequest } from '@ts-rest/core';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { csvFileName, useCsvDownload } from '../../../lib/csv-download';

type Query = ClientInferRequest<Contract['reports']['downloadDeeplink3ConversionReports']>['query'];

/** GET /doneoftheownou/downloadConversionReports, saved as conversion_reports3_{startDate}_to_{endDate}.csv. */
export function useDownloadDeeplink3ConversionReports() {
  return useCsvDownload(
    (query: Query) => reportsApi.downloadDeeplink3ConversionReports.query({ query }),
    (query) => csvFileName(CSV_FILE_NAMES.deeplink3, query),
  );
}
