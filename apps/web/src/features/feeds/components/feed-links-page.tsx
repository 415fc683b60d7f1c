import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_FEED_CHANNEL, FEED_LINK_SEARCH_NUMBER, yahooFeedQuerySchema } from '@publisher/contract';
import { useForm, useWatch } from 'react-hook-form';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { env } from '../../../config/env';
import { feedLinksFor } from '../lib/feed-links';

/** The feed links' own `chanel` parameter (both feeds take the same one). */
const channelResolver = zodResolver(yahooFeedQuerySchema.pick({ chanel: true }));

interface FeedLinksPageProps {
  /** The signed-in vendor: their links count on their click dashboard. */
  vendorId?: number | undefined;
}

/**
 * The feed-link screen (`/links`, part 2 §2): an editable channel (default 4) and the two feed links on the
 * API host, each opening in a new tab. Following one records a feed click and leads to the feed's target.
 */
export function FeedLinksPage({ vendorId }: FeedLinksPageProps) {
  // The links follow the field as it changes: nothing is submitted, the form holds the value and its check.
  const form = useForm<{ chanel: string }>({
    defaultValues: { chanel: DEFAULT_FEED_CHANNEL },
    resolver: channelResolver,
    mode: 'onChange',
  });
  const channel = useWatch({ control: form.control, name: 'chanel' });
  const links = feedLinksFor(env.apiUrl, channel, FEED_LINK_SEARCH_NUMBER, vendorId);
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader title="Feed Links" description="Each link opens in a new tab and counts on the click dashboard." />
      <Card className="space-y-6">
        <Input
          label="Channel"
          maxLength={50}
          error={form.formState.errors.chanel?.message}
          className="max-w-xs"
          {...form.register('chanel')}
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
