import type { PagedReportBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from '../../../lib/api-response';
import { toWireBody, type ScreenPaged } from './screen-page';

/** POST /home/getConversionReports: conversion report 1, one page (`page` as the screen counts it, from 1). */
export function useConversionReports(body: ScreenPaged<PagedReportBody>) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'conversion', 'rows', body],
    queryFn: async () => requireOk(await reportsApi.getConversionReports.mutate({ body: toWireBody(body) })),
    placeholderData: keepPreviousData,
  });
}
