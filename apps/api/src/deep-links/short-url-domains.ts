/**
 * Which hosts a vendor's short links may be issued on. The app wires the admin's Short URL Domains list
 * (settings/vendor-short-url-domains.ts: the vendor's domains, or the tracking host when it has none); the
 * shortener accepts exactly those. `trackingHostDomains` (every vendor on the tracking host) is the default.
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
