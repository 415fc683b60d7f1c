import type { MerchantSummaryQuery } from '@publisher/contract';
import { catalogApi } from '../../../lib/api-clients/catalog-api';

export const doneoftheownouMerchantsSummaryQueryKey = (query: MerchantSummaryQuery) =>
  ['deep-links', 'doneoftheownouMerchantsSummary', query] as const;

/** GET /doneoftheownou/getMerchantsSummary: API 3 and 3 (New) merchants per country. */
export function useDoneoftheownouMerchantsSummary(query: MerchantSummaryQuery) {
  return catalogApi.doneoftheownouMerchantsSummary.useQuery({
    queryKey: doneoftheownouMerchantsSummaryQueryKey(query),
    queryData: { query },
  });
}
