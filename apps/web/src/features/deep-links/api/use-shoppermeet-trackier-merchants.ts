import type { PartnerMerchantsQuery } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { catalogApi } from '../../../lib/api-clients/catalog-api';

export const shoppermeetTrackierMerchantsQueryKey = (query: PartnerMerchantsQuery) =>
  ['deep-links', 'shoppermeetTrackierMerchants', query] as const;

/** GET /shoppermeet/trackier/getMerchants: one page of the API 4 (New) merchants with their trackingLink. */
export function useShoppermeetTrackierMerchants(query: PartnerMerchantsQuery) {
  return catalogApi.shoppermeetTrackierMerchants.useQuery({
    queryKey: shoppermeetTrackierMerchantsQueryKey(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}
