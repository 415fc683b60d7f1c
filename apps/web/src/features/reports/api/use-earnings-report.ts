import type { ReportRangeBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from '../../../lib/api-response';

/** POST /home/getEarningsReport: the dashboard's totals and one row per period. */
export function useEarningsReport(body: ReportRangeBody) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'earnings', body],
    queryFn: async () => requireOk(await reportsApi.getEarningsReport.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
