import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import type { PagedReportRequest } from '../lib/report-requests';
import { requireOk } from './response-error';

export const clicksReportsQueryKey = (body: PagedReportRequest | null) => ['reports', 'clicks', body] as const;

/** POST /home/getClicksReports: the revenue screen's "Daily Revenue Info". Idle until `body` is given. */
export function useClicksReports(body: PagedReportRequest | null) {
  return useQuery({
    queryKey: clicksReportsQueryKey(body),
    queryFn: body ? async () => requireOk(await tsr.reports.getClicksReports.mutate({ body })) : skipToken,
    placeholderData: keepPreviousData,
  });
}
