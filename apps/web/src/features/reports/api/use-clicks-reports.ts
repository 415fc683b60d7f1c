import type { PagedReportBody } from '@publisher/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from '../../../lib/api-response';
import { toWireBody, type ScreenPaged } from './screen-page';

/** POST /home/getClicksReports: the revenue screen's "Daily Revenue Info". One page (`page` as the screen counts it, from 1); idle until `body` is given. */
export function useClicksReports(body: ScreenPaged<PagedReportBody> | null) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'clicks', body],
    queryFn: body
      ? async () => requireOk(await reportsApi.getClicksReports.mutate({ body: toWireBody(body) }))
      : skipToken,
    placeholderData: keepPreviousData,
  });
}
