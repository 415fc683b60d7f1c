import type { QualityReportBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from '../../../lib/api-response';

/** POST /home/getQualityReport: the merchant-wise or category-wise conversion table (`groupBy`). */
export function useQualityReport(body: QualityReportBody) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'quality', body],
    queryFn: async () => requireOk(await reportsApi.getQualityReport.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
