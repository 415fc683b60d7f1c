import type { SearchFeedReportBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { feedsApi } from '../../../lib/api-clients/feeds-api';
import { FEEDS_KEY } from './feeds-key';
import { requireOk } from './require-ok';

/** POST /getCustomYahooFeeds: the Channel Reports and Publisher Reports rows of the range. */
export function useCustomSearchFeeds(body: SearchFeedReportBody) {
  return useQuery({
    queryKey: [...FEEDS_KEY, 'customSearchFeeds', body],
    queryFn: async () => requireOk(await feedsApi.getCustomYahooFeeds.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
