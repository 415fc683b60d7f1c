import { keepPreviousData } from '@tanstack/react-query';
import { adminApi } from '../../../lib/api-clients/admin-api';
import { ADMIN_KEY } from './admin-key';

/**
 * GET /home/logs/esLogs: the search-engine logs, the searches made in product and merchant lists, most frequent
 * first (a vendor's own; every vendor's for the admin).
 */
export function useSearchLogs(page: number, pageSize: number) {
  return adminApi.esLogs.useQuery({
    queryKey: [...ADMIN_KEY, 'search-logs', page, pageSize],
    queryData: { query: { pageNo: page, pageSize: pageSize } },
    placeholderData: keepPreviousData,
  });
}
