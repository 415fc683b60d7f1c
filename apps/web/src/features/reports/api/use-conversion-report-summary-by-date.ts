import type { ReportRangeBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from '../../../lib/api-response';

/** POST /home/getConversionReportSummaryByDate: the date-wise summary table of conversion report 1. */
export function useConversionReportSummaryByDate(body: ReportRangeBody) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'conversion', 'summaryByDate', body],
    queryFn: async () => requireOk(await tsr.reports.getConversionReportSummaryByDate.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
