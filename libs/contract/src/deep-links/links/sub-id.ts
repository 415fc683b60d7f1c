import { NO_ID } from '../../catalog/catalog.schema';

/**
 * Sub ids of tracked links (part 2 §2 "Deep Links API 2", §9). Ids arrive already validated (letters, digits,
 * hyphen, braces; click ids also underscore); surrounding spaces are ignored and an empty id becomes `noid`.
 */

/** An id as it goes into a link: trimmed, `noid` when missing. */
export function idOrNoid(id: string | null | undefined): string {
  const trimmed = id?.trim() ?? '';
  return trimmed === '' ? NO_ID : trimmed;
}

/** Part 2 §9: `vendorId_placementId_clickId`, `noid` for a missing part (copied links, deep links 1, 3, 4, 5). */
export function linkSubId(vendorId: number, placementId?: string | null, clickId?: string | null): string {
  return [String(vendorId), idOrNoid(placementId), idOrNoid(clickId)].join('_');
}

/** Deep link 2 and the coupon links: `vendorId_placementId`, or `vendorId_noid` without a placement id. */
export function placementSubId(vendorId: number, placementId?: string | null): string {
  return `${vendorId}_${idOrNoid(placementId)}`;
}

/**
 * Reads a sub id back: the vendor, the placement and (for the three-part form) the click id. Placement ids
 * hold no underscore, so the click id is everything after the second one. Undefined when the sub id does not
 * start with a vendor id.
 */
export function parseSubId(
  subId: string,
): { vendorId: number; placementId: string; clickId: string | undefined } | undefined {
  const match = /^(\d{1,9})_([^_]*)(?:_(.*))?$/.exec(subId);
  if (!match) return undefined;
  const [, vendor = '', placement = '', click] = match;
  return { vendorId: Number(vendor), placementId: placement === '' ? NO_ID : placement, clickId: click };
}

/**
 * Encodes an id for a query string but keeps braces as typed: ids may be ad-server macros such as
 * `{placement}` that must reach the tracking host literally.
 */
export function encodeLinkId(id: string): string {
  return encodeURIComponent(id).replace(/%7B/gi, '{').replace(/%7D/gi, '}');
}

/** The timestamp fallback of part 2 §2 and §5 ("a current-time number"): milliseconds since the epoch. */
export const timestampId = (now: number): string => String(Math.trunc(now));
