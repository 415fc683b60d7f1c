import { CSV_FILE_NAMES, type Contract } from '@publisher/contract';
import type { ClientInferRequest } from '@ts-rest/core';
import { tsr } from '../../../lib/api-client';
import { useCsvDownload } from '../../../lib/csv-download';

type Query = ClientInferRequest<Contract['reports']['downloadConversionReportsAll']>['query'];

/** GET /reports/downloadConversionReportsAll (the download page), saved as conversion_reports.csv. */
export function useDownloadConversionReportsAll() {
  return useCsvDownload(
    (query: Query) => tsr.reports.downloadConversionReportsAll.query({ query }),
    () => CSV_FILE_NAMES.conversionReports,
  );
}
