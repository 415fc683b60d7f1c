import type { PartnerMerchantsQuery } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { catalogApi } from '../../../lib/api-clients/catalog-api';

export const shoppermeetMerchantsQueryKey = (query: PartnerMerchantsQuery) =>
  ['deep-links', 'shoppermeetMerchants', query] as const;

/** GET /shoppermeet/getMerchants: one page of the API 4 merchants with their redirect_link template. */
export function useShoppermeetMerchants(query: PartnerMerchantsQuery) {
  return catalogApi.shoppermeetMerchants.useQuery({
    queryKey: shoppermeetMerchantsQueryKey(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}
