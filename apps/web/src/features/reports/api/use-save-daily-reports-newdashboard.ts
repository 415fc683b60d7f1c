import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import type { SaveRangeRequest } from '../lib/report-requests';
import { requireOk } from './response-error';

/**
 * GET /newdashboard/saveDailyReports?startDate&endDate: saves a range of the report 2 source (admin).
 * Every report reads what was saved, so the report caches are dropped afterwards.
 */
export function useSaveDailyReportsNewdashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (query: SaveRangeRequest) =>
      requireOk(await tsr.reports.saveDailyReportsNewdashboard.query({ query })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reports'] }),
  });
}
