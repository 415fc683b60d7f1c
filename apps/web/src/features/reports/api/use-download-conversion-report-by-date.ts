import { CSV_FILE_NAMES, type Contract } from '@publisher/contract';
import type { ClientInferRequest } from '@ts-rest/core';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { csvFileName, useCsvDownload } from '../../../lib/csv-download';

type Query = ClientInferRequest<Contract['reports']['connexityDownloadConversionReportByDate']>['query'];

/**
 * GET /v1/connexity/downloadConversionReportByDate, saved as
 * conversion_reports_day_wise_{startDate}_to_{endDate}.csv.
 */
export function useDownloadConversionReportByDate() {
  return useCsvDownload(
    (query: Query) => reportsApi.connexityDownloadConversionReportByDate.query({ query }),
    (query) => csvFileName(CSV_FILE_NAMES.conversionReportsDayWise, query),
  );
}
