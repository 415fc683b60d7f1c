import type { MediaNetReportBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { feedsApi } from '../../../lib/api-clients/feeds-api';
import { FEEDS_KEY } from './feeds-key';
import { requireOk } from './require-ok';

/** POST /getMediaNetReports: the media partner's rows of the range, with totals. */
export function useMediaNetReports(body: MediaNetReportBody) {
  return useQuery({
    queryKey: [...FEEDS_KEY, 'mediaNetReports', body],
    queryFn: async () => requireOk(await feedsApi.getMediaNetReports.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
