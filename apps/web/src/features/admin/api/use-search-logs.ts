import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-key';

/** GET /home/logs/searchLogs: the searches vendors made in product and merchant lists, most frequent first. */
export function useSearchLogs(page: number, pageSize: number) {
  return tsr.admin.searchLogs.useQuery({
    queryKey: [...ADMIN_KEY, 'search-logs', page, pageSize],
    queryData: { query: { pageNo: String(page), pageSize: String(pageSize) } },
    placeholderData: keepPreviousData,
  });
}
