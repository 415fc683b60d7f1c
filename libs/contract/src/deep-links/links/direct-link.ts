import { encodeLinkId, idOrNoid, linkSubId, placementSubId, timestampId } from './sub-id';
import { trackingProgramCode, type DeepLinkType, type DirectLinkSource } from './tracking-programs';

/** Path of the redirect on the tracking host (the API's `GET /redirect`). */
export const DIRECT_LINK_PATH = '/redirect';

/** The query parameters of a direct link, in the order they are written. */
export const DIRECT_LINK_PARAMS = ['source', 'publisher', 'sub', 'clickid', 'country', 'url'] as const;

export interface DirectLinkInput {
  /** The tracking host: the API's TRACKING_BASE_URL, without a trailing slash. */
  trackingBaseUrl: string;
  source: DirectLinkSource;
  type: DeepLinkType;
  vendorId: number;
  /** The merchant page the link lands on. */
  merchantUrl: string;
  /** The campaign id typed on the screen; blank: a timestamp (part 2 §2, §5). */
  campaignId?: string | null;
  placementId?: string | null;
  clickId?: string | null;
  /** Lower-case country of the merchant row, when the list is country-keyed. */
  country?: string | null;
  /** Milliseconds since the epoch: the clock, injected so links are deterministic in tests. */
  now: number;
}

/**
 * A direct link on this API's tracking host (deep links 1, 2 and 5): following it records a click and
 * redirects to the merchant. `publisher` is the campaign id or a timestamp; `sub` is deep link 2's
 * `vendorId_placementId` (part 2 §2) or, for the others, part 2 §9's `vendorId_placementId_clickId`; the click
 * id also travels on its own (`noid` when missing).
 */
export function buildDirectLink(input: DirectLinkInput): string {
  const campaign = input.campaignId?.trim() ?? '';
  const publisher = campaign === '' ? timestampId(input.now) : campaign;
  const sub =
    input.source === 'newdashboard'
      ? placementSubId(input.vendorId, input.placementId)
      : linkSubId(input.vendorId, input.placementId, input.clickId);
  const country = input.country?.trim().toLowerCase() ?? '';
  const params = [
    `source=${trackingProgramCode(input.source, input.type)}`,
    `publisher=${encodeLinkId(publisher)}`,
    `sub=${encodeLinkId(sub)}`,
    `clickid=${encodeLinkId(idOrNoid(input.clickId))}`,
    ...(country === '' ? [] : [`country=${encodeURIComponent(country)}`]),
    `url=${encodeURIComponent(input.merchantUrl)}`,
  ];
  return `${input.trackingBaseUrl.replace(/\/+$/, '')}${DIRECT_LINK_PATH}?${params.join('&')}`;
}

/** A merchant's home page from its domain, as the links and downloads of the domain-only lists use it. */
export const merchantHomeUrl = (domain: string): string => `https://www.${domain.replace(/^www\./i, '')}`;
