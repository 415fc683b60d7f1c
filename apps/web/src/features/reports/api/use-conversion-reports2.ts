import type { PagedReportBody } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { toWireBody, type ScreenPaged } from './screen-page';
import { useContractQuery } from '../../../lib/contract-query';

/** POST /newdashboard/getConversionReports2: report 2 (deep links 2 source), one page (`page` as the screen counts it, from 1), with its summary. */
export function useConversionReports2(body: ScreenPaged<PagedReportBody>) {
  return useContractQuery({
    queryKey: [...REPORTS_KEY, 'conversion2', body],
    request: (signal) => reportsApi.getConversionReports2.mutate({ body: toWireBody(body), fetchOptions: { signal } }),
    placeholderData: keepPreviousData,
  });
}
