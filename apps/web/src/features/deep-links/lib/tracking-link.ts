import { NO_ID, TRACKING_LINK_PLACEHOLDERS } from '@publisher/contract';

/**
 * A "New" merchant's trackingLink ready to share (part 2 §2 API 3 New and 4 New): {PLACEMENT_ID} becomes the
 * placement id and {CLICK_ID} the click id, each 'noid' when empty. The ids are already cleaned to URL-safe
 * characters as typed, so they go in as they are.
 */
export function fillTrackingLink(template: string, placementId: string, clickId: string): string {
  const orNoId = (value: string) => (value.trim() === '' ? NO_ID : value.trim());
  return template
    .split(TRACKING_LINK_PLACEHOLDERS.placementId)
    .join(orNoId(placementId))
    .split(TRACKING_LINK_PLACEHOLDERS.clickId)
    .join(orNoId(clickId));
}
