import type { PagedReportBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from './response-error';

/** POST /home/getConversionReports: conversion report 1, one page (1-based). */
export function useConversionReports(body: PagedReportBody) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'conversion', 'rows', body],
    queryFn: async () => requireOk(await tsr.reports.getConversionReports.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
