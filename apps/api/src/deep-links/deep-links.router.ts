import type { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import { initServer } from '@ts-rest/express';
import { DEEP_LINK_MESSAGES, MERCHANT_LINKS_FILE_NAMES, deepLinksContract } from '@publisher/contract';
import { callerOf } from '../shared/auth/caller';
import { csvStream, prepareCsvDownload, type CsvColumn } from '../shared/csv';
import type { DeepLinksService, MerchantLinkRow } from './deep-links.service';
import { DEEPLINK3_LINK_COLUMNS, DEEPLINK4_LINK_COLUMNS, NEWDASHBOARD_LINK_COLUMNS } from './merchant-links.csv';
import type { ShortUrlsService } from './short-urls.service';
import type { TrackingService, Visitor } from './tracking.service';

const s = initServer();

function csvResponse(
  res: Response,
  fileName: string,
  rows: MerchantLinkRow[],
  columns: readonly CsvColumn<MerchantLinkRow>[],
) {
  const stream: Readable = csvStream(rows, columns);
  return { status: 200 as const, body: prepareCsvDownload(res, fileName, stream) as unknown as string };
}

function visitorOf(req: Request): Visitor {
  return {
    userAgent: req.get('user-agent'),
    referrer: req.get('referer'),
    isClick: req.method !== 'HEAD',
    address: req.ip ?? '',
  };
}

/**
 * Redirect answers are never cached: every follow must reach the API and be counted. The location comes
 * re-serialised from the services (redirect-target.ts); it is serialised once more here so that no path can send
 * a Location other clients read differently (and a header carries ASCII only: punycode host, percent-encoded path).
 */
function redirectTo(res: Response, location: string) {
  res.setHeader('Location', new URL(location).href);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  return { status: 302 as const, body: undefined };
}

const EXPIRED_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Link expired</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; margin: 3rem auto; max-width: 32rem; color: #1f2937">
<h1 style="font-size: 1.25rem">${DEEP_LINK_MESSAGES.shortUrlExpired}</h1>
<p>Ask the publisher who shared it for a new link.</p>
</body></html>
`;

export interface DeepLinksRouterDeps {
  deepLinks: DeepLinksService;
  tracking: TrackingService;
  shortUrls: ShortUrlsService;
}

/** Thin handlers: whose link, call the service, return `{ status, body }`. */
export function createDeepLinksRouter({ deepLinks, tracking, shortUrls }: DeepLinksRouterDeps) {
  return s.router(deepLinksContract, {
    generateDeepLink: async ({ body, req }) => {
      const { link, merchantName, type } = await deepLinks.generate(callerOf(req), 'connexity', body);
      return { status: 200, body: { success: true, deepLinkInfo: { link, merchantName, type } } };
    },
    generateDeepLinkAll: async ({ body, req }) => {
      const { link, merchantName, type } = await deepLinks.generate(callerOf(req), 'newdashboard', body);
      return { status: 200, body: { success: true, deepLinkInfo: { link, merchantName, type } } };
    },
    generateKelkooDeepLink: async ({ body, req }) => {
      const { link, merchantName, merchantLogo } = await deepLinks.generate(callerOf(req), 'kelkoo', body);
      return { status: 200, body: { data: { link, merchantName, merchantLogo } } };
    },

    downloadNewdashboardMerchantLinks: async ({ query, req, res }) =>
      csvResponse(
        res,
        MERCHANT_LINKS_FILE_NAMES.newdashboard,
        await deepLinks.newdashboardLinks(callerOf(req), query),
        NEWDASHBOARD_LINK_COLUMNS,
      ),
    downloadDeeplink3MerchantLinks: async ({ query, req, res }) =>
      csvResponse(
        res,
        MERCHANT_LINKS_FILE_NAMES.partner,
        await deepLinks.partnerLinks(callerOf(req), 'deeplink3', query),
        DEEPLINK3_LINK_COLUMNS,
      ),
    downloadDeeplink3NewMerchantLinks: async ({ query, req, res }) =>
      csvResponse(
        res,
        MERCHANT_LINKS_FILE_NAMES.partner,
        await deepLinks.partnerLinks(callerOf(req), 'deeplink3New', query),
        DEEPLINK3_LINK_COLUMNS,
      ),
    downloadDeeplink4MerchantLinks: async ({ query, req, res }) =>
      csvResponse(
        res,
        MERCHANT_LINKS_FILE_NAMES.partner,
        await deepLinks.partnerLinks(callerOf(req), 'deeplink4', query),
        DEEPLINK4_LINK_COLUMNS,
      ),
    downloadDeeplink4NewMerchantLinks: async ({ query, req, res }) =>
      csvResponse(
        res,
        MERCHANT_LINKS_FILE_NAMES.partner,
        await deepLinks.partnerLinks(callerOf(req), 'deeplink4New', query),
        DEEPLINK4_LINK_COLUMNS,
      ),

    followDirectLink: async ({ query, req, res }) => redirectTo(res, await tracking.follow(query, visitorOf(req))),

    createShortUrl: async ({ body, req }) => ({
      status: 200,
      body: { data: await shortUrls.create(callerOf(req), body) },
    }),
    followShortUrl: async ({ params, req, res }) => {
      const outcome = await shortUrls.follow(params.code, visitorOf(req));
      if (outcome.kind === 'redirect') return redirectTo(res, outcome.location);
      res.setHeader('Cache-Control', 'no-store');
      return { status: 410, body: EXPIRED_PAGE };
    },
  });
}
