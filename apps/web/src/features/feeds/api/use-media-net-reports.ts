import type { MediaNetReportBody } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { feedsApi } from '../../../lib/api-clients/feeds-api';
import { FEEDS_KEY } from './feeds-key';
import { useContractQuery } from '../../../lib/contract-query';

/** POST /getMediaNetReports: the media partner's rows of the range, with totals. */
export function useMediaNetReports(body: MediaNetReportBody) {
  return useContractQuery({
    queryKey: [...FEEDS_KEY, 'mediaNetReports', body],
    request: (signal) => feedsApi.getMediaNetReports.mutate({ body, fetchOptions: { signal } }),
    placeholderData: keepPreviousData,
  });
}
