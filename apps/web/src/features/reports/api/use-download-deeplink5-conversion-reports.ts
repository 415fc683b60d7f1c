import { CSV_FILE_NAMES, type Contract } from '@publisher/contract';
import type { ClientInferRequest } from '@ts-rest/core';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { csvFileName, useCsvDownload } from '../../../lib/csv-download';

type Query = ClientInferRequest<Contract['reports']['downloadDeeplink5ConversionReports']>['query'];

/** GET /kelkoo/downloadConversionReports, saved as conversion_reports5_{startDate}_to_{endDate}.csv. */
export function useDownloadDeeplink5ConversionReports() {
  return useCsvDownload(
    (query: Query) => reportsApi.downloadDeeplink5ConversionReports.query({ query }),
    (query) => csvFileName(CSV_FILE_NAMES.deeplink5, query),
  );
}
