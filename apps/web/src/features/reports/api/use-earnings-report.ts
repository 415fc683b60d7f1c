import type { ReportRangeBody } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { useContractQuery } from '../../../lib/contract-query';

/** POST /home/getEarningsReport: the dashboard's totals and one row per period. */
export function useEarningsReport(body: ReportRangeBody) {
  return useContractQuery({
    queryKey: [...REPORTS_KEY, 'earnings', body],
    request: (signal) => reportsApi.getEarningsReport.mutate({ body, fetchOptions: { signal } }),
    placeholderData: keepPreviousData,
  });
}
