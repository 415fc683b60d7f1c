import type {
  CountryCount,
  CountryMerchantRow,
  Deeplink3MerchantRow,
  Deeplink3NewMerchantRow,
  Deeplink4MerchantRow,
  Deeplink4NewMerchantRow,
  Deeplink5MerchantRow,
  Merchant,
} from '@publisher/contract';
import { vi } from 'vitest';
import type { MockResponse, RecordedRequest } from '../../../testing/api-server';

const API = 'http://localhost:3333';
const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function buildConnexityMerchant(mid: string, name: string): Merchant {
  const slug = slugOf(name);
  return {
    mid,
    merchantInfo: {
      name,
      url: `https://shop.publisher-portal.test/m/${mid}`,
      merchantUrl: `https://www.${slug}.com`,
      logoUrl: `${API}/assets/logos/${slug}.svg`,
      logoUrlSmall: `${API}/assets/logos/${slug}.svg?size=small`,
    },
  };
}

export function buildKelkooRow(name: string, overrides: Partial<Deeplink5MerchantRow> = {}): Deeplink5MerchantRow {
  return { country: 'us', name, url: `https://www.${slugOf(name)}.com`, merchantEstimatedCpc: 0.4215, ...overrides };
}

export function buildApi4NewRow(
  name: string,
  overrides: Partial<Deeplink4NewMerchantRow> = {},
): Deeplink4NewMerchantRow {
  const slug = slugOf(name);
  return {
    geo: 'us',
    merchant_name: name,
    merchant_domain: `${slug}.com`,
    trackingLink: `https://track.shoppermeet.test/click?m=${slug}&p={PLACEMENT_ID}&c={CLICK_ID}`,
    ...overrides,
  };
}

export function buildApi4Row(name: string, overrides: Partial<Deeplink4MerchantRow> = {}): Deeplink4MerchantRow {
  const slug = slugOf(name);
  return {
    geo: 'us',
    merchant_name: name,
    merchant_domain: `${slug}.com`,
    avg_payout_commission: 6.5,
    merchant_id: '4001',
    redirect_link: `https://go.shoppermeet.test/r?cid=CLICK_ID&sub=SUB_ID&d=MARCHANT_DOMAIN&cc=COUNTRY_CODE&ip=IP&ua=USER_AGENT&mid=MERCHANTS_ID`,
    ...overrides,
  };
}

export function buildApi3Row(name: string, overrides: Partial<Deeplink3MerchantRow> = {}): Deeplink3MerchantRow {
  const slug = slugOf(name);
  return {
    country: 'us',
    name,
    domain: `${slug}.com`,
    is_deeplink: true,
    redirect_link: `https://go.doneoftheownou.test/r?cid=CLICK_ID&sub=SUB_ID&url=LINK`,
    ...overrides,
  };
}

export function buildApi3NewRow(
  name: string,
  overrides: Partial<Deeplink3NewMerchantRow> = {},
): Deeplink3NewMerchantRow {
  const slug = slugOf(name);
  return {
    country: 'us',
    name,
    domain: `${slug}.com`,
    trackingLink: `https://track.doneoftheownou.test/click?m=${slug}&p={PLACEMENT_ID}&c={CLICK_ID}`,
    ...overrides,
  };
}

export function buildCountryMerchantRow(
  domain: string,
  overrides: Partial<CountryMerchantRow> = {},
): CountryMerchantRow {
  return { country: 'us', domain, ave_cpa_rate: 4.5, ave_cpc: 0.35, ...overrides };
}

export const SUMMARY: CountryCount[] = [
  { country: 'us', count: 57 },
  { country: 'gb', count: 12 },
];

/** A paged list answer. */
export function page(data: readonly unknown[], totalRecords = data.length): MockResponse {
  return { status: 200, body: { data, totalRecords } };
}

/** The query parameters of the calls to `pathname`, oldest first. */
export function queriesTo(requests: readonly RecordedRequest[], pathname: string): Record<string, string>[] {
  return requests
    .filter((request) => request.url.pathname === pathname)
    .map((request) => Object.fromEntries(request.url.searchParams));
}

/** The JSON bodies of the calls to `pathname`, oldest first. */
export function bodiesTo(requests: readonly RecordedRequest[], pathname: string): unknown[] {
  return requests.filter((request) => request.url.pathname === pathname).map((request) => request.body);
}

/** Replaces the browser clipboard (jsdom has none) with a recorder; returns the writeText mock. */
export function stubClipboard() {
  const writeText = vi.fn((text: string) => Promise.resolve(text).then(() => undefined));
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  return writeText;
}
