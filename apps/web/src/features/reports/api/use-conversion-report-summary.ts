import type { ReportRangeBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from '../../../lib/api-response';

/** POST /home/getConversionReportSummary: the five summary cards of conversion report 1. */
export function useConversionReportSummary(body: ReportRangeBody) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'conversion', 'summary', body],
    queryFn: async () => requireOk(await reportsApi.getConversionReportSummary.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
