import type { CountryMerchantsQuery } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';

export const getCountryMerchantsQueryKey = (query: CountryMerchantsQuery) =>
  ['deep-links', 'getCountryMerchants', query] as const;

/** GET /home/getCountryMerchants: one page of the API 2 country-keyed merchants plus the per-country summary. */
export function useCountryMerchants(query: CountryMerchantsQuery) {
  return tsr.catalog.getCountryMerchants.useQuery({
    queryKey: getCountryMerchantsQueryKey(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}
