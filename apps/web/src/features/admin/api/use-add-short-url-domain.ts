import { useQueryClient } from '@tanstack/react-query';
import { settingsApi } from '../../../lib/api-clients/settings-api';
import { shortUrlDomainsQueryKey } from './use-short-url-domains';

/** POST /dashboard/addShortURLDomainName: adds a host a vendor's short links may use (admin). The list is read again afterwards. */
export function useAddShortUrlDomain() {
  const queryClient = useQueryClient();
  return settingsApi.addShortURLDomainName.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shortUrlDomainsQueryKey }),
  });
}
