import type { PartnerMerchantsQuery } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { catalogApi } from '../../../lib/api-clients/catalog-api';

export const doneoftheownouMerchantsQueryKey = (query: PartnerMerchantsQuery) =>
  ['deep-links', 'doneoftheownouMerchants', query] as const;

/** GET /doneoftheownou/getMerchants: one page of the API 3 merchants with their redirect_link template. */
export function useDoneoftheownouMerchants(query: PartnerMerchantsQuery) {
  return catalogApi.doneoftheownouMerchants.useQuery({
    queryKey: doneoftheownouMerchantsQueryKey(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}
