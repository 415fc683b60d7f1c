import { tsr } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-key';

/** GET /home/logs/apiLogs: authenticated API calls counted per vendor (every vendor for the admin). */
export function useApiLogs() {
  return tsr.reports.apiLogs.useQuery({ queryKey: [...ADMIN_KEY, 'api-logs'] });
}
