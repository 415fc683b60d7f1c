import type { CashbackQuery } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { couponsApi } from '../../../lib/api-clients/coupons-api';

export const cashbackQueryKey = (query: CashbackQuery) => ['coupons', 'cashback', query] as const;

/** GET /coupons/getcashback: one page of cashback offers (1-based). */
export function useCashback(query: CashbackQuery) {
  return couponsApi.getCashback.useQuery({
    queryKey: cashbackQueryKey(query),
    queryData: { query },
    placeholderData: keepPreviousData,
    // Part 2 §4: a page or filter change always asks the server again, even for a page seen a moment ago.
    staleTime: 0,
  });
}
