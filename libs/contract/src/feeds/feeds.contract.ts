import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { routeMetadata } from '../common/access';
import { commonErrorResponses } from '../common/error.schema';
import {
  FEED_KINDS,
  clickDashboardQuerySchema,
  clickDashboardResponseSchema,
  priceLineClickBodySchema,
  priceLineClickResponseSchema,
  priceLineFeedQuerySchema,
  yahooFeedQuerySchema,
} from './feeds.schema';

const c = initContract();

const open = routeMetadata('public');
const token = routeMetadata('token');

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
  },
  { commonResponses: commonErrorResponses, strictStatusCodes: true },
);
