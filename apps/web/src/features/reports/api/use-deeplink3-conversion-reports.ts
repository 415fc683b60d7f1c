import type { PagedReportBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from '../../../lib/api-response';
import { toWireBody, type ScreenPaged } from './screen-page';

/** POST /doneoftheownou/getConversionReports: conversion report 3 (deep links 3 source), one page (`page` as the screen counts it, from 1). */
export function useDeeplink3ConversionReports(body: ScreenPaged<PagedReportBody>) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'deeplink3', body],
    queryFn: async () => requireOk(await reportsApi.getDeeplink3ConversionReports.mutate({ body: toWireBody(body) })),
    placeholderData: keepPreviousData,
  });
}
