import type { OrderHistoryBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import { requireOk } from './response-error';

export const orderHistoryQueryKey = (body: OrderHistoryBody) => ['reports', 'orders', body] as const;

/** POST /home/getOrderHistory: My Orders, newest first, one page (1-based). */
export function useOrderHistory(body: OrderHistoryBody) {
  return useQuery({
    queryKey: orderHistoryQueryKey(body),
    queryFn: async () => requireOk(await tsr.reports.getOrderHistory.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
