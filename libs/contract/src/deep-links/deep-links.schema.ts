import { z } from 'zod';
import { countryQuerySchema } from '../catalog/countries';
import { optionalQuery, searchTextQuery } from '../catalog/catalog-query';
import { errorEnvelopeSchema } from '../common/error.schema';
import { apiKeyBodyField, isoDateTimeSchema } from '../common/fields';
import { withOpenApiHint } from '../common/openapi-hints';
import { queryBool } from '../common/query';
import { campaignIdSchema } from '../reports/reports.schema';
import { DEEP_LINK_MESSAGES } from './deep-link-messages';
import { TRACKING_PROGRAM_CODES } from './links/tracking-programs';

/**
 * Deep links, merchant-link downloads, click tracking and short links (part 2 §2, §3, §5, §6, §7; part 1 §7).
 *
 * Which call serves which screen (the spec names the calls, not the mapping; designed here):
 * - POST /home/generateDeepLink: Deep Links API (1), connexity merchants that have products;
 * - POST /home/generateDeepLinkAll: Deep Links API 2, any merchant of the country-keyed (newdashboard) list;
 * - POST /kelkoo/generateDeepLinkUrl: Deep Links API 5;
 * - deep links 3, 4 and their New variants are built in the browser from the list rows with the shared
 *   builders in `deep-links/links` (the partner network tracks those clicks), and downloaded as CSV here.
 *
 * Links of deep links 1, 2 and 5 point at this API's tracking host (`GET /redirect`), which records the click
 * and redirects to the merchant. Short links (`GET /s/:code`) do the same.
 */

/** Text inputs of the generators are at most 50 characters (part 2 §5, §9). */
export const DEEP_LINK_ID_MAX = 50;

/** Longest merchant URL a generator accepts. */
export const MERCHANT_URL_MAX = 2048;

export { DEEP_LINK_MESSAGES } from './deep-link-messages';

/** A character of a braced id: a letter, a digit, a hyphen or a brace. */
const BRACED_ID_CHARACTER = '[A-Za-z0-9{}-]';

/** Campaign id and placement id of deep links 1 and 5: letters, digits, hyphen and braces, max 50 (part 2 §5). */
export const bracedIdSchema = (field: string) =>
  z
    .string({ invalid_type_error: `${field} must be text` })
    .trim()
    .max(DEEP_LINK_ID_MAX, `${field} can be at most ${DEEP_LINK_ID_MAX} characters`)
    .regex(new RegExp(`^${BRACED_ID_CHARACTER}*$`), `${field} accepts letters, digits, hyphen and braces only`);

/** Click id of deep links 1 and 5: the same plus underscore. */
export const bracedClickIdSchema = (field: string) =>
  z
    .string({ invalid_type_error: `${field} must be text` })
    .trim()
    .max(DEEP_LINK_ID_MAX, `${field} can be at most ${DEEP_LINK_ID_MAX} characters`)
    .regex(/^[A-Za-z0-9{}_-]*$/, `${field} accepts letters, digits, hyphen, underscore and braces only`);

/** Campaign and placement ids of deep links 2, 4 New and Sams & Kohls: letters, digits and hyphen only. */
export const plainIdSchema = (field: string) =>
  z
    .string({ invalid_type_error: `${field} must be text` })
    .trim()
    .max(DEEP_LINK_ID_MAX, `${field} can be at most ${DEEP_LINK_ID_MAX} characters`)
    .regex(/^[A-Za-z0-9-]*$/, `${field} accepts letters, digits and hyphen only`);

/** Click id of deep links 2 and 4 New: letters, digits, hyphen and underscore. */
export const plainClickIdSchema = (field: string) =>
  z
    .string({ invalid_type_error: `${field} must be text` })
    .trim()
    .max(DEEP_LINK_ID_MAX, `${field} can be at most ${DEEP_LINK_ID_MAX} characters`)
    .regex(/^[A-Za-z0-9_-]*$/, `${field} accepts letters, digits, hyphen and underscore only`);

const merchantUrlSchema = z
  .string({ required_error: DEEP_LINK_MESSAGES.merchantRequired })
  .trim()
  .min(1, DEEP_LINK_MESSAGES.merchantRequired)
  .max(MERCHANT_URL_MAX, `merchantUrl can be at most ${MERCHANT_URL_MAX} characters`)
  .regex(/^(https?:\/\/)?[^\s/]+\.[^\s]+$/i, 'merchantUrl must be a URL or a domain');

/** `null` from a form counts as blank. */
const blankable = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === null ? '' : value), schema.optional());

function deepLinkBodyShape(idRules: 'braced' | 'plain') {
  const id = idRules === 'braced' ? bracedIdSchema : plainIdSchema;
  const clickId = idRules === 'braced' ? bracedClickIdSchema : plainClickIdSchema;
  return {
    /**
     * The merchant page the link lands on: a merchant of the screen's list, by its merchantUrl, url, domain or
     * any page of its site (a bare domain means https://<domain>).
     */
    merchantUrl: merchantUrlSchema,
    placement_id: blankable(id('placement_id')),
    click_id: blankable(clickId('click_id')),
    /** The vendor ID whose link this is; defaults to the caller. Another vendor's id: 403 unless admin. */
    campaign_id: campaignIdSchema.optional(),
    /** true: a CPA link; absent or false: CPC (part 2 §7). */
    isPublisherAI: z.boolean({ invalid_type_error: 'isPublisherAI must be true or false' }).optional(),
    /** The campaign id typed on the screen; blank: a timestamp (the link's `publisher`). */
    new_campaign_id: blankable(id('new_campaign_id')),
    apiKey: apiKeyBodyField,
  };
}

/** POST /home/generateDeepLink (deep link 1): ids by the rules of API 1. */
export const generateDeepLinkBodySchema = z.object(deepLinkBodyShape('braced'));
export type GenerateDeepLinkBody = z.input<typeof generateDeepLinkBodySchema>;

/** POST /home/generateDeepLinkAll (deep link 2): ids by the rules of API 2; `country` picks the merchant row. */
export const generateDeepLinkAllBodySchema = z.object({
  ...deepLinkBodyShape('plain'),
  country: countryQuerySchema,
});
export type GenerateDeepLinkAllBody = z.input<typeof generateDeepLinkAllBodySchema>;

/** POST /kelkoo/generateDeepLinkUrl (deep link 5): the API 1 rules plus the merchant's country. */
export const generateKelkooDeepLinkBodySchema = z.object({
  ...deepLinkBodyShape('braced'),
  country: countryQuerySchema,
});
export type GenerateKelkooDeepLinkBody = z.input<typeof generateKelkooDeepLinkBodySchema>;

export const deepLinkTypeSchema = z.enum(['CPC', 'CPA']);

/** Part 2 §3 "Deep link result". */
export const deepLinkResultSchema = z.object({
  success: z.literal(true),
  deepLinkInfo: z.object({
    /** The tracked link on this API's tracking host. */
    link: z.string().url(),
    merchantName: z.string(),
    type: deepLinkTypeSchema,
  }),
});
export type DeepLinkResult = z.infer<typeof deepLinkResultSchema>;

/**
 * Part 2 §3 "Deep link result" / §7 "Response: success, deepLinkInfo (link), or error": a failed generation
 * answers the API's error envelope (its status and `statusMessages`, like every failure) plus the spec's
 * `success: false` and `error`, the first message.
 */
export const deepLinkFailureSchema = errorEnvelopeSchema.extend({
  success: z.literal(false),
  error: z.string(),
});
export type DeepLinkFailure = z.infer<typeof deepLinkFailureSchema>;

/** API 5's failure (part 2 §7 "payload.error"): the error envelope plus `error`, the first message. */
export const kelkooDeepLinkFailureSchema = errorEnvelopeSchema.extend({ error: z.string() });
export type KelkooDeepLinkFailure = z.infer<typeof kelkooDeepLinkFailureSchema>;

/** Part 2 §3 "Deep link result" for API 5. */
export const kelkooDeepLinkResultSchema = z.object({
  data: z.object({
    link: z.string().url(),
    /** Absolute URL of the merchant's generated SVG logo. */
    merchantLogo: z.string().url(),
    merchantName: z.string(),
  }),
});
export type KelkooDeepLinkResult = z.infer<typeof kelkooDeepLinkResultSchema>;

// ---------- merchant-link downloads ----------

/** The spec's file names of the merchant-link downloads (part 2 §7 "Downloads"). */
export const MERCHANT_LINKS_FILE_NAMES = {
  newdashboard: 'merchant links.csv',
  partner: 'Merchant-Links.csv',
} as const;

const optionalText = <T extends z.ZodTypeAny>(schema: T) => optionalQuery(schema);

/**
 * GET /newdashboard/downAllMerchantLinks: every deep link 2 merchant (of one country, or all) with its direct
 * link. Authenticates by token or by `apiKey` + `campaign_id`.
 */
export const newdashboardMerchantLinksQuerySchema = z.object({
  placementId: optionalText(plainIdSchema('placementId')),
  clickId: optionalText(plainClickIdSchema('clickId')),
  campaign_id: campaignIdSchema.optional(),
  apiKey: apiKeyBodyField,
  isPublisherAI: optionalQuery(queryBool('isPublisherAI')),
  new_campaign_id: optionalText(plainIdSchema('new_campaign_id')),
  country: countryQuerySchema,
});
export type NewdashboardMerchantLinksQuery = z.input<typeof newdashboardMerchantLinksQuerySchema>;

/** The four partner downloads (deep links 3, 3 New, 4, 4 New): one link per merchant row. */
export const partnerMerchantLinksQuerySchema = z.object({
  placementId: optionalText(plainIdSchema('placementId')),
  clickId: optionalText(plainClickIdSchema('clickId')),
  campaign_id: campaignIdSchema.optional(),
  apiKey: apiKeyBodyField,
  country: countryQuerySchema,
  searchText: searchTextQuery('searchText'),
});
export type PartnerMerchantLinksQuery = z.input<typeof partnerMerchantLinksQuerySchema>;

// ---------- the tracking redirect ----------

/** `GET /redirect`: the query of a direct link (see links/direct-link.ts). */
export const directLinkQuerySchema = z.object({
  source: z.enum(TRACKING_PROGRAM_CODES, {
    errorMap: () => ({ message: `source must be one of ${TRACKING_PROGRAM_CODES.join(', ')}` }),
  }),
  publisher: withOpenApiHint(
    bracedIdSchema('publisher').refine((value) => value.length > 0, 'publisher is required'),
    { type: 'string', pattern: `^\\s*${BRACED_ID_CHARACTER}{1,${DEEP_LINK_ID_MAX}}\\s*$` },
  ),
  sub: z
    .string({ required_error: 'sub is required' })
    .regex(/^\d{1,9}_[A-Za-z0-9{}-]+(_[A-Za-z0-9{}_-]+)?$/, 'sub must be vendorId_placementId[_clickId]')
    .max(DEEP_LINK_ID_MAX * 2 + 12, 'sub is too long'),
  clickid: optionalQuery(bracedClickIdSchema('clickid')),
  country: countryQuerySchema,
  url: z
    .string({ required_error: 'url is required' })
    .max(MERCHANT_URL_MAX, `url can be at most ${MERCHANT_URL_MAX} characters`)
    .regex(/^https?:\/\/[^\s]+$/i, 'url must be an http or https URL'),
});
export type DirectLinkQuery = z.input<typeof directLinkQuerySchema>;

// ---------- short links ----------

/** Short codes: 7 characters of [A-Za-z0-9]. */
export const SHORT_CODE_PATTERN = /^[A-Za-z0-9]{7}$/;

/**
 * POST /shortURL/create (part 1 §7 "Link shortening", part 2 §7 "URL shortener"): served by this API for the
 * signed-in vendor whose short URLs are on (`isShortUrlEnabled`). `url` must be a link on this API's tracking
 * host or a merchant link of the portal's lists; `domain` one of the vendor's short-URL domains (blank: the
 * API's own host); `expires_at` null or absent: never.
 */
export const createShortUrlBodySchema = z.object({
  url: z
    .string({ required_error: 'url is required' })
    .trim()
    .min(1, 'url is required')
    .max(MERCHANT_URL_MAX, `url can be at most ${MERCHANT_URL_MAX} characters`)
    .regex(/^https?:\/\/[^\s]+$/i, 'url must be an http or https URL'),
  domain: z
    .string({ invalid_type_error: 'domain must be text' })
    .trim()
    .toLowerCase()
    .max(253, 'domain can be at most 253 characters')
    .regex(/^[a-z0-9.:-]*$/, 'domain must be a host name')
    .nullable()
    .optional(),
  expires_at: isoDateTimeSchema.nullable().optional(),
  apiKey: apiKeyBodyField,
});
export type CreateShortUrlBody = z.input<typeof createShortUrlBodySchema>;

export const createShortUrlResponseSchema = z.object({
  data: z.object({
    tiny_url: z.string().url(),
    /** When the short URL stops redirecting (410 after it); null: never. */
    expires_at: isoDateTimeSchema.nullable(),
  }),
});
export type CreateShortUrlResponse = z.infer<typeof createShortUrlResponseSchema>;

export const shortCodeParamsSchema = z.object({
  code: z.string().regex(SHORT_CODE_PATTERN, 'code must be 7 letters or digits'),
});
