import { tsr } from '../../../lib/api-client';

export const couponFiltersQueryKey = ['coupons', 'filters'] as const;

/** GET /coupons/getFilters: the Merchant Name (domainNames) and Coupon Type values with their counts. */
export function useCouponFilters() {
  return tsr.coupons.getFilters.useQuery({
    queryKey: couponFiltersQueryKey,
    queryData: { query: {} },
    staleTime: 5 * 60_000,
  });
}
