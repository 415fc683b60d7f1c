import { useQueryClient } from '@tanstack/react-query';
import { feedsApi } from '../../../lib/api-clients/feeds-api';
import { FEEDS_KEY } from './feeds-key';

/** POST /feeds/priceLineClicks: records the redirect placeholder's price-line click and answers where to forward. */
export function useRecordPriceLineClick() {
  const queryClient = useQueryClient();
  return feedsApi.recordPriceLineClick.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEEDS_KEY }),
  });
}
