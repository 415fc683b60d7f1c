import { z } from 'zod';
import { apiKeyBodyField } from '../common/fields';
import { queryDate, queryInt, rangeTooLongMessage, withDateRange, type DateRangeRule } from '../common/query';

/*
 * Feed clicks (part 2 §2 "Feed-link screen", "Redirect placeholder", "Click dashboard"; §3 "Click feed item").
 * The feed links are followed by anyone (they open in a new tab, without a token): each follow is recorded as a
 * feed click and redirected. The spec's parameter name `chanel` (sic) is part of the links and stays.
 */

/** The two feeds whose links the feed-link screen shows. */
export const FEED_KINDS = ['priceline', 'yahoo'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** Channel the feed-link screen starts with (part 2 §2). */
export const DEFAULT_FEED_CHANNEL = '4';
/** The fixed search number the search-feed link carries (part 2 §2 "q={fixed number}"). */
export const FEED_LINK_SEARCH_NUMBER = '1001';
/** Longest date range the click dashboard reads at once (one collection per day is read). */
export const MAX_CLICK_DASHBOARD_DAYS = 92;

export const FEED_MESSAGES = {
  rangeTooLong: rangeTooLongMessage(MAX_CLICK_DASHBOARD_DAYS),
} as const;

/** A channel id: letters, digits, hyphen or underscore, at most 50 (the house's text limit). */
export const feedChannelSchema = z
  .string({ required_error: 'chanel is required' })
  .trim()
  .min(1, 'chanel is required')
  .max(50, 'chanel must be at most 50 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'chanel may hold letters, digits, hyphen and underscore only');

/** A search text as typed: 1 to 200 characters, kept as given (trimmed). */
export const feedSearchTextSchema = z
  .string({ required_error: 'q is required' })
  .trim()
  .min(1, 'q is required')
  .max(200, 'q must be at most 200 characters');

const optionalText = (field: string) =>
  z.string().trim().max(100, `${field} must be at most 100 characters`).optional();

/**
 * The vendor a followed link is attributed to, when the link says (the feed-link screen adds the signed-in
 * vendor's id). Attribution only, like the `sub` of a deep link: it grants nothing.
 */
const vendorIdField = queryInt('vendorId', 1, 999_999_999).optional();

/** GET /addPriceLineFeeds: the price-line feed link, and the values the redirect placeholder forwards. */
export const priceLineFeedQuerySchema = z.object({
  chanel: feedChannelSchema,
  vendorId: vendorIdField,
  checkIn: queryDate('checkIn').optional(),
  checkOut: queryDate('checkOut').optional(),
  city: optionalText('city'),
});
export type PriceLineFeedQuery = z.input<typeof priceLineFeedQuerySchema>;

/** GET /addYahooFeeds: the search-feed link. */
export const yahooFeedQuerySchema = z.object({
  chanel: feedChannelSchema,
  q: feedSearchTextSchema,
  vendorId: vendorIdField,
});
export type YahooFeedQuery = z.input<typeof yahooFeedQuerySchema>;

/** POST /feeds/priceLineClicks: what the redirect placeholder (`/handleclick`) read from its query. */
export const priceLineClickBodySchema = z.object({
  chanel: feedChannelSchema,
  checkIn: queryDate('checkIn').optional(),
  checkOut: queryDate('checkOut').optional(),
  city: optionalText('city'),
  vendorId: z.number().int().positive().optional(),
  apiKey: apiKeyBodyField,
});
export type PriceLineClickBody = z.input<typeof priceLineClickBodySchema>;

export const priceLineClickResponseSchema = z.object({
  /** Where the browser goes next: the price-line target with the recorded values. */
  redirectUrl: z.string().url(),
});

/** Part 2 §3 "Click feed item": `_id` is the channel or the search text. */
export const clickFeedItemSchema = z.object({
  _id: z.string(),
  count: z.number().int().nonnegative(),
});
export type ClickFeedItem = z.infer<typeof clickFeedItemSchema>;

/** Part 2 §3 day-wise item: `_id` {day, month}, totalclicks; `date` (YYYY-MM-DD) added so years never mix. */
export const clickDayItemSchema = z.object({
  _id: z.object({ day: z.number().int().min(1).max(31), month: z.number().int().min(1).max(12) }),
  date: z.string(),
  totalclicks: z.number().int().nonnegative(),
});
export type ClickDayItem = z.infer<typeof clickDayItemSchema>;

/** GET /feeds/clickDashboard: the range (inclusive, UTC days) and, for the admin, one vendor. */
export const clickDashboardQuerySchema = withDateRange(
  z.object({ startDate: queryDate('startDate'), endDate: queryDate('endDate'), vendorId: vendorIdField }),
  { startField: 'startDate', endField: 'endDate', maxDays: MAX_CLICK_DASHBOARD_DAYS },
);
export type ClickDashboardQuery = z.input<typeof clickDashboardQuerySchema>;

export const clickDashboardResponseSchema = z.object({
  totalClicks: z.number().int().nonnegative(),
  /** Clicks per channel (both feeds), most first. */
  channels: z.array(clickFeedItemSchema),
  /** Clicks per search text (search feed), most first, then by text. */
  searches: z.array(clickFeedItemSchema),
  /** One item per day of the range, oldest first, zero days included. */
  dayWise: z.array(clickDayItemSchema),
  /** True when a day held more clicks than one read takes: the counts are then a lower bound. */
  isTruncated: z.boolean(),
});
export type ClickDashboard = z.infer<typeof clickDashboardResponseSchema>;

// ---------- feed reports (part 2 §7 "Feeds"; fields not shown in the spec: designed here) ----------

/** Longest range a feed report reads at once. */
export const MAX_FEED_REPORT_DAYS = 92;

/** A feed report's range rule: at most {@link MAX_FEED_REPORT_DAYS} days, its messages naming the fields as sent. */
const feedReportRange = (startField: string, endField: string): DateRangeRule => ({
  startField,
  endField,
  maxDays: MAX_FEED_REPORT_DAYS,
  startAfterEnd: `${startField} cannot be after ${endField}`,
});

/** GET /getAllPriceLineFeeds, /getAllYahooFeeds, /getAllPricelineSales: a range of UTC days. */
export const feedListQuerySchema = withDateRange(
  z.object({ startDate: queryDate('startDate'), endDate: queryDate('endDate'), vendorId: vendorIdField }),
  feedReportRange('startDate', 'endDate'),
);
export type FeedListQuery = z.input<typeof feedListQuerySchema>;

/** Part 2 §3 "Price-line feed list: items with a count" (and the search-feed list alike). */
export const feedListResponseSchema = z.object({
  data: z.array(clickFeedItemSchema),
  totalCount: z.number().int().nonnegative(),
});
export type FeedList = z.infer<typeof feedListResponseSchema>;

/** One day and channel of simulated price-line bookings over the recorded price-line clicks. */
export const priceLineSaleRowSchema = z.object({
  date: z.string(),
  channel: z.string(),
  clicks: z.number().int().nonnegative(),
  bookings: z.number().int().nonnegative(),
  /** USD, rounded to cents. */
  sales: z.number().nonnegative(),
  /** USD, rounded to cents. */
  commission: z.number().nonnegative(),
});
export type PriceLineSaleRow = z.infer<typeof priceLineSaleRowSchema>;

export const priceLineSalesResponseSchema = z.object({
  data: z.array(priceLineSaleRowSchema),
  totals: z.object({
    clicks: z.number().int().nonnegative(),
    bookings: z.number().int().nonnegative(),
    sales: z.number().nonnegative(),
    commission: z.number().nonnegative(),
  }),
});
export type PriceLineSales = z.infer<typeof priceLineSalesResponseSchema>;

/**
 * Part 2 §3 "Search-feed report payload": start_date, end_date, group_by [adtag, site]. The spec's fixed dates
 * (20240510 to 20240517) are a defect: the screens send the chosen range. Dates are YYYY-MM-DD like every date here.
 */
export const searchFeedReportBodySchema = withDateRange(
  z.object({
    start_date: queryDate('start_date'),
    end_date: queryDate('end_date'),
    group_by: z
      .array(z.enum(['adtag', 'site']))
      .max(2)
      .default(['adtag', 'site']),
    vendorId: z.number().int().positive().optional(),
    apiKey: apiKeyBodyField,
  }),
  feedReportRange('start_date', 'end_date'),
);
export type SearchFeedReportBody = z.input<typeof searchFeedReportBodySchema>;

/** The summary's columns, in display order. */
export const SEARCH_FEED_SUMMARY_KEYS = [
  'site',
  'ad_clicks',
  'ctr',
  'impressions',
  'estimated_revenue',
  'rpc',
  'rpm',
] as const;

export const searchFeedSummaryRowSchema = z.object({
  site: z.string(),
  ad_clicks: z.number().int().nonnegative(),
  /** Percent of impressions clicked, 2 decimals. */
  ctr: z.number().nonnegative(),
  impressions: z.number().int().nonnegative(),
  /** USD, cents. */
  estimated_revenue: z.number().nonnegative(),
  /** Revenue per click, USD, 4 decimals. */
  rpc: z.number().nonnegative(),
  /** Revenue per thousand impressions, USD, 4 decimals. */
  rpm: z.number().nonnegative(),
});
export type SearchFeedSummaryRow = z.infer<typeof searchFeedSummaryRowSchema>;

/** POST /getYahooFeedDetails: the summary; `labels` are the column headings the screen shows (from the server). */
export const searchFeedSummaryResponseSchema = z.object({
  labels: z.object(
    Object.fromEntries(SEARCH_FEED_SUMMARY_KEYS.map((key) => [key, z.string()])) as Record<
      (typeof SEARCH_FEED_SUMMARY_KEYS)[number],
      z.ZodString
    >,
  ),
  data: z.array(searchFeedSummaryRowSchema),
});
export type SearchFeedSummary = z.infer<typeof searchFeedSummaryResponseSchema>;

export const channelReportRowSchema = z.object({
  date: z.string(),
  channelName: z.string(),
  channelName2: z.string(),
  channelName3: z.string(),
  adtag: z.string(),
  estimated_revenue: z.number().nonnegative(),
  impressions: z.number().int().nonnegative(),
  total_clicks: z.number().int().nonnegative(),
});
export type ChannelReportRow = z.infer<typeof channelReportRowSchema>;

export const publisherReportRowSchema = z.object({
  date: z.string(),
  device: z.enum(['desktop', 'mobile', 'tablet']),
  channelName: z.string(),
  ad_clicks: z.number().int().nonnegative(),
  estimated_revenue: z.number().nonnegative(),
  impressions: z.number().int().nonnegative(),
  /** Traffic quality score, 1 to 10, 1 decimal. */
  tq: z.number().min(0).max(10),
});
export type PublisherReportRow = z.infer<typeof publisherReportRowSchema>;

/** Longest text the All Reports channel name filters take. */
export const CHANNEL_NAME_FILTER_MAX = 50;

/**
 * The All Reports screen's two channel name filters (part 2 §2 "two channel name inputs"): each narrows the shown
 * rows to channel names containing it; empty keeps every row.
 */
export const channelNameFiltersSchema = z.object({
  channelName: z
    .string()
    .max(CHANNEL_NAME_FILTER_MAX, `Channel Name can be at most ${CHANNEL_NAME_FILTER_MAX} characters`),
  channelName2: z
    .string()
    .max(CHANNEL_NAME_FILTER_MAX, `Channel Name 2 can be at most ${CHANNEL_NAME_FILTER_MAX} characters`),
});
export type ChannelNameFilters = z.infer<typeof channelNameFiltersSchema>;

/** POST /getCustomYahooFeeds: the 'Channel Reports' and 'Publisher Reports' tables of the range. */
export const customSearchFeedResponseSchema = z.object({
  channelReports: z.array(channelReportRowSchema),
  publisherReports: z.array(publisherReportRowSchema),
});
export type CustomSearchFeedReports = z.infer<typeof customSearchFeedResponseSchema>;

/** POST /getMediaNetReports: the range. */
export const mediaNetReportBodySchema = withDateRange(
  z.object({
    start_date: queryDate('start_date'),
    end_date: queryDate('end_date'),
    vendorId: z.number().int().positive().optional(),
    apiKey: apiKeyBodyField,
  }),
  feedReportRange('start_date', 'end_date'),
);
export type MediaNetReportBody = z.input<typeof mediaNetReportBodySchema>;

export const mediaNetRowSchema = z.object({
  date: z.string(),
  channelName: z.string(),
  impressions: z.number().int().nonnegative(),
  clicks: z.number().int().nonnegative(),
  /** Percent, 2 decimals. */
  ctr: z.number().nonnegative(),
  /** USD, cents. */
  estimated_revenue: z.number().nonnegative(),
  /** USD per thousand impressions, 4 decimals. */
  rpm: z.number().nonnegative(),
});
export type MediaNetRow = z.infer<typeof mediaNetRowSchema>;

export const mediaNetReportResponseSchema = z.object({
  data: z.array(mediaNetRowSchema),
  totals: z.object({
    impressions: z.number().int().nonnegative(),
    clicks: z.number().int().nonnegative(),
    estimated_revenue: z.number().nonnegative(),
  }),
});
export type MediaNetReport = z.infer<typeof mediaNetReportResponseSchema>;
