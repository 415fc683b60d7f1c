import type { ReportRangeBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from '../../../lib/api-response';

/** POST /home/getConversionReportSummary: the five summary cards of conversion report 1. */
export function useConversionReportSummary(body: ReportRangeBody) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'conversion', 'summary', body],
    queryFn: async () => requireOk(await tsr.reports.getConversionReportSummary.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
