import type { QualityReportBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from '../../../lib/api-response';

/** POST /home/getQualityReport: the merchant-wise or category-wise conversion table (`groupBy`). */
export function useQualityReport(body: QualityReportBody) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'quality', body],
    queryFn: async () => requireOk(await tsr.reports.getQualityReport.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
