import type { ReportRangeBody } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { useContractQuery } from '../../../lib/contract-query';

/** POST /home/getTopPerformers: the dashboard's top merchants and placements of the range and type. */
export function useTopPerformers(body: ReportRangeBody) {
  return useContractQuery({
    queryKey: [...REPORTS_KEY, 'top-performers', body],
    request: (signal) => reportsApi.getTopPerformers.mutate({ body, fetchOptions: { signal } }),
    placeholderData: keepPreviousData,
  });
}
