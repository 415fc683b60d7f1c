import type { CountryMerchantsQuery } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { catalogApi } from '../../../lib/api-clients/catalog-api';

export const getCountryMerchantsQueryKey = (query: CountryMerchantsQuery) =>
  ['deep-links', 'getCountryMerchants', query] as const;

/** GET /home/getCountryMerchants: one page of the API 2 country-keyed merchants plus the per-country summary. */
export function useCountryMerchants(query: CountryMerchantsQuery) {
  return catalogApi.getCountryMerchants.useQuery({
    queryKey: getCountryMerchantsQueryKey(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}
