import type { ClickDashboardQuery } from '@publisher/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '../../../lib/api-client';
import { FEEDS_KEY } from './feeds-key';

/** GET /feeds/clickDashboard: the recorded feed clicks of the range, counted per channel, search and day. */
export function useClickDashboard(query: ClickDashboardQuery) {
  return tsr.feeds.getClickDashboard.useQuery({
    queryKey: [...FEEDS_KEY, 'clickDashboard', query],
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}
