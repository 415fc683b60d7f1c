import { couponsApi } from '../../../lib/api-clients/coupons-api';

export const cashbackFiltersQueryKey = ['coupons', 'cashback-filters'] as const;

/** GET /coupons/getCashbackFilters: the Country Name values (and categories) with their counts. */
export function useCashbackFilters() {
  return couponsApi.getCashbackFilters.useQuery({
    queryKey: cashbackFiltersQueryKey,
    queryData: { query: {} },
    staleTime: 5 * 60_000,
  });
}
