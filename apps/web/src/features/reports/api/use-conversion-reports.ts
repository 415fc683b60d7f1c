import type { PagedReportBody } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { toWireBody, type ScreenPaged } from './screen-page';
import { useContractQuery } from '../../../lib/contract-query';

/** POST /home/getConversionReports: conversion report 1, one page (`page` as the screen counts it, from 1). */
export function useConversionReports(body: ScreenPaged<PagedReportBody>) {
  return useContractQuery({
    queryKey: [...REPORTS_KEY, 'conversion', 'rows', body],
    request: (signal) => reportsApi.getConversionReports.mutate({ body: toWireBody(body), fetchOptions: { signal } }),
    placeholderData: keepPreviousData,
  });
}
