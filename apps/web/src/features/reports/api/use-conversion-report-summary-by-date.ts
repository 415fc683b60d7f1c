import type { ReportRangeBody } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { useContractQuery } from '../../../lib/contract-query';

/** POST /home/getConversionReportSummaryByDate: the date-wise summary table of conversion report 1. */
export function useConversionReportSummaryByDate(body: ReportRangeBody) {
  return useContractQuery({
    queryKey: [...REPORTS_KEY, 'conversion', 'summaryByDate', body],
    request: (signal) => reportsApi.getConversionReportSummaryByDate.mutate({ body, fetchOptions: { signal } }),
    placeholderData: keepPreviousData,
  });
}
