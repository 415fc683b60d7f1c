import type { PagedReportBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from './response-error';

/** POST /kelkoo/getConversionReports: conversion report 5 (deep links 5 source), one page. */
export function useDeeplink5ConversionReports(body: PagedReportBody) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'deeplink5', body],
    queryFn: async () => requireOk(await tsr.reports.getDeeplink5ConversionReports.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
