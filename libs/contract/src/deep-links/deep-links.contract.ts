import { initContract } from '@ts-rest/core';
import type { z } from 'zod';
import { routeMetadata } from '../common/access';
import { commonErrorResponses, errorEnvelopeSchema } from '../common/error.schema';
import {
  createShortUrlBodySchema,
  createShortUrlResponseSchema,
  deepLinkResultSchema,
  directLinkQuerySchema,
  deepLinkFailureSchema,
  generateDeepLinkAllBodySchema,
  generateDeepLinkBodySchema,
  generateKelkooDeepLinkBodySchema,
  kelkooDeepLinkFailureSchema,
  kelkooDeepLinkResultSchema,
  newdashboardMerchantLinksQuerySchema,
  partnerMerchantLinksQuerySchema,
  shortCodeParamsSchema,
} from './deep-links.schema';
import { csvDownloadMetadata } from '../common/csv';
import {
  DEEPLINK3_LINK_CSV_COLUMNS,
  DEEPLINK4_LINK_CSV_COLUMNS,
  NEWDASHBOARD_LINK_CSV_COLUMNS,
} from './merchant-links.csv';

const c = initContract();

/** Every failure status of a generator (those of `commonErrorResponses`) answers `body`: the envelope plus the
 * spec's failure fields. */
const failures = <T extends z.ZodTypeAny>(body: T) =>
  ({
    400: body,
    401: body,
    403: body,
    404: body,
    409: body,
    413: body,
    415: body,
    429: body,
    500: body,
    503: body,
  }) as const satisfies Record<keyof typeof commonErrorResponses, T>;

/** A merchant-links CSV: one row per merchant with its link. */
const csv = c.otherResponse({ contentType: 'text/csv; charset=utf-8', body: c.type<string>() });
/** The page a browser gets for an expired short link. */
const html = c.otherResponse({ contentType: 'text/html; charset=utf-8', body: c.type<string>() });

const token = routeMetadata('token');
const open = routeMetadata('public');

/** Path of the short-link redirect: `<domain>/s/<code>`. */
export const SHORT_LINK_PATH_PREFIX = '/s/';

/**
 * Deep link generation (part 2 §7 "Deep link creation"), merchant-link downloads (§7 "Downloads"), the
 * tracking redirects and short links (part 1 §7, part 2 §7 "URL shortener"). See deep-links.schema.ts.
 *
 * Generation enforces the menu of part 2 §6 on the server: the product's cpc/cpa flag for the requested type,
 * vendor 5036 locked to Nautica, vendor 5058 limited to the Sams & Kohls page (no generator here), deep link 5
 * never for 5029. A bad id answers 400 naming the field; an unknown merchant 404; another vendor's campaign_id
 * 403 unless the caller is the admin.
 */
export const deepLinksContract = c.router(
  {
    generateDeepLink: {
      method: 'POST',
      path: '/home/generateDeepLink',
      body: generateDeepLinkBodySchema,
      responses: { 200: deepLinkResultSchema, ...failures(deepLinkFailureSchema) },
      metadata: token,
      summary:
        'Deep Links API (1): a tracked link to a connexity merchant (merchantUrl: its merchantUrl, a page of its site, or its store url). isPublisherAI=true: CPA. Vendor 5058 (the Sams & Kohls page) may link the two merchants of SAMS_AND_KOHLS_MERCHANTS only. A failure carries success: false and error besides the envelope.',
    },
    generateDeepLinkAll: {
      method: 'POST',
      path: '/home/generateDeepLinkAll',
      body: generateDeepLinkAllBodySchema,
      responses: { 200: deepLinkResultSchema, ...failures(deepLinkFailureSchema) },
      metadata: token,
      summary:
        'Deep Links API 2: the direct link (source 22267 CPC / 22269 CPA, publisher = new_campaign_id or a timestamp, sub = vendorId_placementId or vendorId_noid) to a merchant of the country-keyed list (merchantUrl: its domain or a page of it).',
    },
    generateKelkooDeepLink: {
      method: 'POST',
      path: '/kelkoo/generateDeepLinkUrl',
      body: generateKelkooDeepLinkBodySchema,
      responses: { 200: kelkooDeepLinkResultSchema, ...failures(kelkooDeepLinkFailureSchema) },
      metadata: token,
      summary:
        'Deep Links API 5: a tracked link to a kelkoo merchant of the country (merchantUrl: its url), with its logo and name. Campaign id blank: a timestamp.',
    },

    // ----- merchant-link downloads: one link per merchant -----
    downloadNewdashboardMerchantLinks: {
      method: 'GET',
      path: '/newdashboard/downAllMerchantLinks',
      query: newdashboardMerchantLinksQuerySchema,
      responses: { 200: csv },
      metadata: csvDownloadMetadata('tokenOrApiKey', NEWDASHBOARD_LINK_CSV_COLUMNS),
      summary: "'merchant links.csv': deep link 2 merchants (country, domain, ave_cpa_rate, ave_cpc, link).",
    },
    downloadDeeplink3MerchantLinks: {
      method: 'GET',
      path: '/doneoftheownou/downAllMerchantLinks',
      query: partnerMerchantLinksQuerySchema,
      responses: { 200: csv },
      metadata: csvDownloadMetadata('tokenOrApiKey', DEEPLINK3_LINK_CSV_COLUMNS),
      summary: 'Merchant-Links.csv: deep link 3 merchants (country, name, domain, link); click id blank: a timestamp.',
    },
    downloadDeeplink3NewMerchantLinks: {
      method: 'GET',
      path: '/doneoftheownou/trackier/downAllMerchantLinks',
      query: partnerMerchantLinksQuerySchema,
      responses: { 200: csv },
      metadata: csvDownloadMetadata('tokenOrApiKey', DEEPLINK3_LINK_CSV_COLUMNS),
      summary: 'Merchant-Links.csv: deep link 3 (New) merchants (country, name, domain, link); missing ids: noid.',
    },
    downloadDeeplink4MerchantLinks: {
      method: 'GET',
      path: '/shoppermeet/downAllMerchantLinks',
      query: partnerMerchantLinksQuerySchema,
      responses: { 200: csv },
      metadata: csvDownloadMetadata('tokenOrApiKey', DEEPLINK4_LINK_CSV_COLUMNS),
      summary: 'Merchant-Links.csv: deep link 4 merchants (geo, merchant_name, merchant_domain, link).',
    },
    downloadDeeplink4NewMerchantLinks: {
      method: 'GET',
      path: '/shoppermeet/trackier/downAllMerchantLinks',
      query: partnerMerchantLinksQuerySchema,
      responses: { 200: csv },
      metadata: csvDownloadMetadata('tokenOrApiKey', DEEPLINK4_LINK_CSV_COLUMNS),
      summary: 'Merchant-Links.csv: deep link 4 (New) merchants (geo, merchant_name, merchant_domain, link).',
    },

    // ----- tracking host -----
    followDirectLink: {
      method: 'GET',
      path: '/redirect',
      query: directLinkQuerySchema,
      responses: { 302: c.noBody() },
      metadata: open,
      summary:
        'The tracking redirect of deep links 1, 2 and 5: records the click (vendor, source, merchant, campaign, placement, click id, sub id, country, device, referrer, time) and answers 302 to the merchant page. Only merchants of the source are redirected to (404 otherwise).',
    },

    // ----- short links -----
    createShortUrl: {
      method: 'POST',
      path: '/shortURL/create',
      body: createShortUrlBodySchema,
      responses: { 200: createShortUrlResponseSchema },
      metadata: token,
      summary:
        "Shortens a generated link for the signed-in vendor (403 when the vendor's isShortUrlEnabled is off). Answers data.tiny_url.",
    },
    followShortUrl: {
      method: 'GET',
      path: `${SHORT_LINK_PATH_PREFIX}:code`,
      pathParams: shortCodeParamsSchema,
      responses: { 302: c.noBody(), 404: errorEnvelopeSchema, 410: html },
      metadata: open,
      summary:
        'A short link: records the click and answers 302 to its target until expires_at, then 410 with a small HTML page.',
    },
  },
  { commonResponses: commonErrorResponses, strictStatusCodes: true },
);
