import { tsr } from '../../../lib/api-client';

export const vendorSettingsQueryKey = ['settings', 'own'] as const;

/** GET /dashboard/settings: the signed-in vendor's apiKey, short-URL switch, secondary emails and domains. */
export function useVendorSettings() {
  return tsr.settings.getSettings.useQuery({ queryKey: vendorSettingsQueryKey, queryData: { query: {} } });
}
