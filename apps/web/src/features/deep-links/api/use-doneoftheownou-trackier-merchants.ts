import type { PartnerMerchantsQuery } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';

export const doneoftheownouTrackierMerchantsQueryKey = (query: PartnerMerchantsQuery) =>
  ['deep-links', 'doneoftheownouTrackierMerchants', query] as const;

/** GET /doneoftheownou/trackier/getMerchants: one page of the API 3 (New) merchants with their trackingLink. */
export function useDoneoftheownouTrackierMerchants(query: PartnerMerchantsQuery) {
  return tsr.catalog.doneoftheownouTrackierMerchants.useQuery({
    queryKey: doneoftheownouTrackierMerchantsQueryKey(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}
