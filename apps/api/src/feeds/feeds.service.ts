import mongoose from 'mongoose';
import type {
  ClickDashboard,
  ClickFeedItem,
  CustomSearchFeedReports,
  FeedKind,
  FeedList,
  MediaNetReport,
  PriceLineSales,
  SearchFeedSummary,
} from '@publisher/contract';
import type { ClickRecorder } from '../deep-links/click-recorder';
import { deviceOf } from '../deep-links/device';
import { redirectTargetOf } from '../shared/redirect-target';
import { AppError } from '../shared/app-error';
import type { ClickFilter } from '../shared/click-filter';
import { eachDate, todayUtc } from '@publisher/contract';
import { feedClickModel, type FeedClickRecord } from './feed-click.model';
import {
  MEDIA_CHANNELS,
  SEARCH_FEED_CHANNELS,
  mediaNetDay,
  priceLineSalesDay,
  searchFeedDay,
  summaryBySite,
} from './feed-report-simulator';

/** Longest referrer kept with a click. */
const REFERRER_MAX = 500;
/** Most clicks one day's read takes; beyond it the dashboard says its counts are a lower bound. */
export const MAX_CLICKS_READ_PER_DAY = 50_000;
/** Day collections read at once (the API keeps well inside the ~20 operations FerretDB is given). */
const DAYS_READ_AT_ONCE = 4;
/** Longest the dashboard waits for buffered clicks to reach the database before it reads anyway. */
const FLUSH_BEFORE_READ_MS = 2_000;

/** What the request tells about the visitor. */
export interface FeedVisitor {
  userAgent: string | undefined;
  referrer: string | undefined;
  /** False for a HEAD request (link checkers, previews): redirected but not counted. */
  isClick: boolean;
  /** The client's address (req.ip): what the flood filter counts by. */
  address: string;
}

export interface FeedFollow {
  feed: FeedKind;
  chanel: string;
  q?: string | undefined;
  vendorId?: number | undefined;
  checkIn?: string | undefined;
  checkOut?: string | undefined;
  city?: string | undefined;
}

/** Whose clicks the dashboard counts: one vendor's, or every click (the admin without a vendor filter). */
export type ClickScope = { vendorId: number } | { everyone: true };

export interface FeedTargets {
  priceline: string;
  yahoo: string;
}

export interface FeedsService {
  /** Records the click (unless it is a HEAD) and returns where the visitor goes next. */
  follow(input: FeedFollow, visitor: FeedVisitor): Promise<string>;
  clickDashboard(scope: ClickScope, startDate: string, endDate: string): Promise<ClickDashboard>;
  /** Recorded price-line clicks per channel. */
  priceLineFeeds(scope: ClickScope, startDate: string, endDate: string): Promise<FeedList>;
  /** Recorded search-feed clicks per search text. */
  yahooFeeds(scope: ClickScope, startDate: string, endDate: string): Promise<FeedList>;
  priceLineSales(scope: ClickScope, startDate: string, endDate: string): Promise<PriceLineSales>;
  searchFeedSummary(scope: ClickScope, startDate: string, endDate: string): Promise<SearchFeedSummary>;
  customSearchFeeds(scope: ClickScope, startDate: string, endDate: string): Promise<CustomSearchFeedReports>;
  mediaNetReports(startDate: string, endDate: string): Promise<MediaNetReport>;
}

/** The column headings of the search-feed summary (part 2 §2: "labels come from the server"). */
export const SEARCH_FEED_LABELS: SearchFeedSummary['labels'] = {
  site: 'Site',
  ad_clicks: 'Ad Clicks',
  ctr: 'CTR (%)',
  impressions: 'Impressions',
  estimated_revenue: 'Estimated Revenue',
  rpc: 'RPC',
  rpm: 'RPM',
};

export interface FeedsServiceDeps {
  recorder: ClickRecorder<FeedClickRecord>;
  /** Which follows are recorded: duplicates, floods and search texts beyond their rate are redirected only. */
  clickFilter: ClickFilter;
  targets: FeedTargets;
  /** The app's clock (app-state.ts): the scenario controls may fix it. */
  now: () => Date;
}

/** A feed partner's host as redirect-target.ts keys it; the configured target must be a plain http(s) URL. */
function feedHostOf(target: string): string {
  const href = redirectTargetOf(target, () => true);
  if (href === undefined) throw new Error(`A feed target must be an http(s) URL without userinfo: ${target}`);
  return new URL(href).hostname.replace(/^www\./, '');
}

/**
 * The target with the click's values added to its query (values already in the target are kept), re-serialised and
 * checked to be on the feed partner's host: the values are the public's, and only ever land in the query.
 */
function targetUrl(base: string, host: string, values: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') url.searchParams.set(name, value);
  }
  const target = redirectTargetOf(url.href, (candidate) => candidate === host);
  if (target === undefined) throw new AppError('internal', ['The feed link could not be followed.']);
  return target;
}

/** Counts per key, most first, then by key (a stable order for equal counts). */
function rankedCounts(counts: ReadonlyMap<string, number>): ClickFeedItem[] {
  return [...counts]
    .map(([_id, count]) => ({ _id, count }))
    .sort((a, b) => b.count - a.count || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
}

type DashboardClick = Pick<FeedClickRecord, 'feed' | 'channel' | 'searchText'>;

async function readDay(date: string, scope: ClickScope): Promise<DashboardClick[]> {
  const filter = 'vendorId' in scope ? { vendorId: scope.vendorId } : {};
  return feedClickModel(date)
    .find(filter, { _id: 0, feed: 1, channel: 1, searchText: 1 })
    .limit(MAX_CLICKS_READ_PER_DAY + 1)
    .lean<DashboardClick[]>();
}

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

const cents = (value: number) => Math.round(value * 100) / 100;

interface ClickDay {
  date: string;
  clicks: DashboardClick[];
}

export function createFeedsService({ recorder, clickFilter, targets, now }: FeedsServiceDeps): FeedsService {
  const hosts = { priceline: feedHostOf(targets.priceline), yahoo: feedHostOf(targets.yahoo) };
  /**
   * The recorded clicks of each day of the range, oldest first. FerretDB has no $group accumulators to speak of:
   * each day is read (bounded, a few days at a time) and counted by the caller.
   */
  async function readRange(scope: ClickScope, startDate: string, endDate: string) {
    // Clicks of the last moments may still be buffered: show them, unless the database is slow.
    await recorder.flush(FLUSH_BEFORE_READ_MS).catch(() => undefined);
    const dates = eachDate(startDate, endDate);
    const days: ClickDay[] = [];
    let isTruncated = false;
    for (let start = 0; start < dates.length; start += DAYS_READ_AT_ONCE) {
      const chunk = dates.slice(start, start + DAYS_READ_AT_ONCE);
      const read = await Promise.all(chunk.map((date) => readDay(date, scope)));
      read.forEach((clicks, index) => {
        if (clicks.length > MAX_CLICKS_READ_PER_DAY) isTruncated = true;
        days.push({ date: chunk[index] ?? '', clicks: clicks.slice(0, MAX_CLICKS_READ_PER_DAY) });
      });
    }
    return { days, isTruncated };
  }

  /** The dates of the range a partner has reported: none after today. */
  function reportedDates(startDate: string, endDate: string): string[] {
    const today = todayUtc(now());
    return eachDate(startDate, endDate < today ? endDate : today);
  }

  /** Channel and publisher rows: the simulated channels plus every channel with recorded search-feed clicks. */
  async function searchFeedReports(
    scope: ClickScope,
    startDate: string,
    endDate: string,
  ): Promise<CustomSearchFeedReports> {
    const dates = reportedDates(startDate, endDate);
    if (dates.length === 0) return { channelReports: [], publisherReports: [] };
    const { days } = await readRange(scope, startDate, dates[dates.length - 1] ?? startDate);
    const recorded = new Map<string, Map<string, number>>();
    for (const { date, clicks } of days) {
      const perChannel = new Map<string, number>();
      for (const click of clicks) if (click.feed === 'yahoo') increment(perChannel, click.channel);
      recorded.set(date, perChannel);
    }
    const channels = new Set<string>(SEARCH_FEED_CHANNELS);
    for (const perChannel of recorded.values()) for (const channel of perChannel.keys()) channels.add(channel);
    const ordered = [...channels].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    const channelReports = [];
    const publisherReports = [];
    for (const date of dates) {
      for (const channel of ordered) {
        const day = searchFeedDay(date, channel, recorded.get(date)?.get(channel) ?? 0);
        channelReports.push(day.channel);
        publisherReports.push(...day.publisher);
      }
    }
    return { channelReports, publisherReports };
  }

  return {
    async follow(input, visitor) {
      const searchText = input.feed === 'yahoo' ? (input.q ?? '') : '';
      const link = [input.feed, input.chanel, searchText, input.vendorId, input.checkIn, input.checkOut, input.city];
      const isRecorded =
        visitor.isClick &&
        clickFilter.admit(visitor.address, link.join('\n'), { hasSearchText: searchText !== '' }) === 'record';
      if (isRecorded) {
        const at = now();
        await recorder.record({
          _id: new mongoose.Types.ObjectId(),
          at,
          date: todayUtc(at),
          feed: input.feed,
          channel: input.chanel,
          searchText,
          vendorId: input.vendorId ?? null,
          checkIn: input.checkIn ?? '',
          checkOut: input.checkOut ?? '',
          city: input.city ?? '',
          device: deviceOf(visitor.userAgent),
          referrer: (visitor.referrer ?? '').slice(0, REFERRER_MAX),
        });
      }
      return input.feed === 'yahoo'
        ? targetUrl(targets.yahoo, hosts.yahoo, { chanel: input.chanel, q: searchText })
        : targetUrl(targets.priceline, hosts.priceline, {
            chanel: input.chanel,
            checkIn: input.checkIn,
            checkOut: input.checkOut,
            city: input.city,
          });
    },

    async clickDashboard(scope, startDate, endDate) {
      const { days, isTruncated } = await readRange(scope, startDate, endDate);
      const channels = new Map<string, number>();
      const searches = new Map<string, number>();
      for (const { clicks } of days) {
        for (const click of clicks) {
          increment(channels, click.channel);
          if (click.searchText !== '') increment(searches, click.searchText);
        }
      }
      const dayWise = days.map(({ date, clicks }) => ({
        _id: { day: Number(date.slice(8, 10)), month: Number(date.slice(5, 7)) },
        date,
        totalclicks: clicks.length,
      }));
      return {
        totalClicks: dayWise.reduce((sum, day) => sum + day.totalclicks, 0),
        channels: rankedCounts(channels),
        searches: rankedCounts(searches),
        dayWise,
        isTruncated,
      };
    },

    async priceLineFeeds(scope, startDate, endDate) {
      const { days } = await readRange(scope, startDate, endDate);
      const channels = new Map<string, number>();
      for (const { clicks } of days) {
        for (const click of clicks) if (click.feed === 'priceline') increment(channels, click.channel);
      }
      const data = rankedCounts(channels);
      return { data, totalCount: data.reduce((sum, item) => sum + item.count, 0) };
    },

    async yahooFeeds(scope, startDate, endDate) {
      const { days } = await readRange(scope, startDate, endDate);
      const texts = new Map<string, number>();
      for (const { clicks } of days) {
        for (const click of clicks) if (click.feed === 'yahoo') increment(texts, click.searchText);
      }
      const data = rankedCounts(texts);
      return { data, totalCount: data.reduce((sum, item) => sum + item.count, 0) };
    },

    async priceLineSales(scope, startDate, endDate) {
      const { days } = await readRange(scope, startDate, endDate);
      const data = days.flatMap(({ date, clicks }) => {
        const perChannel = new Map<string, number>();
        for (const click of clicks) if (click.feed === 'priceline') increment(perChannel, click.channel);
        return [...perChannel]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([channel, count]) => priceLineSalesDay(date, channel, count));
      });
      const totals = data.reduce(
        (sum, row) => ({
          clicks: sum.clicks + row.clicks,
          bookings: sum.bookings + row.bookings,
          sales: sum.sales + row.sales,
          commission: sum.commission + row.commission,
        }),
        { clicks: 0, bookings: 0, sales: 0, commission: 0 },
      );
      return { data, totals: { ...totals, sales: cents(totals.sales), commission: cents(totals.commission) } };
    },

    async searchFeedSummary(scope, startDate, endDate) {
      const { channelReports } = await searchFeedReports(scope, startDate, endDate);
      return { labels: SEARCH_FEED_LABELS, data: summaryBySite(channelReports) };
    },

    customSearchFeeds: searchFeedReports,

    async mediaNetReports(startDate, endDate) {
      const data = reportedDates(startDate, endDate).flatMap((date) =>
        MEDIA_CHANNELS.map((channel) => mediaNetDay(date, channel)),
      );
      return {
        data,
        totals: {
          impressions: data.reduce((sum, row) => sum + row.impressions, 0),
          clicks: data.reduce((sum, row) => sum + row.clicks, 0),
          estimated_revenue: cents(data.reduce((sum, row) => sum + row.estimated_revenue, 0)),
        },
      };
    },
  };
}
