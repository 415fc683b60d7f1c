import { bracedClickIdSchema, bracedIdSchema, plainClickIdSchema, plainIdSchema } from '@publisher/contract';
import { z } from 'zod';

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

export type IdRules = 'braces' | 'plain';
export type IdField = 'campaignId' | 'placementId' | 'clickId';
/** The id fields every deep-link form holds ('' when not given). */
export type IdValues = Record<IdField, string>;

/** Part 2 §5: API 1 and 5 also accept braces; API 2 and Sams & Kohls letters, digits and hyphen only. */
export const ID_SANITIZERS: Readonly<Record<IdRules, Readonly<Record<IdField, (value: string) => string>>>> = {
  braces: { campaignId: sanitizeIdWithBraces, placementId: sanitizeIdWithBraces, clickId: sanitizeClickIdWithBraces },
  plain: { campaignId: sanitizePlainId, placementId: sanitizePlainId, clickId: sanitizePlainClickId },
};

/**
 * The id fields' check: the generators' own field schemas (deep-links.schema.ts), named as the body sends them, so
 * a form never sends what the API refuses.
 */
export function idFieldsSchema(rules: IdRules) {
  const id = rules === 'braces' ? bracedIdSchema : plainIdSchema;
  const clickId = rules === 'braces' ? bracedClickIdSchema : plainClickIdSchema;
  return z.object({
    campaignId: id('new_campaign_id'),
    placementId: id('placement_id'),
    clickId: clickId('click_id'),
  });
}
