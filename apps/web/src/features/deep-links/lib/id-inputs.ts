/**
 * As-you-type clean-up of the deep link inputs (part 2 §5). Each screen has its own rule; what is not allowed is
 * dropped as the user types, and every value is cut at 50 characters (part 2 §9).
 */

/** Longest id and merchant-name input (part 2 §5, §9). */
export const DEEP_LINK_INPUT_MAX = 50;

const keep = (pattern: RegExp) => (value: string) => value.replace(pattern, '').slice(0, DEEP_LINK_INPUT_MAX);

/** API 1 and API 5 campaign id and placement id: letters, digits, hyphen and braces. */
export const sanitizeIdWithBraces = keep(/[^A-Za-z0-9{}-]/g);

/** API 1 and API 5 click id: letters, digits, hyphen, braces and underscore. */
export const sanitizeClickIdWithBraces = keep(/[^A-Za-z0-9{}_-]/g);

/** API 2, API 4 New and Sams & Kohls campaign and placement id: letters, digits and hyphen only. */
export const sanitizePlainId = keep(/[^A-Za-z0-9-]/g);

/** API 2 and API 4 New click id: letters, digits, hyphen and underscore. */
export const sanitizePlainClickId = keep(/[^A-Za-z0-9_-]/g);

/** Merchant name search: any text, at most 50 characters. */
export function limitMerchantName(value: string): string {
  return value.slice(0, DEEP_LINK_INPUT_MAX);
}
