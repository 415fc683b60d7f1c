import type { PagedReportBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from '../../../lib/api-response';
import { toWireBody, type ScreenPaged } from './screen-page';

/** POST /kelkoo/getConversionReports: conversion report 5 (deep links 5 source), one page (`page` as the screen counts it, from 1). */
export function useDeeplink5ConversionReports(body: ScreenPaged<PagedReportBody>) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'deeplink5', body],
    queryFn: async () => requireOk(await reportsApi.getDeeplink5ConversionReports.mutate({ body: toWireBody(body) })),
    placeholderData: keepPreviousData,
  });
}
