import { settingsApi } from '../../../lib/api-clients/settings-api';
import { ADMIN_KEY } from './admin-key';

export const shortUrlDomainsQueryKey = [...ADMIN_KEY, 'short-url-domains'] as const;

/** GET /dashboard/allShortURLDomains: every short URL domain, newest first (admin). */
export function useShortUrlDomains() {
  return settingsApi.allShortURLDomains.useQuery({ queryKey: shortUrlDomainsQueryKey });
}
