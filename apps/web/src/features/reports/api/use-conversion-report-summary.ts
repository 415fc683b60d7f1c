import type { ReportRangeBody } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { useContractQuery } from '../../../lib/contract-query';

/** POST /home/getConversionReportSummary: the five summary cards of conversion report 1. */
export function useConversionReportSummary(body: ReportRangeBody) {
  return useContractQuery({
    queryKey: [...REPORTS_KEY, 'conversion', 'summary', body],
    request: (signal) => reportsApi.getConversionReportSummary.mutate({ body, fetchOptions: { signal } }),
    placeholderData: keepPreviousData,
  });
}
