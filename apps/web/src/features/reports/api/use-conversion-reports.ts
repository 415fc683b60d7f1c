import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import type { PagedReportRequest } from '../lib/report-requests';
import { requireOk } from './response-error';

export const conversionReportsQueryKey = (body: PagedReportRequest) => ['reports', 'conversion', 'rows', body] as const;

/** POST /home/getConversionReports: conversion report 1, one page (1-based). */
export function useConversionReports(body: PagedReportRequest) {
  return useQuery({
    queryKey: conversionReportsQueryKey(body),
    queryFn: async () => requireOk(await tsr.reports.getConversionReports.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
