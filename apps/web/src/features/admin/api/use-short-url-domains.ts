import { tsr } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-key';

export const shortUrlDomainsQueryKey = [...ADMIN_KEY, 'short-url-domains'] as const;

/** GET /dashboard/allShortURLDomains: every short URL domain, newest first (admin). */
export function useShortUrlDomains() {
  return tsr.settings.allShortURLDomains.useQuery({ queryKey: shortUrlDomainsQueryKey });
}
