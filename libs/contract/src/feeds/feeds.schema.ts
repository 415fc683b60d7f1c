import { z } from 'zod';
import { apiKeyBodyField } from '../common/fields';
import { queryDate, queryInt, refineDateRange } from '../common/query';

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
  rangeTooLong: `The date range can be at most ${MAX_CLICK_DASHBOARD_DAYS} days`,
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

const dayCount = (startDate: string, endDate: string) =>
  Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1;

/** GET /feeds/clickDashboard: the range (inclusive, UTC days) and, for the admin, one vendor. */
export const clickDashboardQuerySchema = refineDateRange(
  z.object({
    startDate: queryDate('startDate'),
    endDate: queryDate('endDate'),
    vendorId: vendorIdField,
  }),
).refine(
  (value) => value.startDate > value.endDate || dayCount(value.startDate, value.endDate) <= MAX_CLICK_DASHBOARD_DAYS,
  {
    message: FEED_MESSAGES.rangeTooLong,
    path: ['endDate'],
  },
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
