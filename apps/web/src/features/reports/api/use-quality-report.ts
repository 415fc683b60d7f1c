import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import type { QualityReportRequest } from '../lib/report-requests';
import { requireOk } from './response-error';

export const qualityReportQueryKey = (body: QualityReportRequest) => ['reports', 'quality', body] as const;

/** POST /home/getQualityReport: the merchant-wise or category-wise conversion table (`groupBy`). */
export function useQualityReport(body: QualityReportRequest) {
  return useQuery({
    queryKey: qualityReportQueryKey(body),
    queryFn: async () => requireOk(await tsr.reports.getQualityReport.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
