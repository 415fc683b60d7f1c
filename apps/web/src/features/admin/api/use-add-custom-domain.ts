import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import { customDomainsQueryKey } from './use-custom-domains';

/** POST /dashboard/addDomainName: adds a vendor's white-label domain (admin). The list is read again afterwards. */
export function useAddCustomDomain() {
  const queryClient = useQueryClient();
  return tsr.settings.addDomainName.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customDomainsQueryKey }),
  });
}
