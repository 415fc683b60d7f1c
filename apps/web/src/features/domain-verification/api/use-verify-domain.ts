import { settingsApi } from '../../../lib/api-clients/settings-api';

/** GET /dashboard/verifyDomain?host: may the app load on this host, and under which white-label name (public). */
export function useVerifyDomain(host: string, isEnabled: boolean) {
  return settingsApi.verifyDomain.useQuery({
    queryKey: ['domain-verification', host],
    queryData: { query: { host } },
    enabled: isEnabled,
    staleTime: Infinity,
  });
}
