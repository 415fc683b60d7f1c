import { settingsApi } from '../../../lib/api-clients/settings-api';
import { ADMIN_KEY } from './admin-key';

export const customDomainsQueryKey = [...ADMIN_KEY, 'custom-domains'] as const;

/** GET /dashboard/allCustomDomains: every custom domain, newest first (admin). */
export function useCustomDomains() {
  return settingsApi.allCustomDomains.useQuery({ queryKey: customDomainsQueryKey });
}
