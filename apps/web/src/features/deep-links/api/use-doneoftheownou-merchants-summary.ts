import type { MerchantSummaryQuery } from '@publisher/contract';
import { tsr } from '../../../lib/api-client';

export const doneoftheownouMerchantsSummaryQueryKey = (query: MerchantSummaryQuery) =>
  ['deep-links', 'doneoftheownouMerchantsSummary', query] as const;

/** GET /doneoftheownou/getMerchantsSummary: API 3 and 3 (New) merchants per country. */
export function useDoneoftheownouMerchantsSummary(query: MerchantSummaryQuery) {
  return tsr.catalog.doneoftheownouMerchantsSummary.useQuery({
    queryKey: doneoftheownouMerchantsSummaryQueryKey(query),
    queryData: { query },
  });
}
