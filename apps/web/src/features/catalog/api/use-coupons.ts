import type { CouponsQuery } from '@publisher/contract';
import { keepPreviousData, skipToken } from '@tanstack/react-query';
import { couponsApi } from '../../../lib/api-clients/coupons-api';

export const couponsQueryKey = (query: CouponsQuery | null) => ['coupons', 'list', query] as const;

/** GET /coupons/getcoupons: one page of coupons (1-based). Idle while `query` is null (e.g. dates in conflict). */
export function useCoupons(query: CouponsQuery | null) {
  return couponsApi.getCoupons.useQuery({
    queryKey: couponsQueryKey(query),
    queryData: query ? { query } : skipToken,
    // The previous page stays on screen while the next one loads, but never under an idle query: coupons of
    // filters the user has since made invalid must not stay listed (with working links) as if they still applied.
    placeholderData: query ? keepPreviousData : undefined,
    // Part 2 §4: a page or filter change always asks the server again, even for a page seen a moment ago.
    staleTime: 0,
  });
}
