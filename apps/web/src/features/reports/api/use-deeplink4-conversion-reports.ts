import type { PagedReportBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import { REPORTS_KEY } from './reports-key';
import { requireOk } from './response-error';

/** POST /shoppermeet/getConversionReports: conversion report 4 (deep links 4 source), one page. */
export function useDeeplink4ConversionReports(body: PagedReportBody) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'deeplink4', body],
    queryFn: async () => requireOk(await tsr.reports.getDeeplink4ConversionReports.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
