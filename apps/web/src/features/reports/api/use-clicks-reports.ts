import type { PagedReportBody } from '@publisher/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from './response-error';

/** POST /home/getClicksReports: the revenue screen's "Daily Revenue Info". Idle until `body` is given. */
export function useClicksReports(body: PagedReportBody | null) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'clicks', body],
    queryFn: body ? async () => requireOk(await tsr.reports.getClicksReports.mutate({ body })) : skipToken,
    placeholderData: keepPreviousData,
  });
}
