import type { PagedReportBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from '../../../lib/api-response';
import { toWireBody, type ScreenPaged } from './screen-page';

/** POST /home/getConversionReports: conversion report 1, one page (`page` as the screen counts it, from 1). */
export function useConversionReports(body: ScreenPaged<PagedReportBody>) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'conversion', 'rows', body],
    queryFn: async () => requireOk(await tsr.reports.getConversionReports.mutate({ body: toWireBody(body) })),
    placeholderData: keepPreviousData,
  });
}
