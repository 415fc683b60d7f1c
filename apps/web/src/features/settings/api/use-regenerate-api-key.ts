import { tsr } from '../../../lib/api-client';
import { vendorSettingsQueryKey } from './use-vendor-settings';

/** POST /auth/regenerateApiKey: a new apiKey at once (the old one stops working); the settings are read again. */
export function useRegenerateApiKey() {
  const queryClient = tsr.useQueryClient();
  return tsr.auth.regenerateApiKey.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorSettingsQueryKey }),
  });
}
