import type { OrderHistoryBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from './response-error';

/** POST /home/getOrderHistory: My Orders, newest first, one page (1-based). */
export function useOrderHistory(body: OrderHistoryBody) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'orders', body],
    queryFn: async () => requireOk(await tsr.reports.getOrderHistory.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
