import type { QualityReportBody } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { useContractQuery } from '../../../lib/contract-query';

/** POST /home/getQualityReport: the merchant-wise or category-wise conversion table (`groupBy`). */
export function useQualityReport(body: QualityReportBody) {
  return useContractQuery({
    queryKey: [...REPORTS_KEY, 'quality', body],
    request: (signal) => reportsApi.getQualityReport.mutate({ body, fetchOptions: { signal } }),
    placeholderData: keepPreviousData,
  });
}
