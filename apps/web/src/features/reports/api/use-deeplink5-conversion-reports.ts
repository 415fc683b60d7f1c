import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import type { PagedReportRequest } from '../lib/report-requests';
import { requireOk } from './response-error';

export const deeplink5ConversionReportsQueryKey = (body: PagedReportRequest) => ['reports', 'deeplink5', body] as const;

/** POST /kelkoo/getConversionReports: conversion report 5 (deep links 5 source), one page. */
export function useDeeplink5ConversionReports(body: PagedReportRequest) {
  return useQuery({
    queryKey: deeplink5ConversionReportsQueryKey(body),
    queryFn: async () => requireOk(await tsr.reports.getDeeplink5ConversionReports.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
