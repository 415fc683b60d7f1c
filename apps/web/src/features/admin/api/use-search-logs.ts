import { keepPreviousData } from '@tanstack/react-query';
import { adminApi } from '../../../lib/api-clients/admin-api';
import { ADMIN_KEY } from './admin-key';

/** GET /home/logs/searchLogs: the searches vendors made in product and merchant lists, most frequent first. */
export function useSearchLogs(page: number, pageSize: number) {
  return adminApi.searchLogs.useQuery({
    queryKey: [...ADMIN_KEY, 'search-logs', page, pageSize],
    queryData: { query: { pageNo: page, pageSize: pageSize } },
    placeholderData: keepPreviousData,
  });
}
