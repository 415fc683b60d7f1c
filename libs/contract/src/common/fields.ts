import { z } from 'zod';

/** A MongoDB ObjectId as it travels on the wire: 24 hex characters. */
export const objectIdSchema = z.string().regex(/^[0-9a-fA-F]{24}$/, 'must be a 24-character hex id');

/** Calendar date on the wire: YYYY-MM-DD. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in YYYY-MM-DD format')
  .refine((value) => {
    // Round-trip through Date so 2026-02-30 and 2026-13-01 are refused, not rolled over.
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
  }, 'must be a real calendar date');

/** Instant on the wire: ISO 8601 string. */
export const isoDateTimeSchema = z.string().datetime({ offset: true });

/**
 * Post calls may carry the caller's apiKey in the body (part 1 §7). When present it must belong to the
 * caller; the API checks that in its access middleware.
 */
export const apiKeyBodyField = z.string().min(1).max(128).optional();
