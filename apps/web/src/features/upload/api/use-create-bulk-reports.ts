import { tsr } from '../../../lib/api-client';

/** POST /home/createBulkReports: one call of a conversion upload (the whole file, or one chunk of it). */
export function useCreateBulkReports() {
  return tsr.reports.createBulkReports.useMutation();
}
