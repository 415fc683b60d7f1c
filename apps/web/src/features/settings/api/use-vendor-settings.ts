import { settingsApi } from '../../../lib/api-clients/settings-api';

export const vendorSettingsQueryKey = ['settings', 'own'] as const;

/** GET /dashboard/settings: the signed-in vendor's apiKey, short-URL switch, secondary emails and domains. */
export function useVendorSettings() {
  return settingsApi.getSettings.useQuery({ queryKey: vendorSettingsQueryKey, queryData: { query: {} } });
}
