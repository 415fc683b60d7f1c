import type { ReportRangeBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from '../../../lib/api-response';

/** POST /home/getTopPerformers: the dashboard's top merchants and placements of the range and type. */
export function useTopPerformers(body: ReportRangeBody) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'top-performers', body],
    queryFn: async () => requireOk(await reportsApi.getTopPerformers.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
