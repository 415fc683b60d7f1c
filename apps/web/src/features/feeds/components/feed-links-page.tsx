import { DEFAULT_FEED_CHANNEL, FEED_LINK_SEARCH_NUMBER } from '@publisher/contract';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { env } from '../../../config/env';
import { channelError, feedLinksFor } from '../lib/feed-links';

interface FeedLinksPageProps {
  /** The signed-in vendor: their links count on their click dashboard. */
  vendorId?: number | undefined;
}

/**
 * The feed-link screen (`/links`, part 2 §2): an editable channel (default 4) and the two feed links on the
 * API host, each opening in a new tab. Following one records a feed click and leads to the feed's target.
 */
export function FeedLinksPage({ vendorId }: FeedLinksPageProps) {
  const [channel, setChannel] = useState(DEFAULT_FEED_CHANNEL);
  const links = feedLinksFor(env.apiUrl, channel, FEED_LINK_SEARCH_NUMBER, vendorId);
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader title="Feed Links" description="Each link opens in a new tab and counts on the click dashboard." />
      <Card className="space-y-6">
        <Input
          label="Channel"
          value={channel}
          maxLength={50}
          error={channelError(channel)}
          onChange={(event) => setChannel(event.target.value)}
          className="max-w-xs"
        />
        {links ? (
          <ul aria-label="Feed links" className="space-y-3 text-sm">
            <li>
              <p className="font-medium text-slate-700">Price-line feed</p>
              <a href={links.priceLine} target="_blank" rel="noopener" className="break-all text-indigo-700 underline">
                {links.priceLine}
              </a>
            </li>
            <li>
              <p className="font-medium text-slate-700">Search feed</p>
              <a href={links.yahoo} target="_blank" rel="noopener" className="break-all text-indigo-700 underline">
                {links.yahoo}
              </a>
            </li>
          </ul>
        ) : (
          <p className="text-sm text-slate-500">Enter a valid channel to see its feed links.</p>
        )}
      </Card>
    </div>
  );
}
