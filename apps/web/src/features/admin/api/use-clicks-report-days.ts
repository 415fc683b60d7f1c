import { tsr } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-key';

/** GET /home/getAllClicksReports: each saved report date with its row count, newest first (admin). */
export function useClicksReportDays() {
  return tsr.admin.getAllClicksReports.useQuery({ queryKey: [...ADMIN_KEY, 'clicks-report-days'] });
}
