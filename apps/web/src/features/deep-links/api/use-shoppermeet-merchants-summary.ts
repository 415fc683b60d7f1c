import type { MerchantSummaryQuery } from '@publisher/contract';
import { tsr } from '../../../lib/api-client';

export const shoppermeetMerchantsSummaryQueryKey = (query: MerchantSummaryQuery) =>
  ['deep-links', 'shoppermeetMerchantsSummary', query] as const;

/** GET /shoppermeet/getMerchantsSummary: API 4 and 4 (New) merchants per country. */
export function useShoppermeetMerchantsSummary(query: MerchantSummaryQuery) {
  return tsr.catalog.shoppermeetMerchantsSummary.useQuery({
    queryKey: shoppermeetMerchantsSummaryQueryKey(query),
    queryData: { query },
  });
}
