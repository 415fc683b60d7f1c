import { catalogApi } from '../../../lib/api-clients/catalog-api';

export const allMerchantsQueryKey = ['catalog', 'merchants', 'all'] as const;

/** GET /home/getAllMerchants: every connexity merchant the viewer may see, active or not, by name. */
export function useAllMerchants() {
  return catalogApi.getAllMerchants.useQuery({ queryKey: allMerchantsQueryKey, staleTime: 5 * 60_000 });
}
