import { tsr } from '../../../lib/api-client';

/** GET /dashboard/verifyDomain?host: may the app load on this host, and under which white-label name (public). */
export function useVerifyDomain(host: string, isEnabled: boolean) {
  return tsr.settings.verifyDomain.useQuery({
    queryKey: ['domain-verification', host],
    queryData: { query: { host } },
    enabled: isEnabled,
    staleTime: Infinity,
  });
}
