import { z } from 'zod';
import {
  clickIdQuery,
  filterCountSchema,
  idListQuery,
  optionalQuery,
  pageNoQuery,
  pageSizeQuery,
  placementIdQuery,
  priceQuery,
  refinePriceRange,
  searchTextQuery,
  vendorIdQuery,
} from '../catalog/catalog-query';
import { queryBool, queryDate, refineDateRange } from '../common/query';
import { countryCodeSchema, countryQuerySchema } from '../catalog/countries';

/**
 * Coupons and cashback (part 1 §2, §3, §7, §9).
 *
 * Dates: `startDateGMT` and `endDateGMT` are ISO instants in UTC. A coupon runs from the first instant of its
 * start day to the last second of its end day. "Now" is the server's clock at the request.
 * Money: US dollars, 2 decimals. Commissions: a percentage or a flat USD amount, as `commissionType` says.
 * The merchant lock of catalog.schema.ts (5036: Nautica) applies to both lists and their filters.
 */

/**
 * The placeholder in `jumpUrl` (and cashback `deeplinkUrl`) that the web replaces with
 * `vendorId_placementId` (`vendorId_noid` without a placement id) before appending `af_campaign_id`.
 */
export const COUPON_TRACKING_PLACEHOLDER = '{TRACKING_CODE}';

/**
 * A coupon's or cashback offer's tracked link: a direct link on this API's tracking host (TRACKING_BASE_URL: https
 * in production, http on a developer's machine) holding COUPON_TRACKING_PLACEHOLDER.
 */
export const offerLinkSchema = z.string().regex(/^https?:\/\/\S+$/, 'must be an http(s) link template');

export const DEFAULT_COUPON_PAGE_SIZE = 100;

/**
 * A UTC instant as the coupon lists send it: `2026-05-01T00:00:00.000Z` (Date#toISOString). A precompiled
 * pattern: zod's own datetime check rebuilds its regular expression on every value, which a 100-row page feels.
 */
export const gmtInstantSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'must be a UTC instant');

/** A link template: an https URL that still holds a placeholder, so not a URL until it is filled in. */

export const COUPON_TYPES = ['Code', 'Deal', 'Free Shipping', 'Sale', 'Clearance'] as const;
export const couponTypeSchema = z.enum(COUPON_TYPES, {
  errorMap: () => ({ message: `type must be one of ${COUPON_TYPES.join(', ')}` }),
});
export type CouponType = z.infer<typeof couponTypeSchema>;

export const couponsQuerySchema = refineDateRange(
  refinePriceRange(
    z.object({
      /** Exact domain, as listed by getFilters. */
      domain_name: optionalQuery(z.string().trim().toLowerCase().max(253, 'domain_name can be at most 253 characters')),
      type: optionalQuery(couponTypeSchema),
      pageSize: pageSizeQuery(DEFAULT_COUPON_PAGE_SIZE),
      pageNo: pageNoQuery,
      /** true: only coupons running now. false or absent: every coupon, expired and future ones included. */
      validCoupons: optionalQuery(queryBool('validCoupons')),
      /** Coupons starting on or after this day (UTC). */
      startDate: optionalQuery(queryDate('startDate')),
      /** Coupons expiring on or before this day (UTC). */
      endDate: optionalQuery(queryDate('endDate')),
      /** Accepted for the screen's sake; links are personalised by the web (COUPON_TRACKING_PLACEHOLDER). */
      placementId: placementIdQuery,
      clickId: clickIdQuery,
      /** Comma-joined; a category matches itself and everything below it. */
      categoryIds: idListQuery('categoryIds'),
      /** Whole US dollars, inclusive, on the coupon's reference price. */
      minPrice: priceQuery('minPrice'),
      maxPrice: priceQuery('maxPrice'),
      vendorId: vendorIdQuery,
    }),
  ),
);
export type CouponsQuery = z.input<typeof couponsQuerySchema>;

/** Part 1 §3 Coupon, plus its id, category and reference price (what categoryIds and min/maxPrice filter on). */
export const couponSchema = z.object({
  _id: z.string(),
  couponCode: z.string(),
  domainName: z.string(),
  storeName: z.string(),
  startDateGMT: gmtInstantSchema,
  endDateGMT: gmtInstantSchema,
  couponTitle: z.string(),
  /** Tracked link holding COUPON_TRACKING_PLACEHOLDER. */
  jumpUrl: offerLinkSchema,
  type: couponTypeSchema,
  categoryId: z.string(),
  /** The deal's reference price in USD (what the offer applies to). */
  price: z.number().nonnegative(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponListResponseSchema = z.object({
  data: z.array(couponSchema),
  totalCount: z.number().int().nonnegative(),
});
export type CouponListResponse = z.infer<typeof couponListResponseSchema>;

export const couponFiltersQuerySchema = z.object({
  /** Count only coupons running now, to match a list asked with validCoupons=true. */
  validCoupons: optionalQuery(queryBool('validCoupons')),
  vendorId: vendorIdQuery,
});
export type CouponFiltersQuery = z.input<typeof couponFiltersQuerySchema>;

/**
 * A merchant of the coupon filter: its domain (`_id`, what getcoupons' domain_name takes), the store name its
 * coupons carry (what a publisher knows the merchant by) and how many coupons it has.
 */
export const couponDomainCountSchema = filterCountSchema.extend({ storeName: z.string() });
export type CouponDomainCount = z.infer<typeof couponDomainCountSchema>;

/** Each value with the number of coupons carrying it, by _id. Asking the list for a value returns that many. */
export const couponFiltersResponseSchema = z.object({
  domainNames: z.array(couponDomainCountSchema),
  type: z.array(filterCountSchema),
});
export type CouponFiltersResponse = z.infer<typeof couponFiltersResponseSchema>;

// ---------- cashback ----------

export const COMMISSION_TYPES = ['PERCENTAGE', 'FLAT'] as const;
export const OFFER_TYPES = ['CPS', 'CPL', 'CPA'] as const;

export const commissionDetailSchema = z.object({
  /** PERCENTAGE: commission is a percent of the sale; FLAT: a USD amount per action. */
  commissionType: z.enum(COMMISSION_TYPES),
  commission: z.number().nonnegative(),
  offerName: z.string(),
  /** CPS: per sale, CPL: per lead, CPA: per other action. */
  offerType: z.enum(OFFER_TYPES),
});
export type CommissionDetail = z.infer<typeof commissionDetailSchema>;

/** Part 1 §3 Cashback item. */
export const cashbackSchema = z.object({
  _id: z.string(),
  advertiserName: z.string(),
  domain: z.string(),
  /** Top-level category names. */
  categories: z.array(z.string()),
  /** The headline, e.g. "Up to 8%" or "$5.00 per lead". */
  commission: z.string(),
  commissionDetail: z.array(commissionDetailSchema),
  commissionUrl: z.string().url(),
  country: countryCodeSchema,
  /** Tracked link holding COUPON_TRACKING_PLACEHOLDER. */
  deeplinkUrl: offerLinkSchema,
});
export type Cashback = z.infer<typeof cashbackSchema>;

export const cashbackQuerySchema = z.object({
  /** Text searched in advertiserName and domain. */
  searchText: searchTextQuery('searchText'),
  country: countryQuerySchema,
  /** One category name, as listed by getCashbackFilters. */
  category: optionalQuery(z.string().trim().max(100, 'category can be at most 100 characters')),
  pageSize: pageSizeQuery(DEFAULT_COUPON_PAGE_SIZE),
  pageNo: pageNoQuery,
  placementId: placementIdQuery,
  clickId: clickIdQuery,
  vendorId: vendorIdQuery,
});
export type CashbackQuery = z.input<typeof cashbackQuerySchema>;

export const cashbackListResponseSchema = z.object({
  data: z.array(cashbackSchema),
  totalCount: z.number().int().nonnegative(),
});
export type CashbackListResponse = z.infer<typeof cashbackListResponseSchema>;

export const cashbackFiltersQuerySchema = z.object({ vendorId: vendorIdQuery });
export type CashbackFiltersQuery = z.input<typeof cashbackFiltersQuerySchema>;

/** `country`: offers per country code; `categories`: offers per category name (an offer counts once per category). */
export const cashbackFiltersResponseSchema = z.object({
  country: z.array(filterCountSchema),
  categories: z.array(filterCountSchema),
});
export type CashbackFiltersResponse = z.infer<typeof cashbackFiltersResponseSchema>;
