import { tsr } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-key';

/** GET /home/logs/esLogs: the report runs (saves, uploads, seed batches), newest first (admin). */
export function useReportRuns() {
  return tsr.reports.esLogs.useQuery({ queryKey: [...ADMIN_KEY, 'report-runs'] });
}
