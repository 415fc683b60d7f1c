import type { OrderHistoryBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from '../../../lib/api-response';
import { toWireBody, type ScreenPaged } from './screen-page';

/** POST /home/getOrderHistory: My Orders, newest first, one page (`page` as the screen counts it, from 1). */
export function useOrderHistory(body: ScreenPaged<OrderHistoryBody>) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'orders', body],
    queryFn: async () => requireOk(await reportsApi.getOrderHistory.mutate({ body: toWireBody(body) })),
    placeholderData: keepPreviousData,
  });
}
