import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import type { SaveRangeRequest } from '../lib/report-requests';
import { requireOk } from './response-error';

/**
 * GET /kelkoo/saveDailyReports?startDate&endDate: saves a range of the deep links 5 source (admin).
 * Every report reads what was saved, so the report caches are dropped afterwards.
 */
export function useSaveDailyReportsKelkoo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (query: SaveRangeRequest) => requireOk(await tsr.reports.saveDailyReportsKelkoo.query({ query })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reports'] }),
  });
}
