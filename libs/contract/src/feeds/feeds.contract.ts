import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { routeMetadata } from '../common/access';
import { commonErrorResponses } from '../common/error.schema';
import {
  FEED_KINDS,
  clickDashboardQuerySchema,
  clickDashboardResponseSchema,
  customSearchFeedResponseSchema,
  feedListQuerySchema,
  feedListResponseSchema,
  mediaNetReportBodySchema,
  mediaNetReportResponseSchema,
  priceLineSalesResponseSchema,
  searchFeedReportBodySchema,
  searchFeedSummaryResponseSchema,
  priceLineClickBodySchema,
  priceLineClickResponseSchema,
  priceLineFeedQuerySchema,
  yahooFeedQuerySchema,
} from './feeds.schema';

const c = initContract();

const open = routeMetadata('public');
const token = routeMetadata('token');
/** Partner-wide revenue (the search-feed and media partner figures): the admin's only, as the menu offers them. */
const admin = routeMetadata('admin');

/** The small page the API serves as the feeds' target when no outside target is configured. */
const html = c.otherResponse({ contentType: 'text/html; charset=utf-8', body: c.type<string>() });

/**
 * Feed links and clicks (part 2 §2 "Feed-link screen", "Redirect placeholder", "Click dashboard"). The feed links
 * are served by this API: following one records a feed click (channel, search text, time, vendor where the link
 * names one) and answers 302 to the feed's target (FEED_PRICELINE_TARGET_URL / FEED_YAHOO_TARGET_URL, by default
 * the landing page below). The spec gives the click dashboard no path: it is designed here.
 */
export const feedsContract = c.router(
  {
    addPriceLineFeeds: {
      method: 'GET',
      path: '/addPriceLineFeeds',
      query: priceLineFeedQuerySchema,
      responses: { 302: c.noBody() },
      metadata: open,
      summary:
        'The price-line feed link: records a click of channel `chanel` (with checkIn, checkOut and city when given) and answers 302 to the price-line target.',
    },
    addYahooFeeds: {
      method: 'GET',
      path: '/addYahooFeeds',
      query: yahooFeedQuerySchema,
      responses: { 302: c.noBody() },
      metadata: open,
      summary:
        'The search-feed link: records a click of channel `chanel` searching `q` and answers 302 to the search target with `q`.',
    },
    recordPriceLineClick: {
      method: 'POST',
      path: '/feeds/priceLineClicks',
      body: priceLineClickBodySchema,
      responses: { 200: priceLineClickResponseSchema },
      metadata: open,
      summary:
        'Designed (path not shown): the redirect placeholder /handleclick records a price-line click with its checkIn, checkOut, chanel and city and gets the URL to forward to.',
    },
    feedLanding: {
      method: 'GET',
      path: '/feeds/landing/:feed',
      pathParams: z.object({ feed: z.enum(FEED_KINDS) }),
      responses: { 200: html },
      metadata: open,
      summary: 'The local landing page the feed links lead to when no outside target is configured (offline use).',
    },
    getClickDashboard: {
      method: 'GET',
      path: '/feeds/clickDashboard',
      query: clickDashboardQuerySchema,
      responses: { 200: clickDashboardResponseSchema },
      metadata: token,
      summary:
        'Designed (path not shown): the click dashboard of the recorded feed clicks from startDate to endDate (UTC days, at most 92): totalClicks, channels and searches as click feed items (_id, count; most first) and dayWise items (_id {day, month}, date, totalclicks). A vendor reads the clicks of their own links; the admin reads every click, or one vendor with vendorId.',
    },

    // ----- feed reports (part 2 §7 "Feeds"; fields not shown: designed). Token; a vendor reads their own
    // recorded clicks, the admin every click or one vendor's with vendorId. The partner reports below them
    // (search feed, media) carry partner-wide revenue: admin only. -----
    getAllPriceLineFeeds: {
      method: 'GET',
      path: '/getAllPriceLineFeeds',
      query: feedListQuerySchema,
      responses: { 200: feedListResponseSchema },
      metadata: token,
      summary:
        'Designed: the price-line feed list of the range, items (_id: channel) with their recorded click count, most first, and totalCount.',
    },
    getAllYahooFeeds: {
      method: 'GET',
      path: '/getAllYahooFeeds',
      query: feedListQuerySchema,
      responses: { 200: feedListResponseSchema },
      metadata: token,
      summary:
        'Designed: the search-feed list of the range, items (_id: search text) with their recorded click count, most first, and totalCount.',
    },
    getAllPricelineSales: {
      method: 'GET',
      path: '/getAllPricelineSales',
      query: feedListQuerySchema,
      responses: { 200: priceLineSalesResponseSchema },
      metadata: token,
      summary:
        "Designed: price-line bookings per day and channel of the recorded price-line clicks (the partner's sales, simulated deterministically): clicks, bookings, sales and commission (USD, cents), with totals.",
    },
    getYahooFeedDetails: {
      method: 'POST',
      path: '/getYahooFeedDetails',
      body: searchFeedReportBodySchema,
      responses: { 200: searchFeedSummaryResponseSchema },
      metadata: admin,
      summary:
        "Designed: the search-feed summary of the range (All Reports): one row per site with ad_clicks, ctr (%), impressions, estimated_revenue, rpc and rpm, and the column labels. Simulated partner figures plus the recorded search-feed clicks. The spec's fixed dates 20240510-20240517 are not used.",
    },
    getCustomYahooFeeds: {
      method: 'POST',
      path: '/getCustomYahooFeeds',
      body: searchFeedReportBodySchema,
      responses: { 200: customSearchFeedResponseSchema },
      metadata: admin,
      summary:
        "Designed: the range's 'Channel Reports' rows (date, channelName, channelName2, channelName3, adtag, estimated_revenue, impressions, total_clicks) and 'Publisher Reports' rows (date, device, channelName, ad_clicks, estimated_revenue, impressions, tq).",
    },
    getMediaNetReports: {
      method: 'POST',
      path: '/getMediaNetReports',
      body: mediaNetReportBodySchema,
      responses: { 200: mediaNetReportResponseSchema },
      metadata: admin,
      summary:
        'Designed: the media (contextual ads) partner report of the range, one row per day and channel: impressions, clicks, ctr (%), estimated_revenue (USD, cents), rpm, with totals. Simulated deterministically.',
    },
  },
  { commonResponses: commonErrorResponses, strictStatusCodes: true },
);
