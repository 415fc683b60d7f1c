import type { Contract } from '@publisher/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ClientInferRequest } from '@ts-rest/core';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { useContractMutation } from '../../../lib/contract-query';

type Query = ClientInferRequest<Contract['reports']['saveDailyReportsNewdashboard']>['query'];

/**
 * GET /newdashboard/saveDailyReports?startDate&endDate: saves a range of the report 2 source (admin).
 * Every report reads what was saved, so the report caches are dropped afterwards.
 */
export function useSaveDailyReportsNewdashboard() {
  const queryClient = useQueryClient();
  return useContractMutation({
    request: (query: Query) => reportsApi.saveDailyReportsNewdashboard.query({ query }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPORTS_KEY }),
  });
}
