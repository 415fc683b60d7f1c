import { tsr } from '../../../lib/api-client';
import { vendorSettingsQueryKey } from './use-vendor-settings';

/** PUT /dashboard/settings: changes the sent fields; the cached settings become the answer. */
export function useUpdateVendorSettings() {
  const queryClient = tsr.useQueryClient();
  return tsr.settings.updateSettings.useMutation({
    onSuccess: (response) => {
      queryClient.settings.getSettings.setQueryData(vendorSettingsQueryKey, (current) =>
        current ? { ...current, body: { data: response.body.data } } : current,
      );
    },
  });
}
