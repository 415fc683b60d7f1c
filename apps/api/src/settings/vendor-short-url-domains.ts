import { ShortUrlDomainModel, type ShortUrlDomainRecord } from './short-url-domain.model';

/** Most short-URL domains one vendor's list holds that the shortener considers. */
export const MAX_DOMAINS_PER_VENDOR = 100;

/**
 * The shortener's domains (deep-links/short-url-domains.ts `ShortUrlDomains`) from the admin's Short URL Domains
 * list: a vendor with domains in the list may issue short links on those only, the oldest first (the default
 * when a call names none); a vendor with none gets the API's tracking host. One indexed read per short link
 * issued (not per redirect), so a change shows at once.
 */
export function createVendorShortUrlDomains(trackingBaseUrl: string) {
  const trackingHost = new URL(trackingBaseUrl).host.toLowerCase();
  return {
    async domainsOf(vendorId: number): Promise<readonly string[]> {
      const rows = await ShortUrlDomainModel.find({ vendorId }, { name: 1 })
        .sort({ createdAt: 1, _id: 1 })
        .limit(MAX_DOMAINS_PER_VENDOR)
        .lean<Pick<ShortUrlDomainRecord, 'name'>[]>();
      return rows.length > 0 ? rows.map((row) => row.name) : [trackingHost];
    },
  };
}
