import type { OrderHistoryBody } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { toWireBody, type ScreenPaged } from './screen-page';
import { useContractQuery } from '../../../lib/contract-query';

/** POST /home/getOrderHistory: My Orders, newest first, one page (`page` as the screen counts it, from 1). */
export function useOrderHistory(body: ScreenPaged<OrderHistoryBody>) {
  return useContractQuery({
    queryKey: [...REPORTS_KEY, 'orders', body],
    request: (signal) => reportsApi.getOrderHistory.mutate({ body: toWireBody(body), fetchOptions: { signal } }),
    placeholderData: keepPreviousData,
  });
}
