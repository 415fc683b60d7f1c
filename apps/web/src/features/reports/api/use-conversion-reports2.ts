import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import type { PagedReportRequest } from '../lib/report-requests';
import { requireOk } from './response-error';

export const conversionReports2QueryKey = (body: PagedReportRequest) => ['reports', 'conversion2', body] as const;

/** POST /newdashboard/getConversionReports2: report 2 (deep links 2 source), one page, with its summary. */
export function useConversionReports2(body: PagedReportRequest) {
  return useQuery({
    queryKey: conversionReports2QueryKey(body),
    queryFn: async () => requireOk(await tsr.reports.getConversionReports2.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
