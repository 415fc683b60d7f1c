import { initContract } from '@ts-rest/core';
import { routeMetadata } from '../common/access';
import { commonErrorResponses } from '../common/error.schema';
import {
  cashbackFiltersQuerySchema,
  cashbackFiltersResponseSchema,
  cashbackListResponseSchema,
  cashbackQuerySchema,
  couponFiltersQuerySchema,
  couponFiltersResponseSchema,
  couponListResponseSchema,
  couponsQuerySchema,
} from './coupons.schema';

const c = initContract();
const token = routeMetadata('token');

/** All Coupons and All Cashbacks (part 1 §7 "Coupons and cashback"): signed-in screens, `token`. */
export const couponsContract = c.router(
  {
    getCoupons: {
      method: 'GET',
      path: '/coupons/getcoupons',
      query: couponsQuerySchema,
      responses: { 200: couponListResponseSchema },
      metadata: token,
      summary:
        'Coupons by merchant domain, type, validity (validCoupons=true: running now only), dates, categories and price. Order: coupons running now (started, not expired; newest start first), then upcoming ones (soonest start first), then expired ones (newest start first). Paged by pageNo, 1-based (1 is the first page).',
    },
    getFilters: {
      method: 'GET',
      path: '/coupons/getFilters',
      query: couponFiltersQuerySchema,
      responses: { 200: couponFiltersResponseSchema },
      metadata: token,
      summary: 'Coupon filter values with counts: domainNames (each with its storeName) and type.',
    },
    getCashback: {
      method: 'GET',
      path: '/coupons/getcashback',
      query: cashbackQuerySchema,
      responses: { 200: cashbackListResponseSchema },
      metadata: token,
      summary:
        'Cashback offers by search text, country and category, by advertiser name; paged by pageNo, 1-based (1 is the first page).',
    },
    getCashbackFilters: {
      method: 'GET',
      path: '/coupons/getCashbackFilters',
      query: cashbackFiltersQuerySchema,
      responses: { 200: cashbackFiltersResponseSchema },
      metadata: token,
      summary: 'Cashback filter values with counts: country and categories.',
    },
  },
  { commonResponses: commonErrorResponses, strictStatusCodes: true },
);
