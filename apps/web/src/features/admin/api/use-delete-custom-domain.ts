import { useQueryClient } from '@tanstack/react-query';
import { settingsApi } from '../../../lib/api-clients/settings-api';
import { customDomainsQueryKey } from './use-custom-domains';

/** POST /dashboard/deleteDomain: deletes a custom domain by _id (admin). The list is read again afterwards, after a refusal too (an entry already gone answers 404). */
export function useDeleteCustomDomain() {
  const queryClient = useQueryClient();
  return settingsApi.deleteDomain.useMutation({
    onSettled: () => queryClient.invalidateQueries({ queryKey: customDomainsQueryKey }),
  });
}
