import type { SearchFeedReportBody } from '@publisher/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import { FEEDS_KEY } from './feeds-key';
import { requireOk } from './require-ok';

/** POST /getCustomYahooFeeds: the Channel Reports and Publisher Reports rows of the range. */
export function useCustomSearchFeeds(body: SearchFeedReportBody) {
  return useQuery({
    queryKey: [...FEEDS_KEY, 'customSearchFeeds', body],
    queryFn: async () => requireOk(await tsr.feeds.getCustomYahooFeeds.mutate({ body })),
    placeholderData: keepPreviousData,
  });
}
