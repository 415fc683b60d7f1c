import {
  type CashbackQuery,
  cashbackQuerySchema,
  type CouponsQuery,
  type CouponType,
  couponTypeSchema,
  isIsoDate,
  optionalQuery,
  placementIdQuery,
  queryDate,
} from '@publisher/contract';
import { z } from 'zod';
import { optionalDaySchema } from '../../../lib/date-range-form';
import { optionalParam, withoutUndefined } from './filter-inputs';

/** The All Coupons filters as chosen ('' is "any"). Placement id is passed apart: it does not restart paging. */
export interface CouponFilters {
  domainName: string;
  type: CouponType | '';
  /** YYYY-MM-DD or ''. */
  startDate: string;
  /** The Expiry Date field: YYYY-MM-DD or ''. */
  endDate: string;
  /** "Valid coupons only": only coupons running now (the spec's validCoupons query parameter, part 1 §7). */
  validOnly: boolean;
}

export const EMPTY_COUPON_FILTERS: CouponFilters = {
  domainName: '',
  type: '',
  startDate: '',
  endDate: '',
  validOnly: false,
};

export const COUPON_DATE_MESSAGE = 'Start Date cannot be after Expiry Date';

/** Part 1 §5: coupon dates are optional, but a start date cannot be after the expiry date. */
export function couponDateError(filters: Pick<CouponFilters, 'startDate' | 'endDate'>): string | null {
  if (!isIsoDate(filters.startDate) || !isIsoDate(filters.endDate)) return null;
  return filters.startDate > filters.endDate ? COUPON_DATE_MESSAGE : null;
}

/** The All Coupons form: the filters and the placement id that personalises the copied links. */
export interface CouponForm extends CouponFilters {
  placementId: string;
}

/**
 * The All Coupons form's check: the getcoupons query's own field schemas (couponsQuerySchema) and part 1 §5's date
 * order, put on both dates so the one just edited carries it. Used raw: the form keeps what is chosen.
 */
export const couponFormSchema = z
  .object({
    domainName: z.string(),
    type: optionalQuery(couponTypeSchema),
    startDate: optionalDaySchema(queryDate('startDate')),
    endDate: optionalDaySchema(queryDate('endDate')),
    validOnly: z.boolean(),
    placementId: placementIdQuery,
  })
  .superRefine((value, ctx) => {
    if (!couponDateError({ startDate: value.startDate ?? '', endDate: value.endDate ?? '' })) return;
    ctx.addIssue({ code: 'custom', message: COUPON_DATE_MESSAGE, path: ['startDate'] });
    ctx.addIssue({ code: 'custom', message: COUPON_DATE_MESSAGE, path: ['endDate'] });
  });

interface PageRequest {
  pageNo: number;
  pageSize: number;
}

/**
 * The GET /coupons/getcoupons query, or null while the dates are in conflict (no call is made then). Part 1 §7 lists
 * placementId among what the screen sends, so the optional Placement id goes with it when filled.
 */
export function couponsQueryOf(
  filters: CouponFilters,
  page: PageRequest,
  vendorId: number,
  placementId = '',
): CouponsQuery | null {
  const isUnreadable = (date: string) => date !== '' && !isIsoDate(date);
  if (couponDateError(filters) || isUnreadable(filters.startDate) || isUnreadable(filters.endDate)) return null;
  return withoutUndefined({
    domain_name: optionalParam(filters.domainName),
    type: filters.type === '' ? undefined : filters.type,
    startDate: optionalParam(filters.startDate),
    endDate: optionalParam(filters.endDate),
    validCoupons: filters.validOnly ? ('true' as const) : undefined,
    placementId: optionalParam(placementId),
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    vendorId,
  });
}

/** The All Cashbacks filters as chosen ('' is "any"). */
export interface CashbackFilters {
  country: string;
  searchText: string;
}

/** The All Cashbacks form: the filters and the placement id that personalises the copied links. */
export interface CashbackForm extends CashbackFilters {
  placementId: string;
}

/** The All Cashbacks form's check: the getcashback query's own field schemas. Used raw, like the coupon form. */
export const cashbackFormSchema = cashbackQuerySchema.pick({ country: true, searchText: true, placementId: true });

/** The GET /coupons/getcashback query; the optional Placement id goes with it when filled, as on All Coupons. */
export function cashbackQueryOf(
  filters: CashbackFilters,
  page: PageRequest,
  vendorId: number,
  placementId = '',
): CashbackQuery {
  return withoutUndefined({
    country: optionalParam(filters.country),
    searchText: optionalParam(filters.searchText),
    placementId: optionalParam(placementId),
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    vendorId,
  });
}
