import { reportsApi } from '../../../lib/api-clients/reports-api';
import { ADMIN_KEY } from './admin-key';

/**
 * GET /home/logs/apiLogs: calls counted per vendor. `all` counts every authenticated call (the access report's
 * table one), `apiKey` only the calls scripts make with an apiKey.
 */
export function useApiLogs(calls: 'all' | 'apiKey') {
  return reportsApi.apiLogs.useQuery({
    queryKey: [...ADMIN_KEY, 'api-logs', calls],
    queryData: { query: { calls } },
  });
}
