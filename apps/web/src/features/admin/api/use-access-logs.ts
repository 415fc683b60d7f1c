import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-key';

/** GET /home/logs/accessLogs: every authenticated call (vendor, method, path, status, time), newest first. */
export function useAccessLogs(page: number, pageSize: number) {
  return tsr.admin.accessLogs.useQuery({
    queryKey: [...ADMIN_KEY, 'access-logs', page, pageSize],
    queryData: { query: { pageNo: String(page), pageSize: String(pageSize) } },
    placeholderData: keepPreviousData,
  });
}
