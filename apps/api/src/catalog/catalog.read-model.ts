import type { Category, CategoryNode, CountryCode, Merchant } from '@publisher/contract';
import {
  CATALOG_DATA_SET,
  createSnapshotCache,
  readSeedRevision,
  type SnapshotCache,
  type SnapshotShelf,
} from '../shared/snapshot-cache';
import { compareText, flatString } from '../shared/text';
import { CategoryModel, type CategoryRecord } from './category.model';
import { MerchantModel, type MerchantRecord } from './merchant.model';
import {
  PARTNER_SOURCES,
  PartnerMerchantModel,
  type PartnerMerchantRecord,
  type PartnerSource,
} from './partner-merchant.model';
import { ProductModel, type ProductRecord } from './product.model';

/**
 * The catalog as the lists read it: loaded once from MongoDB, indexed and pre-presented in memory.
 * Everything here is immutable after the load; a new revision of the seed builds a new snapshot.
 */

export interface MerchantEntry {
  record: MerchantRecord;
  /** The wire row, with absolute logo URLs. */
  row: Merchant;
  /** Lower-case name and domain, searched as plain text. */
  search: string;
  isActive: boolean;
}

export interface ProductEntry {
  id: string;
  price: number;
  isOffered: boolean;
  merchantId: string;
  categoryId: string;
  /** Lower-case title and manufacturer. */
  search: string;
  /** The product's page on the merchant's site: where its tracked link (a direct link on this API) lands. */
  landingUrl: string;
  /**
   * What the wire `_source` shows besides `url` (which depends on the caller), kept flat: the list builds the
   * nested `{ value }` wrappers for the 20 rows of a page instead of the snapshot holding 5 small objects for
   * each of 30,000 products, which every full garbage collection would mark.
   */
  title: string;
  manufacturer: string;
  imageUrl: string;
  originalPrice: number;
  merchantName: string;
}

export interface PartnerEntry {
  record: PartnerMerchantRecord;
  country: CountryCode;
  /** Lower-case text the list searches: name and domain (API 2: domain only, the only name it shows). */
  search: string;
  /** Lower-case sort key: name (API 2: domain). */
  sortKey: string;
}

export interface CategoryIndex {
  byId: ReadonlyMap<string, CategoryRecord>;
  /** Children of each node by position; key null holds the top level. */
  children: ReadonlyMap<string | null, readonly CategoryRecord[]>;
  /** Categories whose subtree holds at least one product. */
  activeIds: ReadonlySet<string>;
  /** The rows of the category list: the active categories by name, then id. */
  activeRows: readonly Category[];
  /** The whole tree, every category included: the answer of a category tree call without a merchant filter. */
  tree: readonly CategoryNode[];
}

export interface CatalogSnapshot {
  /** By lower-case name, then mid. */
  merchants: readonly MerchantEntry[];
  /** Merchant ids by domain (for the merchant lock), each set in the order of `merchants`. */
  merchantIdsByDomain: ReadonlyMap<string, ReadonlySet<string>>;
  categories: CategoryIndex;
  /** By price, then id: the order of priceLtoH (priceHtoL reads it backwards). */
  products: readonly ProductEntry[];
  /**
   * Positions in `products` of the entries whose search text holds each 3-character sequence, ascending, so
   * a posting list is itself in price order. A search narrows to the rarest trigram of its text, then checks.
   */
  productTrigrams: ReadonlyMap<string, Int32Array>;
  productsByMerchant: ReadonlyMap<string, readonly ProductEntry[]>;
  /** Category ids of each merchant's products. */
  categoryIdsByMerchant: ReadonlyMap<string, ReadonlySet<string>>;
  /** Each source's merchants by sort key, then country. */
  partners: Readonly<Record<PartnerSource, readonly PartnerEntry[]>>;
}

/** Deeper than any real tree: stops a walk up the parents on a cycle in the data. */
const MAX_CATEGORY_DEPTH = 32;

/** Every distinct 3-character sequence of a text. */
export function trigramsOf(text: string): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i += 1) grams.add(text.slice(i, i + 3));
  return grams;
}

function indexTrigrams(products: readonly ProductEntry[]): Map<string, Int32Array> {
  const lists = new Map<string, number[]>();
  products.forEach((product, position) => {
    for (const gram of trigramsOf(product.search)) {
      const list = lists.get(gram);
      if (list) list.push(position);
      else lists.set(gram, [position]);
    }
  });
  return new Map([...lists].map(([gram, positions]) => [gram, Int32Array.from(positions)]));
}

function logoUrls(publicApiUrl: string, slug: string): { logoUrl: string; logoUrlSmall: string } {
  const logoUrl = flatString(`${publicApiUrl}/assets/logos/${slug}.svg`);
  return { logoUrl, logoUrlSmall: flatString(`${logoUrl}?size=small`) };
}

/**
 * Adds a category and its ancestors to `into`. The walk stops at a category already there, so `into` must
 * only ever grow through this function (then that category's ancestors are there too), and at a cycle.
 */
export function addWithAncestors(
  byId: ReadonlyMap<string, CategoryRecord>,
  categoryId: string,
  into: Set<string>,
): void {
  let current = byId.get(categoryId);
  for (let depth = 0; current && depth < MAX_CATEGORY_DEPTH && !into.has(current._id); depth += 1) {
    into.add(current._id);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
}

/** The tree from the top level down, limited to the `include`d categories when given. */
export function categoryTreeOf(children: CategoryIndex['children'], include?: ReadonlySet<string>): CategoryNode[] {
  const build = (parentId: string | null): CategoryNode[] =>
    (children.get(parentId) ?? [])
      .filter((record) => !include || include.has(record._id))
      .map((record) => ({ id: record._id, name: record.name, children: { category: build(record._id) } }));
  return build(null);
}

function indexCategories(records: readonly CategoryRecord[], productCategoryIds: ReadonlySet<string>): CategoryIndex {
  const byId = new Map(records.map((record) => [record._id, record]));
  const children = new Map<string | null, CategoryRecord[]>();
  for (const record of records) {
    const siblings = children.get(record.parentId) ?? [];
    siblings.push(record);
    children.set(record.parentId, siblings);
  }
  for (const siblings of children.values())
    siblings.sort((a, b) => a.position - b.position || compareText(a._id, b._id));
  // A category with products makes its ancestors active too.
  const activeIds = new Set<string>();
  for (const id of productCategoryIds) addWithAncestors(byId, id, activeIds);
  const activeRows = [...activeIds]
    .map((id) => byId.get(id))
    .filter((record) => record !== undefined)
    .map((record) => ({ categoryId: record._id, categoryName: record.name }))
    .sort((a, b) => compareText(a.categoryName, b.categoryName) || compareText(a.categoryId, b.categoryId));
  return { byId, children, activeIds, activeRows, tree: categoryTreeOf(children) };
}

function partnerEntry(record: PartnerMerchantRecord): PartnerEntry {
  const isDomainOnly = record.source === 'newdashboard';
  const name = record.name.toLowerCase();
  const domain = record.domain.toLowerCase();
  return {
    record,
    country: record.country as CountryCode,
    search: isDomainOnly ? domain : flatString(`${name}\u0000${domain}`),
    sortKey: isDomainOnly ? domain : name,
  };
}

/** Reads the whole catalog and builds the snapshot. */
async function loadCatalogSnapshot(publicApiUrl: string): Promise<CatalogSnapshot> {
  const [merchantRecords, partnerRecords, categoryRecords, productRecords] = await Promise.all([
    MerchantModel.find().lean<MerchantRecord[]>(),
    PartnerMerchantModel.find().lean<PartnerMerchantRecord[]>(),
    CategoryModel.find().lean<CategoryRecord[]>(),
    ProductModel.find().lean<ProductRecord[]>(),
  ]);

  const merchantsWithProducts = new Set(productRecords.map((product) => product.merchantId));

  const merchants: MerchantEntry[] = merchantRecords
    .map((record) => ({
      record,
      row: {
        mid: record._id,
        merchantInfo: {
          name: record.name,
          url: record.url,
          merchantUrl: record.merchantUrl,
          ...logoUrls(publicApiUrl, record.slug),
        },
      },
      search: flatString(`${record.name.toLowerCase()}\u0000${record.domain.toLowerCase()}`),
      isActive: merchantsWithProducts.has(record._id),
    }))
    .sort(
      (a, b) =>
        compareText(a.record.name.toLowerCase(), b.record.name.toLowerCase()) ||
        compareText(a.record._id, b.record._id),
    );
  const merchantById = new Map(merchants.map((entry) => [entry.record._id, entry]));
  const merchantIdsByDomain = new Map<string, Set<string>>();
  for (const { record } of merchants) {
    const ids = merchantIdsByDomain.get(record.domain) ?? new Set<string>();
    ids.add(record._id);
    merchantIdsByDomain.set(record.domain, ids);
  }

  const products: ProductEntry[] = productRecords
    .map((record) => ({
      id: record._id,
      price: record.price,
      isOffered: record.price < record.originalPrice,
      merchantId: record.merchantId,
      categoryId: record.categoryId,
      // Flat copies: kept for the snapshot's life, 30,000 of each (see flatString).
      search: flatString(`${record.title.toLowerCase()}\u0000${record.manufacturer.toLowerCase()}`),
      landingUrl: flatString(record.landingUrl),
      title: record.title,
      manufacturer: record.manufacturer,
      imageUrl: flatString(`${publicApiUrl}/assets/products/${record._id}.svg`),
      originalPrice: record.originalPrice,
      merchantName: merchantById.get(record.merchantId)?.record.name ?? '',
    }))
    .sort((a, b) => a.price - b.price || compareText(a.id, b.id));

  const productsByMerchant = new Map<string, ProductEntry[]>();
  const categoryIdsByMerchant = new Map<string, Set<string>>();
  for (const product of products) {
    const list = productsByMerchant.get(product.merchantId) ?? [];
    list.push(product);
    productsByMerchant.set(product.merchantId, list);
    const ids = categoryIdsByMerchant.get(product.merchantId) ?? new Set<string>();
    ids.add(product.categoryId);
    categoryIdsByMerchant.set(product.merchantId, ids);
  }

  const partners = Object.fromEntries(PARTNER_SOURCES.map((source) => [source, [] as PartnerEntry[]])) as Record<
    PartnerSource,
    PartnerEntry[]
  >;
  for (const record of partnerRecords) partners[record.source].push(partnerEntry(record));
  for (const list of Object.values(partners)) {
    list.sort(
      (a, b) =>
        compareText(a.sortKey, b.sortKey) ||
        compareText(a.country, b.country) ||
        compareText(a.record._id, b.record._id),
    );
  }

  return {
    merchants,
    merchantIdsByDomain,
    categories: indexCategories(categoryRecords, new Set(products.map((product) => product.categoryId))),
    products,
    productTrigrams: indexTrigrams(products),
    productsByMerchant,
    categoryIdsByMerchant,
    partners,
  };
}

/**
 * The app's catalog snapshot: loaded on first use (or warm()), reloaded when the seed's revision changes; taken
 * from `shelf` when another app of the process holds the same revision's (see SnapshotShelf).
 */
export function createCatalogSnapshots(
  publicApiUrl: string,
  log: (line: string) => void,
  shelf?: SnapshotShelf<CatalogSnapshot>,
): SnapshotCache<CatalogSnapshot> {
  return createSnapshotCache({
    load: () => loadCatalogSnapshot(publicApiUrl),
    shelf,
    readRevision: () => readSeedRevision(CATALOG_DATA_SET),
    log: (line) => log(`[catalog] ${line}`),
  });
}
