import { useQueryClient } from '@tanstack/react-query';
import { settingsApi } from '../../../lib/api-clients/settings-api';
import { shortUrlDomainsQueryKey } from './use-short-url-domains';

/** POST /dashboard/deleteShortURLDomain: deletes a short URL domain by _id (admin). The list is read again afterwards, after a refusal too (an entry already gone answers 404). */
export function useDeleteShortUrlDomain() {
  const queryClient = useQueryClient();
  return settingsApi.deleteShortURLDomain.useMutation({
    onSettled: () => queryClient.invalidateQueries({ queryKey: shortUrlDomainsQueryKey }),
  });
}
