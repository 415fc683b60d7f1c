import { TRACKING_LINK_PLACEHOLDERS } from '../../catalog/catalog.schema';
import { encodeLinkId, idOrNoid } from './sub-id';

/**
 * Deep links 3 (New) and 4 (New): the row's `trackingLink` with `{PLACEMENT_ID}` and `{CLICK_ID}` replaced by
 * the ids typed on the screen, `noid` for a missing one (part 2 §2 "Copy Link", §9).
 */
export function buildTrackingLink(template: string, placementId?: string | null, clickId?: string | null): string {
  return template
    .split(TRACKING_LINK_PLACEHOLDERS.placementId)
    .join(encodeLinkId(idOrNoid(placementId)))
    .split(TRACKING_LINK_PLACEHOLDERS.clickId)
    .join(encodeLinkId(idOrNoid(clickId)));
}
