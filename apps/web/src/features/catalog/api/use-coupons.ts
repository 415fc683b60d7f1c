import type { CouponsQuery } from '@publisher/contract';
import { keepPreviousData, skipToken } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';

export const couponsQueryKey = (query: CouponsQuery | null) => ['coupons', 'list', query] as const;

/** GET /coupons/getcoupons: one page of coupons (1-based). Idle while `query` is null (e.g. dates in conflict). */
export function useCoupons(query: CouponsQuery | null) {
  return tsr.coupons.getCoupons.useQuery({
    queryKey: couponsQueryKey(query),
    queryData: query ? { query } : skipToken,
    placeholderData: keepPreviousData,
    // Part 2 §4: a page or filter change always asks the server again, even for a page seen a moment ago.
    staleTime: 0,
  });
}
