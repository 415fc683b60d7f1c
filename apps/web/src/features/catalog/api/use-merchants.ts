import { tsr } from '../../../lib/api-client';

export const activeMerchantsQueryKey = ['catalog', 'merchants', 'active'] as const;

/** GET /home/getMerchants: the active merchants (those with products), by name; the Products merchant filter. */
export function useMerchants() {
  return tsr.catalog.getMerchants.useQuery({ queryKey: activeMerchantsQueryKey, staleTime: 5 * 60_000 });
}
