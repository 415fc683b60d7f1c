import { z } from 'zod';
import {
  clickIdQuery,
  idListQuery,
  merchantIdQuery,
  optionalQuery,
  pageNoQuery,
  pageSizeQuery,
  placementIdQuery,
  priceQuery,
  refinePriceRange,
  searchTextQuery,
  vendorIdQuery,
} from './catalog-query';
import { queryBool } from '../common/query';
import { linkTemplateSchema } from '../common/fields';
import { countryCodeSchema, countryQuerySchema } from './countries';

/**
 * Catalog domain (part 2 §2, §3, §7 "Products, merchants and categories", §9).
 *
 * Which upstream network ("source") serves which merchant row shape, and where:
 *
 * | deep link | source          | route(s)                                                     | row shape |
 * |-----------|-----------------|--------------------------------------------------------------|-----------|
 * | API 1     | connexity       | /home/getMerchants, getAllMerchants, getMerchantsV2          | `mid`, `merchantInfo` |
 * | API 2     | newdashboard    | /home/getCountryMerchants (+ summary), /newdashboard/getMerchants(+Summary) | country, domain, ave_cpa_rate, ave_cpc |
 * | API 3     | doneoftheownou  | /doneoftheownou/getMerchants (+Summary)                      | country, name, domain, is_deeplink, redirect_link |
 * | API 3 New | doneoftheownou  | /doneoftheownou/trackier/getMerchants                        | country, name, domain, trackingLink |
 * | API 4     | shoppermeet     | /shoppermeet/getMerchants (+Summary)                         | geo, merchant_name, merchant_domain, avg_payout_commission, merchant_id, redirect_link |
 * | API 4 New | shoppermeet     | /shoppermeet/trackier/getMerchants                           | geo, merchant_name, merchant_domain, trackingLink |
 * | API 5     | kelkoo          | /kelkoo/getMerchants (+Summary)                              | country, name, url, merchantEstimatedCpc |
 *
 * The trackier ("New") lists read the same merchants as their parent source through another tracking platform,
 * so the parent's summary is their per-country table too. Products and categories belong to the connexity source.
 *
 * Money: plain numbers in US dollars, full precision as stored (prices have 2 decimals, CPCs 4); rates and
 * commissions are percentages (4.5 means 4.5 %). Screens round for display only.
 */

/** Vendors locked to one merchant (part 2 §6): they see only that merchant in every merchant and product list. */
export const MERCHANT_LOCKS: Readonly<Record<number, { merchantName: string; domain: string }>> = {
  5036: { merchantName: 'Nautica', domain: 'nautica.com' },
};

/** The merchant a vendor is locked to, or undefined for everyone else. */
export function merchantLockOf(vendorId: number): { merchantName: string; domain: string } | undefined {
  return MERCHANT_LOCKS[vendorId];
}

/** Placeholders of the API 3 `redirect_link` template (bare upper-case words, replaced by the generator). */
export const DEEPLINK3_REDIRECT_PLACEHOLDERS = ['CLICK_ID', 'SUB_ID', 'LINK'] as const;

/** Placeholders of the API 4 `redirect_link` template; MARCHANT_DOMAIN is the spec's spelling. */
export const DEEPLINK4_REDIRECT_PLACEHOLDERS = [
  'CLICK_ID',
  'SUB_ID',
  'MARCHANT_DOMAIN',
  'COUNTRY_CODE',
  'IP',
  'USER_AGENT',
  'MERCHANTS_ID',
] as const;

/** Placeholders of the "New" lists' `trackingLink`; an empty id is replaced by `noid` (part 2 §2, §9). */
export const TRACKING_LINK_PLACEHOLDERS = { placementId: '{PLACEMENT_ID}', clickId: '{CLICK_ID}' } as const;

/** The fallback for a missing placement or click id in links (part 2 §9). */
export const NO_ID = 'noid';

/** A search engine reports at most this many hits; the web shows a total of exactly 10000 as "Many". */
export const PRODUCT_SEARCH_WINDOW = 10_000;

export const DEFAULT_PAGE_SIZES = {
  products: 20,
  merchants: 10,
  countryMerchants: 100,
  kelkooMerchants: 10,
} as const;

const idString = z.string().regex(/^\d+$/);

/** A link template: an https URL that still holds placeholders, so not a URL until it is filled in. */

// ---------- connexity merchants (API 1) ----------

export const merchantInfoSchema = z.object({
  name: z.string(),
  /** The merchant's store page on the shopping network. */
  url: z.string().url(),
  /** The merchant's own site: the target of deep links. */
  merchantUrl: z.string().url(),
  /** Absolute URL of a generated SVG logo served by this API. */
  logoUrl: z.string().url(),
  /** The same logo, small. */
  logoUrlSmall: z.string().url(),
});

/** Part 2 §3 Merchant (connexity style). */
export const merchantSchema = z.object({ mid: idString, merchantInfo: merchantInfoSchema });
export type Merchant = z.infer<typeof merchantSchema>;

export const merchantListResponseSchema = z.object({
  data: z.array(merchantSchema),
  totalRecords: z.number().int().nonnegative(),
});
export type MerchantListResponse = z.infer<typeof merchantListResponseSchema>;

export const merchantsV2QuerySchema = z.object({
  pageNo: pageNoQuery,
  pageSize: pageSizeQuery(DEFAULT_PAGE_SIZES.merchants),
  searchText: searchTextQuery('searchText'),
  /** true: the CPA view (the AI brand and CPA deep links): only merchants that pay per action. */
  isPublisherAI: optionalQuery(queryBool('isPublisherAI')),
});
export type MerchantsV2Query = z.input<typeof merchantsV2QuerySchema>;

// ---------- categories ----------

/** Part 1 §3 Category: the active list. */
export const categorySchema = z.object({ categoryId: idString, categoryName: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const categoryListResponseSchema = z.object({
  data: z.array(categorySchema),
  totalRecords: z.number().int().nonnegative(),
});
export type CategoryListResponse = z.infer<typeof categoryListResponseSchema>;

/** Part 2 §3 category tree node: id, name, children.category. */
export interface CategoryNode {
  id: string;
  name: string;
  children: { category: CategoryNode[] };
}
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({ id: idString, name: z.string(), children: z.object({ category: z.array(categoryNodeSchema) }) }),
);

export const categoryTreeQuerySchema = z.object({
  /** Only the categories holding products of these merchants (and their ancestors). */
  mids: idListQuery('mids'),
});
export type CategoryTreeQuery = z.input<typeof categoryTreeQuerySchema>;

export const categoryTreeResponseSchema = z.object({ data: z.array(categoryNodeSchema) });
export type CategoryTreeResponse = z.infer<typeof categoryTreeResponseSchema>;

// ---------- products ----------

export const PRODUCT_SORT_KEYS = ['priceLtoH', 'priceHtoL'] as const;
export const productSortSchema = z.enum(PRODUCT_SORT_KEYS, {
  errorMap: () => ({ message: `sortBy must be one of ${PRODUCT_SORT_KEYS.join(', ')}` }),
});
export type ProductSort = z.infer<typeof productSortSchema>;

export const productsQuerySchema = refinePriceRange(
  z.object({
    /** Text searched in title and manufacturer. */
    q: searchTextQuery('q'),
    mid: optionalQuery(merchantIdQuery('mid')),
    pageSize: pageSizeQuery(DEFAULT_PAGE_SIZES.products),
    pageNo: pageNoQuery,
    /** true: only products on offer (price below the original price). */
    showOfferedProducts: optionalQuery(queryBool('showOfferedProducts')),
    /** Default priceLtoH; ties keep a stable order by product id. */
    sortBy: optionalQuery(productSortSchema).transform((value): ProductSort => value ?? 'priceLtoH'),
    /** Baked into each product's url as part of the sub id (`vendorId_placementId_clickId`, `noid` if empty). */
    placementId: placementIdQuery,
    clickId: clickIdQuery,
    /** Comma-joined; a category matches itself and everything below it. */
    categoryIds: idListQuery('categoryIds'),
    /** Whole US dollars, inclusive, on the current price. */
    minPrice: priceQuery('minPrice'),
    maxPrice: priceQuery('maxPrice'),
    vendorId: vendorIdQuery,
  }),
).refine((value) => value.pageNo * value.pageSize <= PRODUCT_SEARCH_WINDOW, {
  message: `pageNo × pageSize cannot exceed ${PRODUCT_SEARCH_WINDOW}: narrow the search instead`,
  path: ['pageNo'],
});
export type ProductsQuery = z.input<typeof productsQuerySchema>;

const valueOf = <T extends z.ZodTypeAny>(schema: T) => z.object({ value: schema });

/** Part 2 §3 Product, in the search engine's `_source` shape. */
export const productSourceSchema = z.object({
  title: z.string(),
  manufacturer: z.string(),
  /** `images.image[0].value`: absolute URL of a generated SVG served by this API. */
  images: z.object({ image: z.array(valueOf(z.string().url())).min(1) }),
  originalPrice: valueOf(z.number().nonnegative()),
  price: valueOf(z.number().nonnegative()),
  merchantId: idString,
  merchantName: z.string(),
  categoryId: idString,
  /** Tracked link for the caller, sub id `vendorId_placementId_clickId`; the web appends `af_campaign_id`. */
  url: valueOf(z.string().url()),
});
export type ProductSource = z.infer<typeof productSourceSchema>;

export const productSchema = z.object({ _id: z.string(), _source: productSourceSchema });
export type Product = z.infer<typeof productSchema>;

export const productListResponseSchema = z.object({
  data: z.array(productSchema),
  /** Matches, capped at PRODUCT_SEARCH_WINDOW (10000) like a search engine's total. */
  totalRecords: z.number().int().nonnegative().max(PRODUCT_SEARCH_WINDOW),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

// ---------- API 2: the country-keyed list (newdashboard source) ----------

/**
 * Sort orders of the country-keyed list. CPC and CPA sort on ave_cpc and ave_cpa_rate; Domain sorts by name.
 * Ties are broken by domain, then country.
 */
export const COUNTRY_MERCHANT_SORT_KEYS = [
  'CPCLtoH',
  'CPCHtoL',
  'CPALtoH',
  'CPAHtoL',
  'DomainAtoZ',
  'DomainZtoA',
] as const;
export const countryMerchantSortSchema = z.enum(COUNTRY_MERCHANT_SORT_KEYS, {
  errorMap: () => ({ message: `sortByValue must be one of ${COUNTRY_MERCHANT_SORT_KEYS.join(', ')}` }),
});
export type CountryMerchantSort = z.infer<typeof countryMerchantSortSchema>;

/** Part 2 §3 "Merchant, country-keyed list (API 2)". A CPC merchant has ave_cpc > 0, a CPA merchant ave_cpa_rate > 0. */
export const countryMerchantRowSchema = z.object({
  country: countryCodeSchema,
  domain: z.string(),
  /** Average CPA commission rate, percent. 0: the merchant does not pay per action. */
  ave_cpa_rate: z.number().nonnegative(),
  /** Average cost per click, USD. 0: the merchant does not pay per click. */
  ave_cpc: z.number().nonnegative(),
});
export type CountryMerchantRow = z.infer<typeof countryMerchantRowSchema>;

export const countryCountSchema = z.object({ country: countryCodeSchema, count: z.number().int().nonnegative() });
export type CountryCount = z.infer<typeof countryCountSchema>;

export const countryMerchantsQuerySchema = z.object({
  pageNo: pageNoQuery,
  pageSize: pageSizeQuery(DEFAULT_PAGE_SIZES.countryMerchants),
  searchText: searchTextQuery('searchText'),
  /** Include CPC merchants (default true). With both flags false the list is empty. */
  showCPCMerchants: optionalQuery(queryBool('showCPCMerchants')).transform((value) => value ?? true),
  /** Include CPA merchants (default true). A merchant paying both ways shows if either flag is on. */
  showCPAMerchants: optionalQuery(queryBool('showCPAMerchants')).transform((value) => value ?? true),
  sortByValue: optionalQuery(countryMerchantSortSchema).transform((value): CountryMerchantSort => value ?? 'CPCLtoH'),
  country: countryQuerySchema,
  /** true: the CPA view: only merchants with a CPA rate, whatever the show flags say about CPC. */
  isPublisherAI: optionalQuery(queryBool('isPublisherAI')),
});
export type CountryMerchantsQuery = z.input<typeof countryMerchantsQuerySchema>;

export const countryMerchantsResponseSchema = z.object({
  data: z.array(countryMerchantRowSchema),
  totalRecords: z.number().int().nonnegative(),
  /** Rows per country under the same search and CPC/CPA filters, ignoring `country`; most first. */
  summary: z.array(countryCountSchema),
});
export type CountryMerchantsResponse = z.infer<typeof countryMerchantsResponseSchema>;

// ---------- partner merchant lists (API 2 simple list, 3, 3 New, 4, 4 New, 5) ----------

/** Query of the partner lists of API 2, 3, 3 New, 4 and 4 New. Rows are sorted by name (API 2: domain). */
export const partnerMerchantsQuerySchema = z.object({
  pageNo: pageNoQuery,
  pageSize: pageSizeQuery(DEFAULT_PAGE_SIZES.merchants),
  searchText: searchTextQuery('searchText'),
  country: countryQuerySchema,
  vendorId: vendorIdQuery,
});
export type PartnerMerchantsQuery = z.input<typeof partnerMerchantsQuerySchema>;

/** Query of the API 5 list (part 2 §7: pageNo, pageSize, searchText, country). */
export const kelkooMerchantsQuerySchema = z.object({
  pageNo: pageNoQuery,
  pageSize: pageSizeQuery(DEFAULT_PAGE_SIZES.kelkooMerchants),
  searchText: searchTextQuery('searchText'),
  country: countryQuerySchema,
});
export type KelkooMerchantsQuery = z.input<typeof kelkooMerchantsQuerySchema>;

/** Query of the per-country summaries: the same search as the list; `country` is the grouping key. */
export const merchantSummaryQuerySchema = z.object({
  searchText: searchTextQuery('searchText'),
  vendorId: vendorIdQuery,
});
export type MerchantSummaryQuery = z.input<typeof merchantSummaryQuerySchema>;

export const merchantSummaryResponseSchema = z.object({ data: z.array(countryCountSchema) });
export type MerchantSummaryResponse = z.infer<typeof merchantSummaryResponseSchema>;

/** API 3 row: redirect_link holds CLICK_ID, SUB_ID and LINK. */
export const deeplink3MerchantRowSchema = z.object({
  country: countryCodeSchema,
  name: z.string(),
  domain: z.string(),
  /** Whether LINK may be any page of the merchant (true) or only its home page (false). */
  is_deeplink: z.boolean(),
  redirect_link: linkTemplateSchema,
});
export type Deeplink3MerchantRow = z.infer<typeof deeplink3MerchantRowSchema>;

/** API 3 New row: trackingLink holds {PLACEMENT_ID} and {CLICK_ID}. */
export const deeplink3NewMerchantRowSchema = z.object({
  country: countryCodeSchema,
  name: z.string(),
  domain: z.string(),
  trackingLink: linkTemplateSchema,
});
export type Deeplink3NewMerchantRow = z.infer<typeof deeplink3NewMerchantRowSchema>;

/** API 4 row: geo is the lower-case country (the screen upper-cases it). */
export const deeplink4MerchantRowSchema = z.object({
  geo: countryCodeSchema,
  merchant_name: z.string(),
  merchant_domain: z.string(),
  /** Average payout commission, percent. */
  avg_payout_commission: z.number().nonnegative(),
  merchant_id: idString,
  /** Holds CLICK_ID, SUB_ID, MARCHANT_DOMAIN, COUNTRY_CODE, IP, USER_AGENT and MERCHANTS_ID. */
  redirect_link: linkTemplateSchema,
});
export type Deeplink4MerchantRow = z.infer<typeof deeplink4MerchantRowSchema>;

/** API 4 New row: trackingLink holds {PLACEMENT_ID} and {CLICK_ID}. */
export const deeplink4NewMerchantRowSchema = z.object({
  geo: countryCodeSchema,
  merchant_name: z.string(),
  merchant_domain: z.string(),
  trackingLink: linkTemplateSchema,
});
export type Deeplink4NewMerchantRow = z.infer<typeof deeplink4NewMerchantRowSchema>;

/** API 5 row. */
export const deeplink5MerchantRowSchema = z.object({
  country: countryCodeSchema,
  name: z.string(),
  url: z.string().url(),
  /** Estimated cost per click, USD. */
  merchantEstimatedCpc: z.number().nonnegative(),
});
export type Deeplink5MerchantRow = z.infer<typeof deeplink5MerchantRowSchema>;

const pagedRows = <T extends z.ZodTypeAny>(row: T) =>
  z.object({ data: z.array(row), totalRecords: z.number().int().nonnegative() });

export const countryMerchantListResponseSchema = pagedRows(countryMerchantRowSchema);
export const deeplink3MerchantListResponseSchema = pagedRows(deeplink3MerchantRowSchema);
export const deeplink3NewMerchantListResponseSchema = pagedRows(deeplink3NewMerchantRowSchema);
export const deeplink4MerchantListResponseSchema = pagedRows(deeplink4MerchantRowSchema);
export const deeplink4NewMerchantListResponseSchema = pagedRows(deeplink4NewMerchantRowSchema);
export const deeplink5MerchantListResponseSchema = pagedRows(deeplink5MerchantRowSchema);
export type CountryMerchantListResponse = z.infer<typeof countryMerchantListResponseSchema>;
export type Deeplink3MerchantListResponse = z.infer<typeof deeplink3MerchantListResponseSchema>;
export type Deeplink3NewMerchantListResponse = z.infer<typeof deeplink3NewMerchantListResponseSchema>;
export type Deeplink4MerchantListResponse = z.infer<typeof deeplink4MerchantListResponseSchema>;
export type Deeplink4NewMerchantListResponse = z.infer<typeof deeplink4NewMerchantListResponseSchema>;
export type Deeplink5MerchantListResponse = z.infer<typeof deeplink5MerchantListResponseSchema>;

// ---------- generated images ----------

/** `<slug>.svg` for logos, `<product id>.svg` for product images. */
export const assetFileSchema = z.object({
  file: z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}\.svg$/, 'file must be a lower-case name ending in .svg'),
});

export const logoQuerySchema = z.object({
  /** small: 64 × 64 (logoUrlSmall); default: 200 × 80. */
  size: optionalQuery(z.enum(['small', 'large'], { errorMap: () => ({ message: 'size must be small or large' }) })),
});
