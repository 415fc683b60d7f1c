import { z } from 'zod';
import { isCalendarDate, isoDateSchema } from './fields';

/*
 * Query-string values. Every message names its parameter, because the web shows `statusMessages[0]` as is.
 */

/** A whole number in a query string. */
export function queryInt(field: string, min: number, max: number) {
  return z
    .string()
    .regex(/^-?\d+$/, `${field} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min, `${field} must be at least ${min}`).max(max, `${field} must be at most ${max}`));
}

/** `true` or `false` in a query string (only those literal words). */
export function queryBool(field: string) {
  return z
    .enum(['true', 'false'], { errorMap: () => ({ message: `${field} must be true or false` }) })
    .transform((value) => value === 'true');
}

/** A calendar day `YYYY-MM-DD` in a query string, checked for real (no 30 February). */
export const queryDate = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date in YYYY-MM-DD format`)
    .refine(isCalendarDate, `${field} must be a real calendar date`);

/** Largest page a list call returns. */
export const MAX_PAGE_SIZE = 500;

export const DATE_RANGE_MESSAGES = {
  startAfterEnd: 'Start Date cannot be after End Date',
} as const;

/** Adds the "start cannot be after end" rule to any schema with startDate and endDate, keeping its types. */
export function refineDateRange<
  T extends z.ZodType<{ startDate?: string | undefined; endDate?: string | undefined }, z.ZodTypeDef, unknown>,
>(schema: T): z.ZodEffects<T, z.output<T>, z.input<T>> {
  return schema.refine((value) => !value.startDate || !value.endDate || value.startDate <= value.endDate, {
    message: DATE_RANGE_MESSAGES.startAfterEnd,
    path: ['startDate'],
  });
}

export const dateRangeFields = { startDate: isoDateSchema, endDate: isoDateSchema };
