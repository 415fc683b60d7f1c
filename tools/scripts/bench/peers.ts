/**
 * Peer baselines of the bench: the tools a frontend team would otherwise stand up for these screens. Both
 * json-server versions are fed the same records the API serves, exported from the seeded API itself, and asked
 * the closest query their query language has for each hot read.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The hot reads the bench runs, by the key the peers' query maps use. */
export type HotRead = 'earnings' | 'conversions' | 'products' | 'coupons';

export interface PeerQuery {
  /** json-server 0.17 (`_page` + `_limit`, `_sort` + `_order`, `q` full-text search). */
  v017: string;
  /** json-server 1.0-beta (`_page` + `_per_page`, `_sort=-field`, no full-text search). */
  v1: string;
}

interface ExportWindow {
  /** The 90-day earnings range and the 30-day conversion range the API scenarios ask. */
  earnings: { startDate: string; endDate: string };
  conversions: { startDate: string; endDate: string };
}

const PAGE = 100;

async function getJson<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`peer export: ${res.status} from ${url}: ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as T;
}

/** Every page of a paged read, from page `first` (the API pages some lists from 0 and some from 1). */
async function allPages<T>(read: (page: number) => Promise<{ rows: T[]; total: number }>, first: number): Promise<T[]> {
  const rows: T[] = [];
  for (let page = first; ; page += 1) {
    const batch = await read(page);
    rows.push(...batch.rows);
    if (batch.rows.length === 0 || rows.length >= batch.total) return rows;
  }
}

/**
 * Reads the records behind the four hot reads out of the seeded API (as the signed-in vendor sees them) and
 * writes them as one json-server database file: `earnings` (the 90 daily rows), `conversions` (every row of
 * the 30 days), `products` (the whole catalog list, with a top-level `price` to filter and sort on) and
 * `coupons` (all of them). Returns the file and how many records of each it holds.
 */
export async function exportPeerData(
  api: string,
  token: string,
  window: ExportWindow,
  scratch: string,
): Promise<{ file: string; counts: Record<HotRead, number> }> {
  const json = { 'content-type': 'application/json', authorization: token };
  const earnings = await getJson<{ reports: { earnings: Record<string, unknown>[] } }>(
    `${api}/home/getEarningsReport`,
    {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ ...window.earnings, aggregation: 'daily' }),
    },
  );
  const conversions = await allPages(async (page) => {
    const answer = await getJson<{ reportsData: Record<string, unknown>[]; totalRecords: number }>(
      `${api}/home/getConversionReports`,
      { method: 'POST', headers: json, body: JSON.stringify({ ...window.conversions, page, pageSize: PAGE }) },
    );
    return { rows: answer.reportsData, total: answer.totalRecords };
  }, 0);
  const products = await allPages(async (page) => {
    const answer = await getJson<{
      data: { _id: string; _source: { price: { value: number } } }[];
      totalRecords: number;
    }>(`${api}/home/getProductslist?pageSize=${PAGE}&pageNo=${page}`, { headers: { authorization: token } });
    return {
      rows: answer.data.map((product) => ({ id: product._id, price: product._source.price.value, ...product })),
      total: answer.totalRecords,
    };
  }, 1);
  const coupons = await allPages(async (page) => {
    const answer = await getJson<{ data: { _id: string }[]; totalCount: number }>(
      `${api}/coupons/getcoupons?pageSize=${PAGE}&pageNo=${page}`,
      { headers: { authorization: token } },
    );
    return { rows: answer.data.map((coupon) => ({ id: coupon._id, ...coupon })), total: answer.totalCount };
  }, 1);
  const data = {
    earnings: earnings.reports.earnings.map((row, index) => ({ id: String(index + 1), ...row })),
    conversions: conversions.map((row, index) => ({ id: String(index + 1), ...row })),
    products,
    coupons,
  };
  const file = join(scratch, 'peer-db.json');
  writeFileSync(file, JSON.stringify(data));
  return {
    file,
    counts: {
      earnings: data.earnings.length,
      conversions: data.conversions.length,
      products: data.products.length,
      coupons: data.coupons.length,
    },
  };
}

/** What each peer is asked for each hot read: the same page of the same records wherever its query language allows. */
export function peerQueries(window: ExportWindow): Record<HotRead, PeerQuery> {
  const { startDate, endDate } = window.conversions;
  return {
    // The 90 rows the API computes are the whole collection here.
    earnings: { v017: '/earnings', v1: '/earnings' },
    // Page 2 of 20 rows (the API's page index 1, 0-based).
    conversions: {
      v017: `/conversions?REPORT_DATE_gte=${startDate}&REPORT_DATE_lte=${endDate}&_page=2&_limit=20`,
      v1: `/conversions?REPORT_DATE_gte=${startDate}&REPORT_DATE_lte=${endDate}&_page=2&_per_page=20`,
    },
    // json-server 1.0 has no full-text search: price range and sort only.
    products: {
      v017: '/products?q=pro&price_gte=20&price_lte=400&_sort=price&_order=desc&_page=1&_limit=20',
      v1: '/products?price_gte=20&price_lte=400&_sort=-price&_page=1&_per_page=20',
    },
    coupons: { v017: '/coupons?_page=1&_limit=100', v1: '/coupons?_page=1&_per_page=100' },
  };
}
