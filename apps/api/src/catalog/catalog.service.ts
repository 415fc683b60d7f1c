import type { z } from 'zod';
import {
  NO_ID,
  PRODUCT_SEARCH_WINDOW,
  merchantLockOf,
  type CategoryListResponse,
  type CategoryNode,
  type CategoryTreeResponse,
  type CountryCount,
  type CountryMerchantsResponse,
  type MerchantListResponse,
  type MerchantSummaryResponse,
  type Product,
  type ProductListResponse,
  type countryMerchantsQuerySchema,
  type kelkooMerchantsQuerySchema,
  type merchantsV2QuerySchema,
  type partnerMerchantsQuerySchema,
  type productsQuerySchema,
} from '@publisher/contract';
import { AppError } from '../shared/app-error';
import { isAdmin, type Caller } from '../shared/auth/caller';
import type { SnapshotCache } from '../shared/snapshot-cache';
import { trigramsOf, type CatalogSnapshot, type PartnerEntry, type ProductEntry } from './catalog.read-model';
import { presentCountryMerchantRow } from './catalog.presenter';
import type { PartnerMerchantRecord, PartnerSource } from './partner-merchant.model';

export type ProductsQuery = z.output<typeof productsQuerySchema>;
export type MerchantsV2Query = z.output<typeof merchantsV2QuerySchema>;
export type CountryMerchantsQuery = z.output<typeof countryMerchantsQuerySchema>;
export type PartnerMerchantsQuery =
  z.output<typeof partnerMerchantsQuerySchema> | z.output<typeof kelkooMerchantsQuerySchema>;

/** Whose view of the catalog a request reads, and the merchant domain that vendor is locked to. */
export interface CatalogViewer {
  vendorId: number;
  lockedDomain: string | undefined;
}

/**
 * The caller's view, or another vendor's for the admin. The lock (5036: Nautica) follows the vendor whose view
 * is read, so a locked vendor can never widen it and the admin can preview it.
 */
export function viewerOf(caller: Caller, requestedVendorId?: number): CatalogViewer {
  const own = caller.user.vendorId;
  if (requestedVendorId !== undefined && requestedVendorId !== own && !isAdmin(caller)) {
    throw AppError.forbidden('You can only read your own catalog view.');
  }
  const vendorId = requestedVendorId ?? own;
  return { vendorId, lockedDomain: merchantLockOf(vendorId)?.domain };
}

/** The sub id of links: vendor, placement and click ids joined by underscores, `noid` for a missing one. */
export function subIdOf(vendorId: number, placementId?: string, clickId?: string): string {
  return [String(vendorId), placementId || NO_ID, clickId || NO_ID].join('_');
}

/** Plain-text, case-insensitive matcher: the user's text is never a pattern. */
function textMatcher(searchText: string | undefined): (haystack: string) => boolean {
  const needle = searchText?.trim().toLowerCase() ?? '';
  return needle === '' ? () => true : (haystack) => haystack.includes(needle);
}

function pageOf<T>(items: readonly T[], pageNo: number, pageSize: number): T[] {
  return items.slice((pageNo - 1) * pageSize, pageNo * pageSize);
}

/** First index whose price is >= min. */
function lowerBound(products: readonly ProductEntry[], min: number): number {
  let low = 0;
  let high = products.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((products[middle]?.price ?? Infinity) < min) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** First index whose price is > max. */
function upperBound(products: readonly ProductEntry[], max: number): number {
  let low = 0;
  let high = products.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((products[middle]?.price ?? Infinity) <= max) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** First position in an ascending list whose value is >= target. */
function firstAtLeast(list: Int32Array, target: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle] ?? Infinity) < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

const NO_POSITIONS = new Int32Array(0);

/**
 * Positions of `products` that may contain the text, in price order: the posting list of the text's rarest
 * trigram. Every returned position is still checked with a plain substring test.
 */
function trigramCandidates(catalog: CatalogSnapshot, needle: string): Int32Array {
  let rarest: Int32Array | undefined;
  for (const gram of trigramsOf(needle)) {
    const list = catalog.productTrigrams.get(gram);
    if (!list) return NO_POSITIONS;
    if (!rarest || list.length < rarest.length) rarest = list;
  }
  return rarest ?? NO_POSITIONS;
}

function countByCountry(entries: readonly PartnerEntry[]): CountryCount[] {
  const counts = new Map<PartnerEntry['country'], number>();
  for (const entry of entries) counts.set(entry.country, (counts.get(entry.country) ?? 0) + 1);
  return [...counts]
    .map(([country, count]) => ({ country, count }))
    .sort((a, b) => b.count - a.count || (a.country < b.country ? -1 : 1));
}

export interface CatalogService {
  /** Starts loading the snapshot in the background, so the first request does not wait for it. */
  warm(): void;
  /** The generation of the catalog snapshot the lists read (see SnapshotCache.generation). */
  dataGeneration(): number;
  products(viewer: CatalogViewer, query: ProductsQuery): Promise<ProductListResponse>;
  merchants(viewer: CatalogViewer, options: { activeOnly: boolean }): Promise<MerchantListResponse>;
  merchantsV2(viewer: CatalogViewer, query: MerchantsV2Query): Promise<MerchantListResponse>;
  categories(): Promise<CategoryListResponse>;
  categoryTree(viewer: CatalogViewer, mids: string[] | undefined): Promise<CategoryTreeResponse>;
  countryMerchants(viewer: CatalogViewer, query: CountryMerchantsQuery): Promise<CountryMerchantsResponse>;
  partnerMerchants<Row>(
    viewer: CatalogViewer,
    source: PartnerSource,
    query: PartnerMerchantsQuery,
    present: (record: PartnerMerchantRecord) => Row,
  ): Promise<{ data: Row[]; totalRecords: number }>;
  merchantsSummary(
    viewer: CatalogViewer,
    source: PartnerSource,
    searchText: string | undefined,
  ): Promise<MerchantSummaryResponse>;
}

export function createCatalogService(snapshots: SnapshotCache<CatalogSnapshot>): CatalogService {
  /** Partner rows the viewer may see that match the search, in list order. */
  function visiblePartners(
    catalog: CatalogSnapshot,
    viewer: CatalogViewer,
    source: PartnerSource,
    searchText: string | undefined,
  ): PartnerEntry[] {
    const matches = textMatcher(searchText);
    const { lockedDomain } = viewer;
    return catalog.partners[source].filter(
      (entry) => (lockedDomain === undefined || entry.record.domain === lockedDomain) && matches(entry.search),
    );
  }

  /** Merchant ids the viewer may see products of, or undefined for all. */
  function allowedMerchantIds(catalog: CatalogSnapshot, viewer: CatalogViewer): Set<string> | undefined {
    if (viewer.lockedDomain === undefined) return undefined;
    return new Set(
      catalog.merchants.filter((entry) => entry.record.domain === viewer.lockedDomain).map((entry) => entry.record._id),
    );
  }

  /** The ids themselves and every category below them. */
  function withDescendants(catalog: CatalogSnapshot, ids: readonly string[]): Set<string> {
    const result = new Set<string>();
    const pending = ids.filter((id) => catalog.categories.byId.has(id));
    while (pending.length > 0) {
      const id = pending.pop() as string;
      if (result.has(id)) continue;
      result.add(id);
      for (const child of catalog.categories.children.get(id) ?? []) pending.push(child._id);
    }
    return result;
  }

  function presentProduct(entry: ProductEntry, subId: string): Product {
    return {
      _id: entry.id,
      _source: { ...entry.source, url: { value: `${entry.clickUrlHead}${subId}${entry.clickUrlTail}` } },
    };
  }

  return {
    warm: () => snapshots.warm(),
    dataGeneration: () => snapshots.generation(),

    async products(viewer, query) {
      const catalog = await snapshots.get();
      const allowed = allowedMerchantIds(catalog, viewer);
      let candidates: readonly ProductEntry[];
      if (query.mid !== undefined) {
        candidates = allowed && !allowed.has(query.mid) ? [] : (catalog.productsByMerchant.get(query.mid) ?? []);
      } else if (allowed) {
        candidates = [...allowed].flatMap((mid) => catalog.productsByMerchant.get(mid) ?? []);
        if (allowed.size > 1) candidates = [...candidates].sort((a, b) => a.price - b.price || (a.id < b.id ? -1 : 1));
      } else {
        candidates = catalog.products;
      }

      // Candidates are sorted by price: the price range is a slice, found by binary search.
      const start = query.minPrice === undefined ? 0 : lowerBound(candidates, query.minPrice);
      const end = query.maxPrice === undefined ? candidates.length : upperBound(candidates, query.maxPrice);
      const categories = query.categoryIds ? withDescendants(catalog, query.categoryIds) : undefined;
      const needle = query.q?.trim().toLowerCase() ?? '';
      const onlyOffered = query.showOfferedProducts === true;
      const from = (query.pageNo - 1) * query.pageSize;
      const to = from + query.pageSize;
      const descending = query.sortBy === 'priceHtoL';

      // A text search over the whole catalog visits only the rarest trigram's postings inside the price range.
      let postings: Int32Array | undefined;
      if (candidates === catalog.products && needle.length >= 3) {
        const list = trigramCandidates(catalog, needle);
        postings = list.subarray(firstAtLeast(list, start), firstAtLeast(list, end));
      }
      const visits = postings ? postings.length : end - start;

      const page: ProductEntry[] = [];
      let count = 0;
      for (let step = 0; step < visits; step += 1) {
        const offset = descending ? visits - 1 - step : step;
        const entry = candidates[postings ? (postings[offset] ?? -1) : start + offset];
        if (!entry) break;
        if (onlyOffered && !entry.isOffered) continue;
        if (categories && !categories.has(entry.categoryId)) continue;
        // Plain substring test: the user's text is never a pattern.
        if (needle !== '' && !entry.search.includes(needle)) continue;
        if (count >= from && count < to) page.push(entry);
        count += 1;
        // Like a search engine, stop counting at the window: the page (validated to lie inside it) is full.
        if (count >= PRODUCT_SEARCH_WINDOW) break;
      }
      // Placement and click ids are validated to letters, digits, -, _ and braces: kept as typed (ad-server macros).
      const subId = subIdOf(viewer.vendorId, query.placementId, query.clickId);
      return {
        data: page.map((entry) => presentProduct(entry, subId)),
        totalRecords: Math.min(count, PRODUCT_SEARCH_WINDOW),
      };
    },

    async merchants(viewer, { activeOnly }) {
      const catalog = await snapshots.get();
      const rows = catalog.merchants
        .filter(
          (entry) =>
            (!activeOnly || entry.isActive) &&
            (viewer.lockedDomain === undefined || entry.record.domain === viewer.lockedDomain),
        )
        .map((entry) => entry.row);
      return { data: rows, totalRecords: rows.length };
    },

    async merchantsV2(viewer, query) {
      const catalog = await snapshots.get();
      const matches = textMatcher(query.searchText);
      const cpaOnly = query.isPublisherAI === true;
      const rows = catalog.merchants.filter(
        (entry) =>
          (viewer.lockedDomain === undefined || entry.record.domain === viewer.lockedDomain) &&
          (!cpaOnly || entry.record.hasCpa) &&
          matches(entry.search),
      );
      return { data: pageOf(rows, query.pageNo, query.pageSize).map((entry) => entry.row), totalRecords: rows.length };
    },

    async categories() {
      const catalog = await snapshots.get();
      const rows = [...catalog.categories.activeIds]
        .map((id) => catalog.categories.byId.get(id))
        .filter((record) => record !== undefined)
        .map((record) => ({ categoryId: record._id, categoryName: record.name }))
        .sort((a, b) =>
          a.categoryName < b.categoryName
            ? -1
            : a.categoryName > b.categoryName
              ? 1
              : a.categoryId < b.categoryId
                ? -1
                : 1,
        );
      return { data: rows, totalRecords: rows.length };
    },

    async categoryTree(viewer, mids) {
      const catalog = await snapshots.get();
      const allowed = allowedMerchantIds(catalog, viewer);
      const merchantIds = mids ?? (allowed ? [...allowed] : undefined);
      let include: Set<string> | undefined;
      if (merchantIds) {
        include = new Set();
        for (const mid of merchantIds) {
          if (allowed && !allowed.has(mid)) continue;
          for (const categoryId of catalog.categoryIdsByMerchant.get(mid) ?? []) {
            let current = catalog.categories.byId.get(categoryId);
            for (let depth = 0; current && depth < 32 && !include.has(current._id); depth += 1) {
              include.add(current._id);
              current = current.parentId === null ? undefined : catalog.categories.byId.get(current.parentId);
            }
          }
        }
      }
      const build = (parentId: string | null): CategoryNode[] =>
        (catalog.categories.children.get(parentId) ?? [])
          .filter((record) => !include || include.has(record._id))
          .map((record) => ({ id: record._id, name: record.name, children: { category: build(record._id) } }));
      return { data: build(null) };
    },

    async countryMerchants(viewer, query) {
      const catalog = await snapshots.get();
      const showCpc = query.isPublisherAI === true ? false : query.showCPCMerchants;
      const showCpa = query.showCPAMerchants;
      const visible = visiblePartners(catalog, viewer, 'newdashboard', query.searchText).filter((entry) => {
        const isCpc = (entry.record.aveCpc ?? 0) > 0;
        const isCpa = (entry.record.aveCpaRate ?? 0) > 0;
        return (showCpc && isCpc) || (showCpa && isCpa);
      });
      const inCountry =
        query.country === undefined ? visible : visible.filter((entry) => entry.country === query.country);
      const value = (entry: PartnerEntry): number =>
        query.sortByValue.startsWith('CPC') ? (entry.record.aveCpc ?? 0) : (entry.record.aveCpaRate ?? 0);
      // Entries arrive by domain then country; Array#sort is stable, so equal values keep that order.
      const sorted = [...inCountry];
      switch (query.sortByValue) {
        case 'CPCLtoH':
        case 'CPALtoH':
          sorted.sort((a, b) => value(a) - value(b));
          break;
        case 'CPCHtoL':
        case 'CPAHtoL':
          sorted.sort((a, b) => value(b) - value(a));
          break;
        case 'DomainAtoZ':
          break;
        case 'DomainZtoA':
          sorted.sort((a, b) => (a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0));
          break;
      }
      return {
        data: pageOf(sorted, query.pageNo, query.pageSize).map((entry) => presentCountryMerchantRow(entry.record)),
        totalRecords: sorted.length,
        summary: countByCountry(visible),
      };
    },

    async partnerMerchants(viewer, source, query, present) {
      const catalog = await snapshots.get();
      const visible = visiblePartners(catalog, viewer, source, query.searchText);
      const rows = query.country === undefined ? visible : visible.filter((entry) => entry.country === query.country);
      return {
        data: pageOf(rows, query.pageNo, query.pageSize).map((entry) => present(entry.record)),
        totalRecords: rows.length,
      };
    },

    async merchantsSummary(viewer, source, searchText) {
      const catalog = await snapshots.get();
      return { data: countByCountry(visiblePartners(catalog, viewer, source, searchText)) };
    },
  };
}
