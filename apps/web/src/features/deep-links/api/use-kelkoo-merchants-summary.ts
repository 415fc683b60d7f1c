import type { MerchantSummaryQuery } from '@publisher/contract';
import { catalogApi } from '../../../lib/api-clients/catalog-api';

export const kelkooMerchantsSummaryQueryKey = (query: MerchantSummaryQuery) =>
  ['deep-links', 'kelkooMerchantsSummary', query] as const;

/** GET /kelkoo/getMerchantsSummary: API 5 merchants per country. */
export function useKelkooMerchantsSummary(query: MerchantSummaryQuery) {
  return catalogApi.kelkooMerchantsSummary.useQuery({
    queryKey: kelkooMerchantsSummaryQueryKey(query),
    queryData: { query },
  });
}
