import type { MerchantSummaryQuery } from '@publisher/contract';
import { catalogApi } from '../../../lib/api-clients/catalog-api';

export const shoppermeetMerchantsSummaryQueryKey = (query: MerchantSummaryQuery) =>
  ['deep-links', 'shoppermeetMerchantsSummary', query] as const;

/** GET /shoppermeet/getMerchantsSummary: API 4 and 4 (New) merchants per country. */
export function useShoppermeetMerchantsSummary(query: MerchantSummaryQuery) {
  return catalogApi.shoppermeetMerchantsSummary.useQuery({
    queryKey: shoppermeetMerchantsSummaryQueryKey(query),
    queryData: { query },
  });
}
