import type { SearchFeedReportBody } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { feedsApi } from '../../../lib/api-clients/feeds-api';
import { FEEDS_KEY } from './feeds-key';
import { useContractQuery } from '../../../lib/contract-query';

/** POST /getCustomYahooFeeds: the Channel Reports and Publisher Reports rows of the range. */
export function useCustomSearchFeeds(body: SearchFeedReportBody) {
  return useContractQuery({
    queryKey: [...FEEDS_KEY, 'customSearchFeeds', body],
    request: (signal) => feedsApi.getCustomYahooFeeds.mutate({ body, fetchOptions: { signal } }),
    placeholderData: keepPreviousData,
  });
}
