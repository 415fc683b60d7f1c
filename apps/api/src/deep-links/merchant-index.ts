import { merchantHomeUrl, type DirectLinkSource } from '@publisher/contract';
import type { CatalogSnapshot, MerchantEntry, PartnerEntry } from '../catalog/catalog.read-model';
import { slugify } from '../seed/catalog-generator';
import { redirectTargetOf } from '../shared/redirect-target';

/**
 * Merchant lookups of the deep links, built once per catalog snapshot: by host (lower case, without `www.`)
 * for every source whose links this API tracks, by store URL for connexity, and the set of every host a
 * generated or shortened link may lead to (merchant sites and the partner networks' tracking hosts).
 */
export interface MerchantIndex {
  connexityByHost: ReadonlyMap<string, MerchantEntry>;
  connexityByStoreUrl: ReadonlyMap<string, MerchantEntry>;
  /** newdashboard and kelkoo rows by host; one host may have a row per country. */
  partnersByHost: Readonly<Record<'newdashboard' | 'kelkoo', ReadonlyMap<string, readonly PartnerEntry[]>>>;
  /** Hosts a short link may point at besides the tracking host. */
  knownHosts: ReadonlySet<string>;
}

/** The host of a URL (or a bare domain) as the index keys it; undefined when it is not an http(s) URL. */
export function hostKeyOf(url: string): string | undefined {
  const withScheme = /^https?:\/\//i.test(url) ? url : `https://${url}`;
  try {
    const parsed = new URL(withScheme);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return parsed.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return undefined;
  }
}

/** A merchant URL or bare domain as an absolute URL (a bare domain means https://<domain>). */
export function absoluteUrlOf(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

// eslint-disable-next-line state/no-module-state -- a memo of what a snapshot derives, keyed by the snapshot object: each app loads its own catalog snapshots, so no two apps share an entry, and an entry goes with its snapshot
const indexes = new WeakMap<CatalogSnapshot, MerchantIndex>();

export function merchantIndexOf(catalog: CatalogSnapshot): MerchantIndex {
  const cached = indexes.get(catalog);
  if (cached) return cached;
  const connexityByHost = new Map<string, MerchantEntry>();
  const connexityByStoreUrl = new Map<string, MerchantEntry>();
  const knownHosts = new Set<string>();
  for (const entry of catalog.merchants) {
    const host = entry.record.domain.toLowerCase().replace(/^www\./, '');
    if (!connexityByHost.has(host)) connexityByHost.set(host, entry);
    connexityByStoreUrl.set(entry.record.url, entry);
    knownHosts.add(host);
  }
  const newdashboard = new Map<string, PartnerEntry[]>();
  const kelkoo = new Map<string, PartnerEntry[]>();
  for (const [source, entries] of Object.entries(catalog.partners)) {
    for (const entry of entries) {
      const host = entry.record.domain.toLowerCase().replace(/^www\./, '');
      knownHosts.add(host);
      if (source === 'newdashboard') addTo(newdashboard, host, entry);
      if (source === 'kelkoo') addTo(kelkoo, host, entry);
      for (const template of [entry.record.redirectLink, entry.record.trackingLink]) {
        const templateHost = template === undefined ? undefined : hostKeyOf(template);
        if (templateHost) knownHosts.add(templateHost);
      }
    }
  }
  const index: MerchantIndex = {
    connexityByHost,
    connexityByStoreUrl,
    partnersByHost: { newdashboard, kelkoo },
    knownHosts,
  };
  indexes.set(catalog, index);
  return index;
}

/** A merchant of a direct-link source, found by a URL or domain of its site (and the country, when given). */
export interface ResolvedMerchant {
  source: DirectLinkSource;
  merchantName: string;
  domain: string;
  /** The page the link lands on: the URL given when it is on the merchant's site, else the merchant's home page. */
  landingUrl: string;
  /** The landing page as a redirect sends it: re-serialised, on the merchant's own host (redirect-target.ts). */
  redirectUrl: string;
  /** Lower-case country of the merchant row; '' for connexity, whose merchants are not country-keyed. */
  country: string;
  /** Names the merchant's generated logo (/assets/logos/<slug>.svg). */
  logoSlug: string;
}

/** The landing page as a redirect sends it, re-serialised, when it is on the merchant's own host (else undefined: nothing resolves). */
function redirectOn(domain: string, url: string): string | undefined {
  const merchantHost = domain.toLowerCase().replace(/^www\./, '');
  return redirectTargetOf(url, (host) => host === merchantHost);
}

/** Finds the merchant a generator or a redirect names, or undefined. */
export function resolveMerchant(
  index: MerchantIndex,
  source: DirectLinkSource,
  url: string,
  country: string | undefined,
): ResolvedMerchant | undefined {
  const host = hostKeyOf(url);
  if (source === 'connexity') {
    const byHost = host === undefined ? undefined : index.connexityByHost.get(host);
    const entry = byHost ?? index.connexityByStoreUrl.get(url);
    if (!entry) return undefined;
    const landingUrl = byHost ? absoluteUrlOf(url) : entry.record.merchantUrl;
    const redirectUrl = redirectOn(entry.record.domain, landingUrl);
    if (redirectUrl === undefined) return undefined;
    return {
      source,
      merchantName: entry.record.name,
      domain: entry.record.domain,
      landingUrl,
      redirectUrl,
      country: country ?? '',
      logoSlug: entry.record.slug,
    };
  }
  if (host === undefined) return undefined;
  const rows = index.partnersByHost[source].get(host) ?? [];
  const row = country === undefined ? rows[0] : rows.find((entry) => entry.country === country);
  if (!row) return undefined;
  // A bare domain (what the domain-only lists show) lands on the home page, as the downloads' links do.
  const landingUrl = /^https?:\/\//i.test(url) ? url : merchantHomeUrl(row.record.domain);
  const redirectUrl = redirectOn(row.record.domain, landingUrl);
  if (redirectUrl === undefined) return undefined;
  return {
    source,
    merchantName: source === 'newdashboard' ? row.record.domain : row.record.name,
    domain: row.record.domain,
    landingUrl,
    country: row.country,
    redirectUrl,
    logoSlug: slugify(row.record.name),
  };
}
