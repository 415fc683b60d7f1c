import type { MerchantSummaryQuery } from '@publisher/contract';
import { tsr } from '../../../lib/api-client';

export const kelkooMerchantsSummaryQueryKey = (query: MerchantSummaryQuery) =>
  ['deep-links', 'kelkooMerchantsSummary', query] as const;

/** GET /kelkoo/getMerchantsSummary: API 5 merchants per country. */
export function useKelkooMerchantsSummary(query: MerchantSummaryQuery) {
  return tsr.catalog.kelkooMerchantsSummary.useQuery({
    queryKey: kelkooMerchantsSummaryQueryKey(query),
    queryData: { query },
  });
}
