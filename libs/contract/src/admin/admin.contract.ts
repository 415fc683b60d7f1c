import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { routeMetadata } from '../common/access';
import { commonErrorResponses } from '../common/error.schema';
import { apiKeyBodyField, isoDateSchema, isoDateTimeSchema, objectIdSchema } from '../common/fields';
import { optionalQuery, pageNoQuery, pageSizeQuery, searchTextQuery, vendorIdQuery } from '../catalog/catalog-query';

/**
 * All Vendors List (part 2 §2): Full Name, Created Date, Email, vendorId, apiKey. The spec lists the call
 * (`GET /home/getAllVendors`, part 2 §7) but not its shape: designed here as `{ data }`, oldest account first
 * (the screen reverses it on load).
 */
export const vendorListRowSchema = z.object({
  _id: objectIdSchema,
  fullName: z.string(),
  email: z.string(),
  vendorId: z.number().int().positive(),
  /**
   * The apiKey masked: its last 4 characters after asterisks (`************a1b2`), enough to tell keys apart. The
   * spec's column (part 2 §2) does not need the whole key, and a list of every vendor's working key is one leak
   * away from every vendor's data: `POST /home/vendors/:vendorId/revealApiKey` answers one, and is logged.
   */
  apiKey: z.string(),
  createdAt: isoDateTimeSchema,
});
export type VendorListRow = z.infer<typeof vendorListRowSchema>;
export const vendorListResponseSchema = z.object({
  data: z.array(vendorListRowSchema),
  /** Accounts in all (the pager's total). */
  totalRecords: z.number().int().nonnegative(),
});
export type VendorListResponse = z.infer<typeof vendorListResponseSchema>;

/**
 * All Reports List (part 2 §2): Date and Count. The call (`GET /home/getAllClicksReports`, part 2 §7) is listed
 * without a shape: designed here as one row per saved date of the clicks (connexity) report, with the number of
 * report rows that date holds across vendors, newest date first.
 */
export const clicksReportDayRowSchema = z.object({
  date: isoDateSchema,
  count: z.number().int().nonnegative(),
});
export type ClicksReportDayRow = z.infer<typeof clicksReportDayRowSchema>;
export const clicksReportDaysResponseSchema = z.object({
  data: z.array(clicksReportDayRowSchema),
  /** Saved dates in all (the pager's total). */
  totalRecords: z.number().int().nonnegative(),
});
export type ClicksReportDaysResponse = z.infer<typeof clicksReportDaysResponseSchema>;

/** Largest page of the admin lists; also their default, so a call without paging gets every row up to it. */
export const ADMIN_LIST_MAX_PAGE_SIZE = 500;

/**
 * GET /home/getAllVendors paging: `order=newest` is what the screen wants (newest account first); the default
 * `oldest` keeps the first shape of the call (the screen reversed it).
 */
export const vendorListQuerySchema = z.object({
  order: optionalQuery(
    z.enum(['newest', 'oldest'], { errorMap: () => ({ message: 'order must be newest or oldest' }) }),
  ),
  pageNo: pageNoQuery,
  pageSize: pageSizeQuery(ADMIN_LIST_MAX_PAGE_SIZE),
  /**
   * Narrows the list to the accounts whose full name or email contains the text (case-insensitive, the text taken
   * literally), or whose vendorId is the text's number: the Vendor Id pickers search every account with it, not
   * only the newest page. `totalRecords` then counts the matches.
   */
  search: searchTextQuery('search'),
});
export type VendorListQuery = z.input<typeof vendorListQuerySchema>;

/** POST /home/vendors/:vendorId/revealApiKey: one vendor's whole apiKey (admin), recorded in the audit log. */
export const revealApiKeyParamsSchema = z.object({
  vendorId: z.coerce
    .number({ invalid_type_error: 'vendorId must be a number' })
    .int('vendorId must be a whole number')
    .positive('vendorId must be positive')
    .max(999_999_999, 'vendorId is too large'),
});
export const revealApiKeyBodySchema = z.object({ apiKey: apiKeyBodyField }).strict();
export const revealApiKeyResponseSchema = z.object({
  data: z.object({ vendorId: z.number().int().positive(), apiKey: z.string() }),
});
export type RevealApiKeyResponse = z.infer<typeof revealApiKeyResponseSchema>;

export const clicksReportDaysQuerySchema = z.object({
  pageNo: pageNoQuery,
  pageSize: pageSizeQuery(ADMIN_LIST_MAX_PAGE_SIZE),
});
export type ClicksReportDaysQuery = z.input<typeof clicksReportDaysQuerySchema>;

// ---------- logs (/AllLogs and "All Vendors API Access Reports List") ----------

/** Which list a search was made in: the product list (`q`) or a merchant list (`searchText`). */
export const searchListSchema = z.enum(['products', 'merchants']);
export type SearchList = z.infer<typeof searchListSchema>;

/**
 * One search text a vendor typed in a list, with how often (part 2 §2 "Merchant/logs screen", search-engine logs;
 * shaped like the click dashboard's text-and-count rows). Counted once per search: only first pages count
 * (paging through results is not a new search). Text is trimmed and lower-cased.
 */
export const searchLogEntrySchema = z.object({
  vendorId: z.number().int().positive(),
  fullName: z.string(),
  list: searchListSchema,
  text: z.string(),
  count: z.number().int().positive(),
  lastSearchedAt: isoDateTimeSchema,
});
export type SearchLogEntry = z.infer<typeof searchLogEntrySchema>;

export const searchLogsQuerySchema = z.object({
  list: optionalQuery(searchListSchema),
  vendorId: vendorIdQuery,
  pageNo: pageNoQuery,
  pageSize: pageSizeQuery(100),
});
export type SearchLogsQuery = z.input<typeof searchLogsQuerySchema>;
export const searchLogsResponseSchema = z.object({
  data: z.array(searchLogEntrySchema),
  totalRecords: z.number().int().nonnegative(),
});
export type SearchLogsResponse = z.infer<typeof searchLogsResponseSchema>;

/**
 * Authenticated calls as the API recorded them: who, which method and path (never the query string, which may
 * hold an apiKey), the status answered, how the caller authenticated, when (the first call of the line), and
 * `count`: identical calls (same vendor, method, path, status and signature) within one second are one line.
 */
export const accessLogEntrySchema = z.object({
  vendorId: z.number().int().positive(),
  fullName: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  via: z.enum(['token', 'apiKey']),
  at: isoDateTimeSchema,
  count: z.number().int().positive(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogsQuerySchema = z.object({
  vendorId: vendorIdQuery,
  pageNo: pageNoQuery,
  pageSize: pageSizeQuery(100),
});
export type AccessLogsQuery = z.input<typeof accessLogsQuerySchema>;
export const accessLogsResponseSchema = z.object({
  data: z.array(accessLogEntrySchema),
  totalRecords: z.number().int().nonnegative(),
});
export type AccessLogsResponse = z.infer<typeof accessLogsResponseSchema>;

const c = initContract();
const admin = routeMetadata('admin');
const token = routeMetadata('token');

/** The admin lists of part 2 §7 "Products, merchants and categories": the admin (5029) only. */
export const adminContract = c.router(
  {
    getAllVendors: {
      method: 'GET',
      path: '/home/getAllVendors',
      query: vendorListQuerySchema,
      responses: { 200: vendorListResponseSchema },
      metadata: admin,
      summary:
        'Vendor accounts (All Vendors List): order=newest for newest first (default oldest, the first shape); paged ' +
        'by pageNo, 1-based, pageSize default and max 500. Designed shape: { data, totalRecords }; apiKey masked ' +
        '(last 4 characters), the whole key through revealApiKey.',
    },
    revealVendorApiKey: {
      method: 'POST',
      path: '/home/vendors/:vendorId/revealApiKey',
      pathParams: revealApiKeyParamsSchema,
      body: revealApiKeyBodySchema,
      responses: { 200: revealApiKeyResponseSchema },
      metadata: admin,
      summary:
        'Designed (admin): the whole apiKey of one vendor, which the All Vendors List shows masked. Every reveal is ' +
        'logged: an audit line in the server log (who, whose key, when) and the call in the API access log, whose ' +
        'path names the vendor. 404 for an unknown vendor. Not cached (a POST).',
    },
    getAllClicksReports: {
      method: 'GET',
      path: '/home/getAllClicksReports',
      query: clicksReportDaysQuerySchema,
      responses: { 200: clicksReportDaysResponseSchema },
      metadata: admin,
      summary:
        'Saved dates of the clicks (connexity) report with their row counts (All Reports List), newest first; paged ' +
        'by pageNo, 1-based, pageSize default and max 500. Designed shape: { data, totalRecords }.',
    },
    esLogs: {
      method: 'GET',
      path: '/home/logs/esLogs',
      query: searchLogsQuerySchema,
      responses: { 200: searchLogsResponseSchema },
      metadata: token,
      summary:
        'The search-engine logs of the Merchant/logs screen (/AllLogs): the searches vendors made in the product list ' +
        '(q) and merchant lists (searchText), one row per vendor, list and text with its count, most frequent first; ' +
        'any signed-in vendor reads its own, the admin every vendor (or vendorId). Paged by pageNo, 1-based. ' +
        'Recorded in batches: a search shows within seconds.',
    },
    accessLogs: {
      method: 'GET',
      path: '/home/logs/accessLogs',
      query: accessLogsQuerySchema,
      responses: { 200: accessLogsResponseSchema },
      metadata: token,
      summary:
        'Designed: every authenticated call (vendor, method, path, status, token or apiKey, time), newest first; the ' +
        'admin sees every vendor (or vendorId), a vendor its own. Paged by pageNo, 1-based. Kept 24 months.',
    },
  },
  { commonResponses: commonErrorResponses, strictStatusCodes: true },
);
