import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import type { PagedReportRequest } from '../lib/report-requests';
import { requireOk } from './response-error';

export const deeplink4ConversionReportsQueryKey = (body: PagedReportRequest) => ['reports', 'deeplink4', body] as const;

/** POST /shoppermeet/getConversionReports: conversion report 4 (deep links 4 source), one page. */
export function useDeeplink4ConversionReports(body: PagedReportRequest) {
  return useQuery({
    queryKey: deeplink4ConversionReportsQueryKey(body),
    queryFn: async () => requireOk(await tsr.reports.getDeeplink4ConversionReports.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
