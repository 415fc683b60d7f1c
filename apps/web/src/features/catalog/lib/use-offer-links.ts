import { useState } from 'react';
import { buildCouponLink } from './tracking-links';
import { useCopyLink } from './use-copy-link';

/**
 * The optional placement id of the coupon and cashback screens and the Copy Link action it personalises: the
 * offer's link, tracked for the vendor (and the placement, once typed), goes to the clipboard with the copy toast.
 */
export function useOfferLinks(vendorId: number) {
  const [placementId, setPlacementId] = useState('');
  const copyLink = useCopyLink();
  const copyOfferLink = (url: string) => copyLink(buildCouponLink(url, vendorId, placementId));
  return { placementId, setPlacementId, copyOfferLink };
}
