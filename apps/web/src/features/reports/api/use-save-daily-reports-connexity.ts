import type { Contract } from '@publisher/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ClientInferRequest } from '@ts-rest/core';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { useContractMutation } from '../../../lib/contract-query';

type Query = ClientInferRequest<Contract['reports']['saveDailyReportsConnexity']>['query'];

/**
 * GET /home/saveDailyReports?startDate: saves one date of the connexity source (admin).
 * Every report reads what was saved, so the report caches are dropped afterwards.
 */
export function useSaveDailyReportsConnexity() {
  const queryClient = useQueryClient();
  return useContractMutation({
    request: (query: Query) => reportsApi.saveDailyReportsConnexity.query({ query }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPORTS_KEY }),
  });
}
