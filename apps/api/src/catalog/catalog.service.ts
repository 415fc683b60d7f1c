import type { z } from 'zod';
import {
  PRODUCT_SEARCH_WINDOW,
  buildDirectLink,
  type CategoryListResponse,
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
import { merchantViewerOf, type Caller, type MerchantViewer } from '../shared/auth/caller';
import type { SnapshotCache } from '../shared/snapshot-cache';
import { compareText, searchNeedle, textMatcher } from '../shared/text';
import {
  addWithAncestors,
  categoryTreeOf,
  trigramsOf,
  type CatalogSnapshot,
  type PartnerEntry,
  type ProductEntry,
} from './catalog.read-model';
import { presentCountryMerchantRow } from './catalog.presenter';
import type { PartnerMerchantRecord, PartnerSource } from './partner-merchant.model';

export type ProductsQuery = z.output<typeof productsQuerySchema>;
export type MerchantsV2Query = z.output<typeof merchantsV2QuerySchema>;
export type CountryMerchantsQuery = z.output<typeof countryMerchantsQuerySchema>;
export type PartnerMerchantsQuery =
  z.output<typeof partnerMerchantsQuerySchema> | z.output<typeof kelkooMerchantsQuerySchema>;

/** Whose view of the catalog a request reads, and the merchant domain that vendor is locked to. */
/** Whose catalog a call shows (see MerchantViewer). */
export type CatalogViewer = MerchantViewer;

/**
 * The caller's view, or another vendor's for the admin. The lock (5036: Nautica) follows the vendor whose view
 * is read, so a locked vendor can never widen it and the admin can preview it.
 */
export const viewerOf = (caller: Caller, requestedVendorId?: number): CatalogViewer =>
  merchantViewerOf(caller, requestedVendorId, 'You can only read your own catalog view.');

function pageOf<T>(items: readonly T[], pageNo: number, pageSize: number): T[] {
  return items.slice((pageNo - 1) * pageSize, pageNo * pageSize);
}

/**
 * Binary search over the indexes 0 to length - 1 of a sorted sequence: the first index for which `isBefore` is
 * false, or `length` if there is none. `isBefore` must hold for a prefix of the indexes and for nothing after it.
 */
function partitionPoint(length: number, isBefore: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isBefore(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** First position in an ascending list whose value is >= target. */
function firstAtLeast(list: Int32Array, target: number): number {
  return partitionPoint(list.length, (index) => (list[index] ?? Infinity) < target);
}

// eslint-disable-next-line state/no-module-state -- empty: no element to change, shared as the answer of no match
const NO_POSITIONS = new Int32Array(0);
const NO_IDS: ReadonlySet<string> = new Set();

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
    .sort((a, b) => b.count - a.count || compareText(a.country, b.country));
}

export interface CatalogService {
  /** Starts loading the snapshot in the background, so the first request does not wait for it. */
  warm(): void;
  /** The snapshot itself, for other domains that resolve merchants (deep links, tracking). */
  snapshot(): Promise<CatalogSnapshot>;
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

/**
 * The title filters of part 2 §2 "Unique Title Filters", as the product list needs them: the lower-cased texts
 * that hide a product whose lower-cased title contains one.
 */
export interface TitleFilterSource {
  namesFor(vendorId: number): Promise<readonly string[]>;
}

/** The title part of a product's search text (`title\u0000manufacturer`, both lower-cased). */
function titleOf(search: string): string {
  const end = search.indexOf('\u0000');
  return end < 0 ? search : search.slice(0, end);
}

export interface CatalogServiceOptions {
  /**
   * Narrow a text search of the whole catalog through the trigram index (default); false scans the price range
   * with a substring test (BENCH_PIECES_OFF=catalog-trigrams: what the bench measures the index against).
   */
  trigrams?: boolean;
}

/**
 * `trackingBaseUrl` is where product links point: this API's tracking redirect (TRACKING_BASE_URL, configurable
 * per deployment), which records the click for the vendor and sends the visitor on to the merchant.
 */
export function createCatalogService(
  snapshots: SnapshotCache<CatalogSnapshot>,
  titleFilters: TitleFilterSource,
  trackingBaseUrl: string,
  { trigrams = true }: CatalogServiceOptions = {},
): CatalogService {
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
  function allowedMerchantIds(catalog: CatalogSnapshot, viewer: CatalogViewer): ReadonlySet<string> | undefined {
    if (viewer.lockedDomain === undefined) return undefined;
    return catalog.merchantIdsByDomain.get(viewer.lockedDomain) ?? NO_IDS;
  }

  /** The categories holding products of the merchants, and their ancestors. */
  function categoriesOfMerchants(catalog: CatalogSnapshot, merchantIds: Iterable<string>): Set<string> {
    const include = new Set<string>();
    for (const mid of merchantIds) {
      for (const categoryId of catalog.categoryIdsByMerchant.get(mid) ?? []) {
        addWithAncestors(catalog.categories.byId, categoryId, include);
      }
    }
    return include;
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

  /** A product as a list shows it, with the caller's tracked url (`linkOf` its landing page). */
  function presentProduct(entry: ProductEntry, linkOf: (landingUrl: string) => string): Product {
    return {
      _id: entry.id,
      _source: {
        title: entry.title,
        manufacturer: entry.manufacturer,
        images: { image: [{ value: entry.imageUrl }] },
        originalPrice: { value: entry.originalPrice },
        price: { value: entry.price },
        merchantId: entry.merchantId,
        merchantName: entry.merchantName,
        categoryId: entry.categoryId,
        url: { value: linkOf(entry.landingUrl) },
      },
    };
  }

  return {
    warm: () => snapshots.warm(),
    // Both counters only grow, so their sum changes whenever either does.
    snapshot: () => snapshots.get(),

    async products(viewer, query) {
      const [catalog, hiddenTitles] = await Promise.all([snapshots.get(), titleFilters.namesFor(viewer.vendorId)]);
      const isHidden = (entry: ProductEntry): boolean => {
        if (hiddenTitles.length === 0) return false;
        const title = titleOf(entry.search);
        return hiddenTitles.some((name) => title.includes(name));
      };
      const allowed = allowedMerchantIds(catalog, viewer);
      let candidates: readonly ProductEntry[];
      if (query.mid !== undefined) {
        candidates = allowed && !allowed.has(query.mid) ? [] : (catalog.productsByMerchant.get(query.mid) ?? []);
      } else if (allowed) {
        candidates = [...allowed].flatMap((mid) => catalog.productsByMerchant.get(mid) ?? []);
        if (allowed.size > 1) candidates = [...candidates].sort((a, b) => a.price - b.price || compareText(a.id, b.id));
      } else {
        candidates = catalog.products;
      }

      // Candidates are sorted by price: the price range is a slice, found by binary search.
      const priceAt = (index: number): number => candidates[index]?.price ?? Infinity;
      const { minPrice, maxPrice } = query;
      const start =
        minPrice === undefined ? 0 : partitionPoint(candidates.length, (index) => priceAt(index) < minPrice);
      const end =
        maxPrice === undefined
          ? candidates.length
          : partitionPoint(candidates.length, (index) => priceAt(index) <= maxPrice);
      const categories = query.categoryIds ? withDescendants(catalog, query.categoryIds) : undefined;
      const matches = textMatcher(query.q);
      // What `matches` looks for: the trigram index narrows the search for a text of 3 characters or more.
      const needle = searchNeedle(query.q);
      const onlyOffered = query.showOfferedProducts === true;
      const from = (query.pageNo - 1) * query.pageSize;
      const to = from + query.pageSize;
      const descending = query.sortBy === 'priceHtoL';

      // A text search over the whole catalog visits only the rarest trigram's postings inside the price range.
      let postings: Int32Array | undefined;
      if (trigrams && candidates === catalog.products && needle.length >= 3) {
        const list = trigramCandidates(catalog, needle);
        postings = list.subarray(firstAtLeast(list, start), firstAtLeast(list, end));
      }
      const visits = postings ? postings.length : end - start;

      const entryAt = (step: number): ProductEntry | undefined => {
        const offset = descending ? visits - 1 - step : step;
        return candidates[postings ? (postings[offset] ?? -1) : start + offset];
      };
      // Whether every visit matches the text: no text, or a 3-character one, whose trigram's postings are exactly
      // the products containing it.
      const textExact = needle === '' || (postings !== undefined && needle.length === 3);
      const page: ProductEntry[] = [];
      let count = 0;
      if (textExact && !onlyOffered && !categories && hiddenTitles.length === 0) {
        // Nothing else to test: the visits are the matches, so the count is theirs and the page is read directly.
        count = Math.min(visits, PRODUCT_SEARCH_WINDOW);
        for (let step = from; step < Math.min(to, count); step += 1) {
          const entry = entryAt(step);
          if (entry) page.push(entry);
        }
      } else {
        for (let step = 0; step < visits; step += 1) {
          const entry = entryAt(step);
          if (!entry) break;
          if (onlyOffered && !entry.isOffered) continue;
          if (categories && !categories.has(entry.categoryId)) continue;
          if (!textExact && !matches(entry.search)) continue;
          if (isHidden(entry)) continue;
          if (count >= from && count < to) page.push(entry);
          count += 1;
          // Like a search engine, stop counting at the window: the page (validated to lie inside it) is full.
          if (count >= PRODUCT_SEARCH_WINDOW) break;
        }
      }
      // Placement and click ids are validated to letters, digits, -, _ and braces: kept as typed (ad-server macros).
      // A product link is a Deep Links API (1) direct link (connexity, CPC) to the product's page, the vendor id
      // as its campaign: following it is counted like any deep link.
      const linkOf = (landingUrl: string) =>
        buildDirectLink({
          trackingBaseUrl,
          source: 'connexity',
          type: 'CPC',
          vendorId: viewer.vendorId,
          merchantUrl: landingUrl,
          campaignId: String(viewer.vendorId),
          placementId: query.placementId,
          clickId: query.clickId,
          now: 0,
        });
      return {
        data: page.map((entry) => presentProduct(entry, linkOf)),
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
      const { activeRows } = (await snapshots.get()).categories;
      return { data: [...activeRows], totalRecords: activeRows.length };
    },

    async categoryTree(viewer, mids) {
      const catalog = await snapshots.get();
      const allowed = allowedMerchantIds(catalog, viewer);
      const merchantIds = mids ?? allowed;
      // No merchant filter and no lock: the whole tree, built with the snapshot.
      if (merchantIds === undefined) return { data: [...catalog.categories.tree] };
      const visible = allowed ? [...merchantIds].filter((mid) => allowed.has(mid)) : merchantIds;
      return { data: categoryTreeOf(catalog.categories.children, categoriesOfMerchants(catalog, visible)) };
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
          sorted.sort((a, b) => compareText(b.sortKey, a.sortKey));
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
