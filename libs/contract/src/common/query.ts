import { z } from 'zod';
import { CALENDAR_DAY_DESCRIPTION, CALENDAR_DAY_REGEX, isCalendarDate, isoDateSchema } from './fields';
import { withOpenApiHint } from './openapi-hints';
import { daysInRange } from './calendar';

/*
 * Query-string values. Every message names its parameter, because the web shows `statusMessages[0]` as is.
 */

/**
 * A number the client passes as a number and the wire carries as text (`?pageNo=2`). The runtime schema takes
 * both: the query string's text, checked by `wire` as strictly as before (no `''`, `1e2` or ` 1`), and a number,
 * which is how a client or a `.default()` hands it in. zod 3 types a preprocess's input as `unknown`, which would
 * let `pageNo: 'one'` compile at the client; the declared type says what the contract means: a number in, a
 * number out.
 */
export function wireNumber(wire: z.ZodType<number, z.ZodTypeDef, string>): z.ZodType<number, z.ZodTypeDef, number> {
  const schema = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), wire);
  return schema as unknown as z.ZodType<number, z.ZodTypeDef, number>;
}

/** A whole number as a query string writes it (queryInt). */
const WHOLE_NUMBER_REGEX = /^-?\d+$/;

/** A whole number in a query string; a number at the client (see {@link wireNumber}). */
export function queryInt(field: string, min: number, max: number) {
  return withOpenApiHint(
    wireNumber(
      z
        .string({ invalid_type_error: `${field} must be a whole number` })
        .regex(WHOLE_NUMBER_REGEX, `${field} must be a whole number`)
        .transform(Number)
        .refine((value) => value >= min, `${field} must be at least ${min}`)
        .refine((value) => value <= max, `${field} must be at most ${max}`)
        .describe(`A whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}.`),
    ),
    { type: 'integer', minimum: min, maximum: max },
  );
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
    .regex(CALENDAR_DAY_REGEX, `${field} must be a date in YYYY-MM-DD format`)
    .refine(isCalendarDate, `${field} must be a real calendar date`)
    .describe(CALENDAR_DAY_DESCRIPTION);

/** Largest page a list call returns. */
export const MAX_PAGE_SIZE = 500;

/**
 * Longest range any report, download or list call accepts, in days (start and end included): ten years and
 * their leap days. Reads cost one rollup lookup per month of the range, so an unbounded one (year 0001 to
 * 9999) kept the API busy past any client's timeout; the fuzzer found it.
 */
export const MAX_DATE_RANGE_DAYS = 3_653;

/** What a call says of a range longer than it reads. */
export const rangeTooLongMessage = (maxDays: number): string => `The date range can be at most ${maxDays} days`;

export const DATE_RANGE_MESSAGES = {
  startAfterEnd: 'Start Date cannot be after End Date',
  rangeTooLong: rangeTooLongMessage(MAX_DATE_RANGE_DAYS),
} as const;

/**
 * A range rule in one sentence: the description of a request schema with a start and an end day, which the OpenAPI
 * document states on every operation that takes it.
 */
const describeDateRange = (startField: string, endField: string, maxDays: number): string =>
  `${startField} and ${endField} name a range of calendar days, both included: ${startField} on or before ` +
  `${endField}, and at most ${maxDays.toLocaleString('en-US')} days long (HTTP 400 otherwise).`;

/** One call's range rule: its two day fields, how long a range it reads, and its words for a reversed one. */
export interface DateRangeRule {
  startField: string;
  endField: string;
  maxDays: number;
  /** Said on the start field when it is after the end (the spec's 'Start Date cannot be after End Date' unless set). */
  startAfterEnd?: string;
}

/**
 * The one range rule of every call with a start and an end day: the start on or before the end (else
 * `startAfterEnd` on the start), at most `maxDays` days both included (else rangeTooLongMessage on the end), checked
 * only when both days are there. Its description (describeDateRange) becomes the description of the operations
 * that take it in the OpenAPI document.
 */
export function withDateRange<T extends z.ZodType<Record<string, unknown>, z.ZodTypeDef, unknown>>(
  schema: T,
  { startField, endField, maxDays, startAfterEnd = DATE_RANGE_MESSAGES.startAfterEnd }: DateRangeRule,
): z.ZodEffects<T, z.output<T>, z.input<T>> {
  return schema
    .superRefine((value: z.output<T>, ctx) => {
      const start = value[startField];
      const end = value[endField];
      if (typeof start !== 'string' || typeof end !== 'string' || start === '' || end === '') return;
      if (start > end) {
        ctx.addIssue({ code: 'custom', message: startAfterEnd, path: [startField] });
      } else if (daysInRange(start, end) > maxDays) {
        ctx.addIssue({ code: 'custom', message: rangeTooLongMessage(maxDays), path: [endField] });
      }
    })
    .describe(describeDateRange(startField, endField, maxDays));
}

/** The reports' range rule ({@link withDateRange}, at most {@link MAX_DATE_RANGE_DAYS} days) on startDate and endDate. */
export function refineDateRange<
  T extends z.ZodType<{ startDate?: string | undefined; endDate?: string | undefined }, z.ZodTypeDef, unknown>,
>(schema: T): z.ZodEffects<T, z.output<T>, z.input<T>> {
  return withDateRange(schema, { startField: 'startDate', endField: 'endDate', maxDays: MAX_DATE_RANGE_DAYS });
}

export const dateRangeFields = { startDate: isoDateSchema, endDate: isoDateSchema };
