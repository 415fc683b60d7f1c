import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import type { ReportRangeRequest } from '../lib/report-requests';
import { requireOk } from './response-error';

export const conversionReportSummaryByDateQueryKey = (body: ReportRangeRequest) =>
  ['reports', 'conversion', 'summaryByDate', body] as const;

/** POST /home/getConversionReportSummaryByDate: the date-wise summary table of conversion report 1. */
export function useConversionReportSummaryByDate(body: ReportRangeRequest) {
  return useQuery({
    queryKey: conversionReportSummaryByDateQueryKey(body),
    queryFn: async () => requireOk(await tsr.reports.getConversionReportSummaryByDate.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
