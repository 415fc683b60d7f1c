/**
 * Which hosts a vendor's short links may be issued on. Short-URL domain management (part 2 §2 "Short URL
 * Domains", /dashboard/addShortURLDomainName ...) is a later issue: when it lands, it provides a
 * `ShortUrlDomains` that reads the vendor's domains, and the shortener accepts exactly those. Until then every
 * vendor has one domain, the tracking host.
 */
export interface ShortUrlDomains {
  /** The vendor's short-URL hosts, the default first; never empty. */
  domainsOf(vendorId: number): Promise<readonly string[]>;
}

/** Every vendor gets the tracking host only. */
export function trackingHostDomains(trackingBaseUrl: string): ShortUrlDomains {
  const host = new URL(trackingBaseUrl).host.toLowerCase();
  return { domainsOf: () => Promise.resolve([host]) };
}
