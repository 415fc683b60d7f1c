import { COUPON_TRACKING_PLACEHOLDER, NO_ID, encodeLinkId, placementSubId } from '@publisher/contract';

/**
 * Link building of the catalog screens (part 1 §3, §9; part 2 §9). Pure functions: the screens call them when a
 * link is copied, with the vendor id of the signed-in user and the placement id typed on the screen.
 */

/** The query parameter that carries the affiliate campaign id (the vendor ID) on copied links. */
export const CAMPAIGN_ID_PARAM = 'af_campaign_id';

/** The placeholder fallback for a missing id (part 2 §9). */
export const MISSING_ID = NO_ID;

/**
 * The sub id of coupon and cashback links: `vendorId_placementId`, or `vendorId_noid` without a placement id
 * (the shared builder of the contract; deep link 2 uses the same rule).
 */
export const couponSubId = placementSubId;

/**
 * Adds `af_campaign_id=<vendorId>` to a URL: after its query string when it has one, as the query string when it
 * has none, before any `#fragment`. An `af_campaign_id` already in the URL gets the vendor's value instead of a
 * second copy. The rest of the URL is left byte for byte as it was (no re-encoding).
 */
export function appendCampaignId(url: string, vendorId: number): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : url.slice(hashAt);
  const param = `${CAMPAIGN_ID_PARAM}=${vendorId}`;
  const existing = new RegExp(`([?&])${CAMPAIGN_ID_PARAM}=[^&]*`);
  if (existing.test(base)) return `${base.replace(existing, `$1${param}`)}${fragment}`;
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${param}${fragment}`;
}

/**
 * A coupon's `jumpUrl` (or a cashback offer's `deeplinkUrl`) ready to share: every tracking placeholder replaced
 * by the sub id `vendorId_placementId` (`vendorId_noid` without one), then the campaign id appended.
 */
export function buildCouponLink(template: string, vendorId: number, placementId?: string | null): string {
  const tracked = template.split(COUPON_TRACKING_PLACEHOLDER).join(encodeLinkId(couponSubId(vendorId, placementId)));
  return appendCampaignId(tracked, vendorId);
}

/**
 * A product's url ready to share. The API already put the sub id (`vendorId_placementId_clickId`, `noid` for a
 * missing part) in it; the copied link adds the campaign id (part 2 §9).
 */
export function buildProductUrl(url: string, vendorId: number): string {
  return appendCampaignId(url, vendorId);
}
