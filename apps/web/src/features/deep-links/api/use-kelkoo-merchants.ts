import type { KelkooMerchantsQuery } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { catalogApi } from '../../../lib/api-clients/catalog-api';

export const kelkooMerchantsQueryKey = (query: KelkooMerchantsQuery) =>
  ['deep-links', 'kelkooMerchants', query] as const;

/** GET /kelkoo/getMerchants: one page of the API 5 merchants (country, name, url, estimated CPC). */
export function useKelkooMerchants(query: KelkooMerchantsQuery) {
  return catalogApi.kelkooMerchants.useQuery({
    queryKey: kelkooMerchantsQueryKey(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}
