import mongoose from 'mongoose';
import type { ClickDashboard, ClickFeedItem, FeedKind } from '@publisher/contract';
import type { ClickRecorder } from '../deep-links/click-recorder';
import { deviceOf } from '../deep-links/device';
import { eachDate, todayUtc } from '../reports/report-dates';
import { feedClickModel, type FeedClickRecord } from './feed-click.model';

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
}

export interface FeedsServiceDeps {
  recorder: ClickRecorder<FeedClickRecord>;
  targets: FeedTargets;
  now?: () => Date;
}

/** The target with the click's values added to its query (values already in the target are kept). */
function targetUrl(base: string, values: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') url.searchParams.set(name, value);
  }
  return url.href;
}

/** Counts per key, most first, then by key (a stable order for equal counts). */
function rankedCounts(counts: ReadonlyMap<string, number>): ClickFeedItem[] {
  return [...counts]
    .map(([_id, count]) => ({ _id, count }))
    .sort((a, b) => b.count - a.count || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
}

type DashboardClick = Pick<FeedClickRecord, 'channel' | 'searchText'>;

async function readDay(date: string, scope: ClickScope): Promise<DashboardClick[]> {
  const filter = 'vendorId' in scope ? { vendorId: scope.vendorId } : {};
  return feedClickModel(date)
    .find(filter, { _id: 0, channel: 1, searchText: 1 })
    .limit(MAX_CLICKS_READ_PER_DAY + 1)
    .lean<DashboardClick[]>();
}

export function createFeedsService({ recorder, targets, now = () => new Date() }: FeedsServiceDeps): FeedsService {
  return {
    async follow(input, visitor) {
      const searchText = input.feed === 'yahoo' ? (input.q ?? '') : '';
      if (visitor.isClick) {
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
        ? targetUrl(targets.yahoo, { chanel: input.chanel, q: searchText })
        : targetUrl(targets.priceline, {
            chanel: input.chanel,
            checkIn: input.checkIn,
            checkOut: input.checkOut,
            city: input.city,
          });
    },

    async clickDashboard(scope, startDate, endDate) {
      // Clicks of the last moments may still be buffered: the dashboard shows them, unless the database is slow.
      await recorder.flush(FLUSH_BEFORE_READ_MS).catch(() => undefined);
      const dates = eachDate(startDate, endDate);
      const channels = new Map<string, number>();
      const searches = new Map<string, number>();
      const perDay = new Map<string, number>();
      let isTruncated = false;
      // FerretDB has no $group accumulators to speak of: each day is read (bounded) and counted here.
      for (let start = 0; start < dates.length; start += DAYS_READ_AT_ONCE) {
        const chunk = dates.slice(start, start + DAYS_READ_AT_ONCE);
        const days = await Promise.all(chunk.map((date) => readDay(date, scope)));
        days.forEach((clicks, index) => {
          const kept = clicks.length > MAX_CLICKS_READ_PER_DAY ? clicks.slice(0, MAX_CLICKS_READ_PER_DAY) : clicks;
          if (kept.length < clicks.length) isTruncated = true;
          perDay.set(chunk[index] ?? '', kept.length);
          for (const click of kept) {
            channels.set(click.channel, (channels.get(click.channel) ?? 0) + 1);
            if (click.searchText !== '') searches.set(click.searchText, (searches.get(click.searchText) ?? 0) + 1);
          }
        });
      }
      const dayWise = dates.map((date) => ({
        _id: { day: Number(date.slice(8, 10)), month: Number(date.slice(5, 7)) },
        date,
        totalclicks: perDay.get(date) ?? 0,
      }));
      return {
        totalClicks: dayWise.reduce((sum, day) => sum + day.totalclicks, 0),
        channels: rankedCounts(channels),
        searches: rankedCounts(searches),
        dayWise,
        isTruncated,
      };
    },
  };
}
