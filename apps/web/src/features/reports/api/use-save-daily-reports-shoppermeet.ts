import type { Contract } from '@publisher/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ClientInferRequest } from '@ts-rest/core';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { useContractMutation } from '../../../lib/contract-query';

type Query = ClientInferRequest<Contract['reports']['saveDailyReportsShoppermeet']>['query'];

/**
 * GET /shoppermeet/saveDailyReports?startDate&endDate: saves a range of the deep links 4 source (admin).
 * Every report reads what was saved, so the report caches are dropped afterwards.
 */
export function useSaveDailyReportsShoppermeet() {
  const queryClient = useQueryClient();
  return useContractMutation({
    request: (query: Query) => reportsApi.saveDailyReportsShoppermeet.query({ query }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPORTS_KEY }),
  });
}
