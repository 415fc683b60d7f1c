import type { SearchFeedReportBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { feedsApi } from '../../../lib/api-clients/feeds-api';
import { FEEDS_KEY } from './feeds-key';
import { requireOk } from './require-ok';

/** POST /getYahooFeedDetails: the search-feed summary per site of the range, with its labels. */
export function useSearchFeedSummary(body: SearchFeedReportBody) {
  return useQuery({
    queryKey: [...FEEDS_KEY, 'searchFeedSummary', body],
    queryFn: async () => requireOk(await feedsApi.getYahooFeedDetails.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
