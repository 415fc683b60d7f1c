import { catalogApi } from '../../../lib/api-clients/catalog-api';

export const activeMerchantsQueryKey = ['catalog', 'merchants', 'active'] as const;

/** GET /home/getMerchants: the active merchants (those with products), by name; the Products merchant filter. */
export function useMerchants() {
  return catalogApi.getMerchants.useQuery({ queryKey: activeMerchantsQueryKey, staleTime: 5 * 60_000 });
}
