import type { Request, Response } from 'express';
import { initServer } from '@ts-rest/express';
import { feedsContract, type FeedKind } from '@publisher/contract';
import { callerOf, readableVendorId, isAdmin } from '../shared/auth/caller';
import type { ClickScope, FeedVisitor, FeedsService } from './feeds.service';

const s = initServer();

function visitorOf(req: Pick<Request, 'get' | 'method' | 'ip'>): FeedVisitor {
  return {
    userAgent: req.get('user-agent'),
    referrer: req.get('referer'),
    isClick: req.method !== 'HEAD',
    address: req.ip ?? '',
  };
}

/** Redirect answers are never cached: every follow must reach the API and be counted. */
function redirectTo(res: Response, location: string) {
  res.setHeader('Location', location);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  return { status: 302 as const, body: undefined };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);

const FEED_TITLES: Record<FeedKind, string> = { priceline: 'Price-line feed', yahoo: 'Search feed' };

/** The offline stand-in for a feed partner's page: says which feed was reached with which values. */
export function landingPage(feed: FeedKind, values: Record<string, string>): string {
  const rows = Object.entries(values)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `<li><strong>${escapeHtml(name)}</strong>: ${escapeHtml(value)}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${FEED_TITLES[feed]}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; margin: 3rem auto; max-width: 32rem; color: #1f2937">
<h1 style="font-size: 1.25rem">${FEED_TITLES[feed]}</h1>
<p>Your click was recorded. This local page stands in for the feed partner's site.</p>
<ul>${rows}</ul>
</body></html>
`;
}

function firstValues(query: Request['query']): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === 'string') values[name] = value.slice(0, 200);
  }
  return values;
}

const REFUSAL = "You cannot read another vendor's clicks.";

/** Whose recorded clicks a call counts: the caller's own; the admin's every click, or the vendor named. */
function scopeOf(req: Pick<Request, 'caller'>, vendorId: number | undefined): ClickScope {
  const caller = callerOf(req);
  if (isAdmin(caller) && vendorId === undefined) return { everyone: true };
  return { vendorId: readableVendorId(caller, vendorId, REFUSAL) };
}

/** Thin handlers: the visitor, the service, `{ status, body }`. */
export function createFeedsRouter(feeds: FeedsService) {
  return s.router(feedsContract, {
    addPriceLineFeeds: async ({ query, req, res }) =>
      redirectTo(res, await feeds.follow({ feed: 'priceline', ...query }, visitorOf(req))),
    addYahooFeeds: async ({ query, req, res }) =>
      redirectTo(res, await feeds.follow({ feed: 'yahoo', ...query }, visitorOf(req))),
    recordPriceLineClick: async ({ body, req }) => {
      const { chanel, checkIn, checkOut, city, vendorId } = body;
      const redirectUrl = await feeds.follow(
        { feed: 'priceline', chanel, checkIn, checkOut, city, vendorId },
        { ...visitorOf(req), isClick: true },
      );
      return { status: 200, body: { redirectUrl } };
    },
    feedLanding: async ({ params, req, res }) => {
      res.setHeader('Cache-Control', 'no-store');
      return { status: 200, body: landingPage(params.feed, firstValues(req.query)) };
    },
    getClickDashboard: async ({ query, req }) => ({
      status: 200,
      body: await feeds.clickDashboard(scopeOf(req, query.vendorId), query.startDate, query.endDate),
    }),
    getAllPriceLineFeeds: async ({ query, req }) => ({
      status: 200,
      body: await feeds.priceLineFeeds(scopeOf(req, query.vendorId), query.startDate, query.endDate),
    }),
    getAllYahooFeeds: async ({ query, req }) => ({
      status: 200,
      body: await feeds.yahooFeeds(scopeOf(req, query.vendorId), query.startDate, query.endDate),
    }),
    getAllPricelineSales: async ({ query, req }) => ({
      status: 200,
      body: await feeds.priceLineSales(scopeOf(req, query.vendorId), query.startDate, query.endDate),
    }),
    getYahooFeedDetails: async ({ body, req }) => ({
      status: 200,
      body: await feeds.searchFeedSummary(scopeOf(req, body.vendorId), body.start_date, body.end_date),
    }),
    getCustomYahooFeeds: async ({ body, req }) => ({
      status: 200,
      body: await feeds.customSearchFeeds(scopeOf(req, body.vendorId), body.start_date, body.end_date),
    }),
    // Partner figures only, nobody's clicks: the contract makes it the admin's, so a vendorId named changes nothing.
    getMediaNetReports: async ({ body }) => ({
      status: 200,
      body: await feeds.mediaNetReports(body.start_date, body.end_date),
    }),
  });
}
