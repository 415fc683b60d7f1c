import { reportsApi } from '../../../lib/api-clients/reports-api';

/**
 * POST /home/createBulkReports: one call of a conversion upload (the whole file, or one chunk of it). Nothing is
 * kept once a call is done (`gcTime: 0`): the cache would otherwise hold every chunk's rows, hundreds of MB for a
 * 50 MB file.
 */
export function useCreateBulkReports() {
  return reportsApi.createBulkReports.useMutation({ gcTime: 0 });
}
