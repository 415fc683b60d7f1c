import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import type { ReportRangeRequest } from '../lib/report-requests';
import { requireOk } from './response-error';

export const conversionReportSummaryQueryKey = (body: ReportRangeRequest) =>
  ['reports', 'conversion', 'summary', body] as const;

/** POST /home/getConversionReportSummary: the five summary cards of conversion report 1. */
export function useConversionReportSummary(body: ReportRangeRequest) {
  return useQuery({
    queryKey: conversionReportSummaryQueryKey(body),
    queryFn: async () => requireOk(await tsr.reports.getConversionReportSummary.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
