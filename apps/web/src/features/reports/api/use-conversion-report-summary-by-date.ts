import type { ReportRangeBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from '../../../lib/api-response';

/** POST /home/getConversionReportSummaryByDate: the date-wise summary table of conversion report 1. */
export function useConversionReportSummaryByDate(body: ReportRangeBody) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'conversion', 'summaryByDate', body],
    queryFn: async () => requireOk(await reportsApi.getConversionReportSummaryByDate.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
