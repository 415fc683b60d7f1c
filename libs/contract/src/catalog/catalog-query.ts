import { z } from 'zod';
import { MAX_PAGE_SIZE, queryInt, wireNumber } from '../common/query';

/**
 * Query-string building blocks of the catalog, coupon and cashback lists. Every message names its parameter,
 * because the web shows `statusMessages[0]` as is.
 *
 * Forms send empty fields as `name=`: an empty string means "not given" for every optional parameter.
 */

/** Highest page number any list accepts. */
export const MAX_PAGE_NO = 100_000;

/** Longest search text the lists accept (the screens cap their inputs at 50). */
export const SEARCH_TEXT_MAX = 100;

/** Reports the inner schema's own message when a value fails both `''` and the schema (e.g. an unknown enum value). */
const innerMessage: z.ZodErrorMap = (issue, context) => {
  if (issue.code === z.ZodIssueCode.invalid_union) {
    const inner = issue.unionErrors[0]?.issues[0];
    if (inner) return { message: inner.message };
  }
  return { message: context.defaultError };
};

/**
 * Makes a query parameter optional, treating `name=` as absent. The schema is tried first (the common case). The
 * `''` branch carries the conversion to undefined, so an absent or valid parameter runs no transform (a transform
 * per parameter, absent ones included, was a fifth of the API's allocations on a list call).
 */
export function optionalQuery<T extends z.ZodTypeAny>(schema: T) {
  return z.union([schema, z.literal('').transform((): undefined => undefined)], { errorMap: innerMessage }).optional();
}

/** 1-based page number; defaults to 1. */
export const pageNoQuery = queryInt('pageNo', 1, MAX_PAGE_NO).default(1);

/** Page size between 1 and MAX_PAGE_SIZE, with the list's own default. */
export const pageSizeQuery = (defaultSize: number) => queryInt('pageSize', 1, MAX_PAGE_SIZE).default(defaultSize);

/**
 * Free text to search for. Matched case-insensitively as a plain substring: characters such as `.*(` or `$`
 * are searched for literally, never interpreted as a pattern. Surrounding spaces are ignored.
 */
export const searchTextQuery = (field: string) =>
  z.string().trim().max(SEARCH_TEXT_MAX, `${field} can be at most ${SEARCH_TEXT_MAX} characters`).optional();

/** A merchant id (`mid`): digits. */
export const merchantIdQuery = (field: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, `${field} must be a numeric merchant id`);

/** A comma-joined list of numeric ids (`categoryIds=10100,10200`, `mids=100001,100002`); at most 100. */
export function idListQuery(field: string) {
  return optionalQuery(
    z
      .string()
      .trim()
      .regex(/^\d{1,12}(,\d{1,12})*$/, `${field} must be numeric ids joined by commas`)
      .transform((value) => [...new Set(value.split(','))])
      .refine((ids) => ids.length <= 100, `${field} can list at most 100 ids`),
  );
}

/** Min or max price: digits only (part 2 §5), a whole number of US dollars. */
export const priceQuery = (field: string) =>
  optionalQuery(
    z
      .string()
      .regex(/^\d{1,9}$/, `${field} accepts digits only`)
      .transform(Number),
  );

/** Placement id: letters, digits, hyphen and braces, at most 50 (part 2 §5). */
export const placementIdQuery = optionalQuery(
  z.string().regex(/^[A-Za-z0-9{}-]{1,50}$/, 'placementId accepts letters, digits, hyphen and braces, at most 50'),
);

/** Click id: placement id characters plus underscore, at most 50 (part 2 §5). */
export const clickIdQuery = optionalQuery(
  z
    .string()
    .regex(/^[A-Za-z0-9{}_-]{1,50}$/, 'clickId accepts letters, digits, hyphen, underscore and braces, at most 50'),
);

/**
 * Whose view to read. Defaults to the caller; naming another vendor is allowed for the admin only (403
 * otherwise). The vendor's merchant lock (5036: Nautica) applies to the view.
 */
export const vendorIdQuery = optionalQuery(
  wireNumber(
    z
      .string({ invalid_type_error: 'vendorId must be a numeric vendor id' })
      .trim()
      .regex(/^\d{1,9}$/, 'vendorId must be a numeric vendor id')
      .transform(Number),
  ),
);

export const MIN_PRICE_ABOVE_MAX_MESSAGE = 'minPrice cannot be greater than maxPrice';

/** Adds the "min cannot exceed max" rule to a query with minPrice and maxPrice (keeping its parsed type). */
export function refinePriceRange<
  Output extends { minPrice?: number | undefined; maxPrice?: number | undefined },
  Input,
>(schema: z.ZodType<Output, z.ZodTypeDef, Input>) {
  return schema.refine(
    (value) => value.minPrice === undefined || value.maxPrice === undefined || value.minPrice <= value.maxPrice,
    { message: MIN_PRICE_ABOVE_MAX_MESSAGE, path: ['minPrice'] },
  );
}

/** `{ _id, count }`: one value of a filter dropdown and how many rows of the unfiltered list carry it. */
export const filterCountSchema = z.object({ _id: z.string(), count: z.number().int().nonnegative() });
export type FilterCount = z.infer<typeof filterCountSchema>;
