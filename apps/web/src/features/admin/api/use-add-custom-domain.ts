import { useQueryClient } from '@tanstack/react-query';
import { settingsApi } from '../../../lib/api-clients/settings-api';
import { customDomainsQueryKey } from './use-custom-domains';

/** POST /dashboard/addDomainName: adds a vendor's white-label domain (admin). The list is read again afterwards. */
export function useAddCustomDomain() {
  const queryClient = useQueryClient();
  return settingsApi.addDomainName.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customDomainsQueryKey }),
  });
}
