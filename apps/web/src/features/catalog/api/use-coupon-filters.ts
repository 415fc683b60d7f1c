import { couponsApi } from '../../../lib/api-clients/coupons-api';

export const couponFiltersQueryKey = ['coupons', 'filters'] as const;

/**
 * GET /coupons/getFilters: the Merchant Name (domainNames) and Coupon Type values with their counts; with
 * `validOnly`, counted over the coupons running now, to match a list asked with validCoupons=true.
 */
export function useCouponFilters(validOnly: boolean) {
  return couponsApi.getFilters.useQuery({
    queryKey: [...couponFiltersQueryKey, validOnly],
    queryData: { query: validOnly ? { validCoupons: 'true' } : {} },
    staleTime: 5 * 60_000,
  });
}
