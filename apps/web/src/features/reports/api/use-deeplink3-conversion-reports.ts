import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import type { PagedReportRequest } from '../lib/report-requests';
import { requireOk } from './response-error';

export const deeplink3ConversionReportsQueryKey = (body: PagedReportRequest) => ['reports', 'deeplink3', body] as const;

/** POST /doneoftheownou/getConversionReports: conversion report 3 (deep links 3 source), one page. */
export function useDeeplink3ConversionReports(body: PagedReportRequest) {
  return useQuery({
    queryKey: deeplink3ConversionReportsQueryKey(body),
    queryFn: async () => requireOk(await tsr.reports.getDeeplink3ConversionReports.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
