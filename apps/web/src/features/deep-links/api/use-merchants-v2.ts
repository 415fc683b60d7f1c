import type { MerchantsV2Query } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { catalogApi } from '../../../lib/api-clients/catalog-api';

export const getMerchantsV2QueryKey = (query: MerchantsV2Query) => ['deep-links', 'getMerchantsV2', query] as const;

/** GET /home/getMerchantsV2: the API 1 merchant search (connexity merchants; isPublisherAI for the CPA view). */
export function useMerchantsV2(query: MerchantsV2Query) {
  return catalogApi.getMerchantsV2.useQuery({
    queryKey: getMerchantsV2QueryKey(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}
