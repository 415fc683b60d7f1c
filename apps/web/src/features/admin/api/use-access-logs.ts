import { keepPreviousData } from '@tanstack/react-query';
import { adminApi } from '../../../lib/api-clients/admin-api';
import { ADMIN_KEY } from './admin-key';

/** GET /home/logs/accessLogs: every authenticated call (vendor, method, path, status, time), newest first. */
export function useAccessLogs(page: number, pageSize: number) {
  return adminApi.accessLogs.useQuery({
    queryKey: [...ADMIN_KEY, 'access-logs', page, pageSize],
    queryData: { query: { pageNo: page, pageSize: pageSize } },
    placeholderData: keepPreviousData,
  });
}
