import { buildCouponLink } from './tracking-links';
import { useCopyLink } from './use-copy-link';

/**
 * The Copy Link action of the coupon and cashback screens: the offer's link, tracked for the vendor (and the
 * placement id of the screen's form, once typed), goes to the clipboard with the copy toast.
 */
export function useOfferLinks(vendorId: number, placementId: string) {
  const copyLink = useCopyLink();
  const copyOfferLink = (url: string) => copyLink(buildCouponLink(url, vendorId, placementId));
  return { copyOfferLink };
}
