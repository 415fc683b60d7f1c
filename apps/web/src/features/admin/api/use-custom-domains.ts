import { tsr } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-key';

export const customDomainsQueryKey = [...ADMIN_KEY, 'custom-domains'] as const;

/** GET /dashboard/allCustomDomains: every custom domain, newest first (admin). */
export function useCustomDomains() {
  return tsr.settings.allCustomDomains.useQuery({ queryKey: customDomainsQueryKey });
}
