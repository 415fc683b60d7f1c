import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import type { ReportRangeRequest } from '../lib/report-requests';
import { requireOk } from './response-error';

export const earningsReportQueryKey = (body: ReportRangeRequest) => ['reports', 'earnings', body] as const;

/** POST /home/getEarningsReport: the dashboard's totals and one row per period. */
export function useEarningsReport(body: ReportRangeRequest) {
  return useQuery({
    queryKey: earningsReportQueryKey(body),
    queryFn: async () => requireOk(await tsr.reports.getEarningsReport.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
