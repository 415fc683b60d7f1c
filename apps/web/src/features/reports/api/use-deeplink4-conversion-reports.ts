import type { PagedReportBody } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { reportsApi } from '../../../lib/api-clients/reports-api';
import { REPORTS_KEY } from './reports-key';
import { toWireBody, type ScreenPaged } from './screen-page';
import { useContractQuery } from '../../../lib/contract-query';

/** POST /shoppermeet/getConversionReports: conversion report 4 (deep links 4 source), one page (`page` as the screen counts it, from 1). */
export function useDeeplink4ConversionReports(body: ScreenPaged<PagedReportBody>) {
  return useContractQuery({
    queryKey: [...REPORTS_KEY, 'deeplink4', body],
    request: (signal) =>
      reportsApi.getDeeplink4ConversionReports.mutate({ body: toWireBody(body), fetchOptions: { signal } }),
    placeholderData: keepPreviousData,
  });
}
