import type { PartnerMerchantsQuery } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';

export const doneoftheownouMerchantsQueryKey = (query: PartnerMerchantsQuery) =>
  ['deep-links', 'doneoftheownouMerchants', query] as const;

/** GET /doneoftheownou/getMerchants: one page of the API 3 merchants with their redirect_link template. */
export function useDoneoftheownouMerchants(query: PartnerMerchantsQuery) {
  return tsr.catalog.doneoftheownouMerchants.useQuery({
    queryKey: doneoftheownouMerchantsQueryKey(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}
