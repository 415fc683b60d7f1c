import type { SearchFeedReportBody } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { feedsApi } from '../../../lib/api-clients/feeds-api';
import { FEEDS_KEY } from './feeds-key';
import { useContractQuery } from '../../../lib/contract-query';

/** POST /getYahooFeedDetails: the search-feed summary per site of the range, with its labels. */
export function useSearchFeedSummary(body: SearchFeedReportBody) {
  return useContractQuery({
    queryKey: [...FEEDS_KEY, 'searchFeedSummary', body],
    request: (signal) => feedsApi.getYahooFeedDetails.mutate({ body, fetchOptions: { signal } }),
    placeholderData: keepPreviousData,
  });
}
