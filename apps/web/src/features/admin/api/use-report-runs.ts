import { reportsApi } from '../../../lib/api-clients/reports-api';
import { ADMIN_KEY } from './admin-key';

/** GET /home/logs/reportRuns: the report runs (saves, uploads, seed batches), newest first (admin). */
export function useReportRuns() {
  return reportsApi.reportRuns.useQuery({ queryKey: [...ADMIN_KEY, 'report-runs'] });
}
