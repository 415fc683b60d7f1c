import type { ClickDashboardQuery } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { feedsApi } from '../../../lib/api-clients/feeds-api';
import { FEEDS_KEY } from './feeds-key';

/** GET /feeds/clickDashboard: the recorded feed clicks of the range, counted per channel, search and day. */
export function useClickDashboard(query: ClickDashboardQuery) {
  return feedsApi.getClickDashboard.useQuery({
    queryKey: [...FEEDS_KEY, 'clickDashboard', query],
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}
