import type { Contract } from '@publisher/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ClientInferRequest } from '@ts-rest/core';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { useContractMutation } from '../../../lib/contract-query';

type Query = ClientInferRequest<Contract['reports']['saveDailyReportsKelkoo']>['query'];

/**
 * GET /kelkoo/saveDailyReports?startDate&endDate: saves a range of the deep links 5 source (admin).
 * Every report reads what was saved, so the report caches are dropped afterwards.
 */
export function useSaveDailyReportsKelkoo() {
  const queryClient = useQueryClient();
  return useContractMutation({
    request: (query: Query) => reportsApi.saveDailyReportsKelkoo.query({ query }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPORTS_KEY }),
  });
}
