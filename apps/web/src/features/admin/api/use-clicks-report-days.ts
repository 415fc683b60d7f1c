import { keepPreviousData } from '@tanstack/react-query';
import { adminApi } from '../../../lib/api-clients/admin-api';
import { ADMIN_KEY } from './admin-key';

/** GET /home/getAllClicksReports: one page of saved report dates with their row counts, newest first (admin). */
export function useClicksReportDays(page: number, pageSize: number) {
  return adminApi.getAllClicksReports.useQuery({
    queryKey: [...ADMIN_KEY, 'clicks-report-days', page, pageSize],
    queryData: { query: { pageNo: page, pageSize: pageSize } },
    placeholderData: keepPreviousData,
  });
}
