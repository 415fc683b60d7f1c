import type {
  ChannelReportRow,
  MediaNetRow,
  PriceLineSaleRow,
  PublisherReportRow,
  SearchFeedSummaryRow,
} from '@publisher/contract';
import { weekdayOf } from '@publisher/contract';
import { createRng } from '../seed/prng';

/**
 * The feed partners, simulated (like reports/report-simulator.ts for the affiliate networks): for a date and a
 * channel, what the partner would report, from a PRNG seeded with exactly those values (never Math.random, never
 * the clock). Recorded clicks are added on top by the caller, so a followed feed link shows in the reports.
 * Dates after `today` report nothing.
 */

/** Search-feed channels every range reports (recorded channels join them). */
export const SEARCH_FEED_CHANNELS = ['4', '7', '12'] as const;
/** Channels of the media partner. */
export const MEDIA_CHANNELS = ['mn-101', 'mn-102', 'mn-205'] as const;
const SITES = ['shop.publisher.test', 'deals.publisher.test'] as const;
const DEVICES = ['desktop', 'mobile', 'tablet'] as const;

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};
const ratio = (part: number, whole: number, scale: number, decimals: number) =>
  whole > 0 ? round((part / whole) * scale, decimals) : 0;

/** Weekends bring fewer searches. */
const weekdayFactor = (date: string) => ([0, 6].includes(weekdayOf(date)) ? 0.7 : 1);

/** The site a channel's traffic comes from (stable per channel). */
export function siteOf(channel: string): string {
  return createRng(`site|${channel}`).pick(SITES);
}

export interface SearchFeedDay {
  channel: ChannelReportRow;
  publisher: PublisherReportRow[];
}

/** One channel's search-feed day: the partner's figures plus `recordedClicks` followed through this API. */
export function searchFeedDay(date: string, channel: string, recordedClicks: number): SearchFeedDay {
  const rng = createRng(`searchfeed|${date}|${channel}`);
  const impressions = Math.round(rng.int(2_000, 9_000) * weekdayFactor(date)) + recordedClicks * 3;
  const clicks = Math.round(impressions * rng.float(0.01, 0.04)) + recordedClicks;
  const revenue = round(clicks * rng.float(0.18, 0.55), 2);
  const site = siteOf(channel);
  const row: ChannelReportRow = {
    date,
    channelName: channel,
    channelName2: `${channel}-${rng.pick(['a', 'b', 'c'])}`,
    channelName3: rng.pick(['extension', 'homepage', 'newtab']),
    adtag: `${site.split('.')[0] ?? 'site'}-${channel}`,
    estimated_revenue: revenue,
    impressions,
    total_clicks: clicks,
  };
  // The day split over devices: desktop most, tablet least; the last device takes the remainders.
  const shares = [rng.float(0.45, 0.6), rng.float(0.3, 0.4)];
  let leftImpressions = impressions;
  let leftClicks = clicks;
  let leftRevenue = revenue;
  const publisher = DEVICES.map((device, index): PublisherReportRow => {
    const share = shares[index];
    const deviceImpressions = share === undefined ? leftImpressions : Math.round(impressions * share);
    const deviceClicks = share === undefined ? leftClicks : Math.round(clicks * share);
    const deviceRevenue = share === undefined ? round(leftRevenue, 2) : round(revenue * share, 2);
    leftImpressions -= deviceImpressions;
    leftClicks -= deviceClicks;
    leftRevenue -= deviceRevenue;
    return {
      date,
      device,
      channelName: channel,
      ad_clicks: Math.max(0, deviceClicks),
      estimated_revenue: Math.max(0, deviceRevenue),
      impressions: Math.max(0, deviceImpressions),
      tq: round(rng.float(5, 9.5), 1),
    };
  });
  return { channel: row, publisher };
}

/** The summary per site of channel rows (ctr in percent; rpc per click; rpm per thousand impressions). */
export function summaryBySite(rows: readonly ChannelReportRow[]): SearchFeedSummaryRow[] {
  const bySite = new Map<string, { clicks: number; impressions: number; revenue: number }>();
  for (const row of rows) {
    const site = siteOf(row.channelName);
    const sums = bySite.get(site) ?? { clicks: 0, impressions: 0, revenue: 0 };
    sums.clicks += row.total_clicks;
    sums.impressions += row.impressions;
    sums.revenue += row.estimated_revenue;
    bySite.set(site, sums);
  }
  return [...bySite]
    .map(([site, sums]) => ({
      site,
      ad_clicks: sums.clicks,
      ctr: ratio(sums.clicks, sums.impressions, 100, 2),
      impressions: sums.impressions,
      estimated_revenue: round(sums.revenue, 2),
      rpc: ratio(sums.revenue, sums.clicks, 1, 4),
      rpm: ratio(sums.revenue, sums.impressions, 1000, 4),
    }))
    .sort((a, b) => b.estimated_revenue - a.estimated_revenue || a.site.localeCompare(b.site));
}

/** One media-partner channel day. */
export function mediaNetDay(date: string, channel: string): MediaNetRow {
  const rng = createRng(`medianet|${date}|${channel}`);
  const impressions = Math.round(rng.int(5_000, 20_000) * weekdayFactor(date));
  const clicks = Math.round(impressions * rng.float(0.002, 0.012));
  const revenue = round(impressions * rng.float(0.0008, 0.0025), 2);
  return {
    date,
    channelName: channel,
    impressions,
    clicks,
    ctr: ratio(clicks, impressions, 100, 2),
    estimated_revenue: revenue,
    rpm: ratio(revenue, impressions, 1000, 4),
  };
}

/** The price-line partner's bookings of a day's recorded clicks on a channel (about 1 in 12 books). */
export function priceLineSalesDay(date: string, channel: string, clicks: number): PriceLineSaleRow {
  const rng = createRng(`priceline|${date}|${channel}`);
  let bookings = 0;
  let sales = 0;
  for (let click = 0; click < clicks; click += 1) {
    if (rng.chance(1 / 12)) {
      bookings += 1;
      sales += rng.float(90, 420);
    }
  }
  return { date, channel, clicks, bookings, sales: round(sales, 2), commission: round(sales * 0.04, 2) };
}
