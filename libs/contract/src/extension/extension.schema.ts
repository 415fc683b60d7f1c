import { z } from 'zod';
import { EMAIL_PATTERN } from '../auth/auth.schema';
import { queryDate, rangeTooLongMessage, withDateRange } from '../common/query';

/*
 * Extension revenue (part 2 §1, §2 "Extension dashboard", §3 "Extension report row", §7 "Extension revenue").
 * The revenue service is mocked by this API (`/api/auth/login`, `/api/users/y_*`); the web never holds its
 * credentials: it calls `/extension/revenue`, and the API signs in to the service with the credentials of its
 * own configuration.
 */

/** Longest range one "Save Reports to DB" saves. */
export const MAX_EXTENSION_SAVE_DAYS = 31;

export const EXTENSION_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  invalidServiceToken: 'Invalid or expired extension service token.',
  unknownAccount: 'Unknown account.',
  serviceNotConfigured: 'The extension revenue service is not configured on this server.',
  rangeTooLong: rangeTooLongMessage(MAX_EXTENSION_SAVE_DAYS),
  saved: (days: number) => `Extension reports saved for ${days} ${days === 1 ? 'day' : 'days'}.`,
} as const;

/** POST /api/auth/login (the revenue service's sign-in). */
export const extensionLoginBodySchema = z.object({
  // The portal's own email rule (zod's .email() differs from it and from the `format: email` clients assume).
  email: z.string({ required_error: 'email is required' }).trim().regex(EMAIL_PATTERN, 'email must be a valid email'),
  password: z.string({ required_error: 'password is required' }).min(1, 'password is required').max(200),
});
export const extensionLoginResponseSchema = z.object({
  token: z.string(),
  /** Seconds the token is honoured. */
  expiresIn: z.number().int().positive(),
});

export const extensionAccountParamsSchema = z.object({
  account: z.string().regex(/^\d{1,12}$/, 'account must be a number'),
});
export const extensionDateQuerySchema = z.object({ date: queryDate('date') });

/** Part 2 §3 "Extension report row". Counts are integers; composition, coverage and ctr percents (2 decimals). */
export const extensionDailyRowSchema = z.object({
  y_date: z.string(),
  affiliate: z.string(),
  user_tag: z.string(),
  bidded_clicks: z.number().int().nonnegative(),
  bidded_results: z.number().int().nonnegative(),
  bidded_searches: z.number().int().nonnegative(),
  composition: z.number().nonnegative(),
  coverage: z.number().nonnegative(),
  ctr: z.number().nonnegative(),
  /** USD, cents. */
  partner_rev_share: z.number().nonnegative(),
  searches: z.number().int().nonnegative(),
  /** Traffic quality score, 1 decimal. */
  tq_score: z.number().nonnegative(),
});
export type ExtensionDailyRow = z.infer<typeof extensionDailyRowSchema>;

export const extensionDeviceRowSchema = extensionDailyRowSchema.extend({ device_type: z.string() });
export type ExtensionDeviceRow = z.infer<typeof extensionDeviceRowSchema>;

export const extensionMarketRowSchema = extensionDailyRowSchema.extend({
  user_country: z.string(),
  market: z.string(),
});
export type ExtensionMarketRow = z.infer<typeof extensionMarketRowSchema>;

/** The numeric columns of every extension table: the totals row sums these. */
export const EXTENSION_NUMERIC_COLUMNS = [
  'bidded_clicks',
  'bidded_results',
  'bidded_searches',
  'composition',
  'coverage',
  'ctr',
  'partner_rev_share',
  'searches',
  'tq_score',
] as const;

export const extensionDailyResponseSchema = z.object({ data: z.array(extensionDailyRowSchema) });
export const extensionDeviceResponseSchema = z.object({ data: z.array(extensionDeviceRowSchema) });
export const extensionMarketResponseSchema = z.object({ data: z.array(extensionMarketRowSchema) });

/** GET /extension/revenue: the three tables of one date, fetched by the API from the revenue service. */
export const extensionRevenueResponseSchema = z.object({
  date: z.string(),
  daily: z.array(extensionDailyRowSchema),
  device: z.array(extensionDeviceRowSchema),
  market: z.array(extensionMarketRowSchema),
});
export type ExtensionRevenue = z.infer<typeof extensionRevenueResponseSchema>;

/** The range of "Save Reports to DB" and of the saved-reports list. */
export const extensionRangeSchema = withDateRange(
  z.object({ startDate: queryDate('startDate'), endDate: queryDate('endDate') }),
  { startField: 'startDate', endField: 'endDate', maxDays: MAX_EXTENSION_SAVE_DAYS },
);
export type ExtensionRange = z.input<typeof extensionRangeSchema>;

/** What was saved for one date (the "Daily Reports Info" section). */
export const savedExtensionDaySchema = z.object({
  date: z.string(),
  dailyRows: z.number().int().nonnegative(),
  deviceRows: z.number().int().nonnegative(),
  marketRows: z.number().int().nonnegative(),
  /** USD, cents: the daily rows' partner_rev_share summed. */
  partnerRevShare: z.number().nonnegative(),
  savedAt: z.string(),
});
export type SavedExtensionDay = z.infer<typeof savedExtensionDaySchema>;

export const saveExtensionReportsResponseSchema = z.object({
  statusMessage: z.string(),
  data: z.array(savedExtensionDaySchema),
});
export const savedExtensionReportsResponseSchema = z.object({ data: z.array(savedExtensionDaySchema) });
