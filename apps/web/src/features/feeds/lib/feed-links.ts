import { feedChannelSchema } from '@publisher/contract';

/** Links of the feed-link screen (part 2 §2), on the API host that serves and counts them. */
export interface FeedLinks {
  priceLine: string;
  yahoo: string;
}

/**
 * The two feed links for a channel, or null when the channel is not one the API takes. `vendorId` (the signed-in
 * vendor) attributes the clicks to them, so their click dashboard counts them.
 */
export function feedLinksFor(
  apiUrl: string,
  channel: string,
  searchNumber: string,
  vendorId?: number,
): FeedLinks | null {
  const parsed = feedChannelSchema.safeParse(channel);
  if (!parsed.success) return null;
  const vendor = vendorId === undefined ? '' : `&vendorId=${vendorId}`;
  const chanel = encodeURIComponent(parsed.data);
  return {
    priceLine: `${apiUrl}/addPriceLineFeeds?chanel=${chanel}${vendor}`,
    yahoo: `${apiUrl}/addYahooFeeds?chanel=${chanel}&q=${encodeURIComponent(searchNumber)}${vendor}`,
  };
}
