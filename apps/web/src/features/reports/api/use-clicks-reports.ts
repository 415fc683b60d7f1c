import type { PagedReportBody } from '@publisher/contract';
import { keepPreviousData, skipToken } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { toWireBody, type ScreenPaged } from './screen-page';
import { useContractQuery } from '../../../lib/contract-query';

/** POST /home/getClicksReports: the revenue screen's "Daily Revenue Info". One page (`page` as the screen counts it, from 1); idle until `body` is given. */
export function useClicksReports(body: ScreenPaged<PagedReportBody> | null) {
  return useContractQuery({
    queryKey: [...REPORTS_KEY, 'clicks', body],
    request: body
      ? (signal: AbortSignal) =>
          reportsApi.getClicksReports.mutate({ body: toWireBody(body), fetchOptions: { signal } })
      : skipToken,
    placeholderData: keepPreviousData,
  });
}
