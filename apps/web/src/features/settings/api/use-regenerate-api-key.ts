import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-clients/auth-api';
import { vendorSettingsQueryKey } from './use-vendor-settings';

/** POST /auth/regenerateApiKey: a new apiKey at once (the old one stops working); the settings are read again. */
export function useRegenerateApiKey() {
  const queryClient = useQueryClient();
  return authApi.regenerateApiKey.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorSettingsQueryKey }),
  });
}
