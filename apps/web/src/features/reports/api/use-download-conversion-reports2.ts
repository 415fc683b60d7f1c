import { CSV_FILE_NAMES, type Contract } from '@publisher/contract';
import type { ClientInferRequest } from '@ts-rest/core';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { useCsvDownload } from '../../../lib/csv-download';

type Query = ClientInferRequest<Contract['reports']['downloadConversionReports2']>['query'];

/** GET /newdashboard/downloadConversionReports2, saved as conversion_reports2.csv. */
export function useDownloadConversionReports2() {
  return useCsvDownload(
    (query: Query) => reportsApi.downloadConversionReports2.query({ query }),
    () => CSV_FILE_NAMES.conversionReports2,
  );
}
