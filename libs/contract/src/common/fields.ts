import { z } from 'zod';

/** A MongoDB ObjectId as it travels on the wire: 24 hex characters. */
export const objectIdSchema = z.string().regex(/^[0-9a-fA-F]{24}$/, 'must be a 24-character hex id');

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether a YYYY-MM-DD string names a real day (2026-02-30 and 2026-13-01 do not), by arithmetic: every row of
 * every report response passes here, so it allocates nothing.
 */
export function isCalendarDate(value: string): boolean {
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const last = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  return last !== undefined && day >= 1 && day <= last;
}

/**
 * A calendar day as the wire writes it, YYYY-MM-DD (isoDateSchema, queryDate): the OpenAPI document recognises its
 * days by this pattern's source to mark them `format: date`.
 */
export const CALENDAR_DAY_REGEX = /^\d{4}-\d{2}-\d{2}$/;

/** What the OpenAPI document says of every calendar day (docs/openapi.json marks them `format: date` too). */
export const CALENDAR_DAY_DESCRIPTION = 'A calendar day, YYYY-MM-DD; a real one (2026-02-30 is refused).';

/** Calendar date on the wire: YYYY-MM-DD. */
export const isoDateSchema = z
  .string()
  .regex(CALENDAR_DAY_REGEX, 'must be a date in YYYY-MM-DD format')
  .refine(isCalendarDate, 'must be a real calendar date')
  .describe(CALENDAR_DAY_DESCRIPTION);

/** A link template on the wire: an https URL that may still hold placeholders such as {TRACKING_CODE}. */
export const linkTemplateSchema = z.string().regex(/^https:\/\/\S+$/, 'must be an https link template');

/** Instant on the wire: ISO 8601 string. */
export const isoDateTimeSchema = z.string().datetime({ offset: true });

/**
 * Post calls may carry the caller's apiKey in the body (part 1 §7). When present it must belong to the
 * caller; the API checks that in its access middleware.
 */
export const apiKeyBodyField = z.string().min(1).max(128).optional();
