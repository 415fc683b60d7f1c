import { digitsOnly } from '../../../lib/form';

/**
 * As-you-type clean-up of the catalog filter fields, so that what is sent always passes the API's checks
 * (catalog-query.ts of the contract) and the user never meets a 400 for a stray character.
 */

/** Longest id and price inputs: ids are at most 50 characters (part 2 §5), prices at most 9 digits. */
export const ID_MAX_LENGTH = 50;
export const PRICE_MAX_LENGTH = 9;

/** Min and max price: digits only or empty (part 2 §5); every other character is dropped as typed. */
export function sanitizePrice(value: string): string {
  return digitsOnly(value, PRICE_MAX_LENGTH);
}

/** Placement id: letters, digits, hyphen and braces (part 2 §5). */
export function sanitizePlacementId(value: string): string {
  return value.replace(/[^A-Za-z0-9{}-]/g, '').slice(0, ID_MAX_LENGTH);
}

/** Click id: placement id characters plus underscore (part 2 §5). */
export function sanitizeClickId(value: string): string {
  return value.replace(/[^A-Za-z0-9{}_-]/g, '').slice(0, ID_MAX_LENGTH);
}

/** Category ids: digits joined by commas; spaces and other characters are dropped, a comma cannot repeat. */
export function sanitizeCategoryIds(value: string): string {
  return value
    .replace(/[^\d,]/g, '')
    .replace(/,{2,}/g, ',')
    .replace(/^,/, '');
}

/** The comma-joined category ids to send, without empty entries, or undefined when there are none. */
export function categoryIdsParam(value: string): string | undefined {
  const ids = value.split(',').filter((id) => id !== '');
  return ids.length > 0 ? ids.join(',') : undefined;
}

/** An empty field is not sent at all. */
export function optionalParam(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Drops the parameters that are not given, so the query string (and the cache key) holds only real filters. */
export function withoutUndefined<T extends Record<string, string | number | undefined>>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}
