import { useQueryClient } from '@tanstack/react-query';
import { settingsApi } from '../../../lib/api-clients/settings-api';
import { vendorSettingsQueryKey } from './use-vendor-settings';

/** PUT /dashboard/settings: changes the sent fields; the cached settings become the answer. */
export function useUpdateVendorSettings() {
  const queryClient = settingsApi.initQueryClient(useQueryClient());
  return settingsApi.updateSettings.useMutation({
    onSuccess: (response) => {
      queryClient.getSettings.setQueryData(vendorSettingsQueryKey, (current) =>
        current ? { ...current, body: { data: response.body.data } } : current,
      );
    },
  });
}
