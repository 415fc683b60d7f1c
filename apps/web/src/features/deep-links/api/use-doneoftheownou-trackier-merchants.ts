import type { PartnerMerchantsQuery } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { catalogApi } from '../../../lib/api-clients/catalog-api';

export const doneoftheownouTrackierMerchantsQueryKey = (query: PartnerMerchantsQuery) =>
  ['deep-links', 'doneoftheownouTrackierMerchants', query] as const;

/** GET /doneoftheownou/trackier/getMerchants: one page of the API 3 (New) merchants with their trackingLink. */
export function useDoneoftheownouTrackierMerchants(query: PartnerMerchantsQuery) {
  return catalogApi.doneoftheownouTrackierMerchants.useQuery({
    queryKey: doneoftheownouTrackierMerchantsQueryKey(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}
