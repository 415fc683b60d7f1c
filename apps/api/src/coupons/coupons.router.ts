import { initServer } from '@ts-rest/express';
import { couponsContract } from '@publisher/contract';
import { callerOf } from '../shared/auth/caller';
import { couponViewerOf, type CouponsService } from './coupons.service';

const s = initServer();

/** Thin handlers: whose view, call the service, return `{ status, body }`. */
export function createCouponsRouter(coupons: CouponsService) {
  return s.router(couponsContract, {
    getCoupons: async ({ query, req }) => ({
      status: 200,
      body: await coupons.coupons(couponViewerOf(callerOf(req), query.vendorId), query),
    }),
    getFilters: async ({ query, req }) => ({
      status: 200,
      body: await coupons.couponFilters(couponViewerOf(callerOf(req), query.vendorId), {
        validCoupons: query.validCoupons,
      }),
    }),
    getCashback: async ({ query, req }) => ({
      status: 200,
      body: await coupons.cashback(couponViewerOf(callerOf(req), query.vendorId), query),
    }),
    getCashbackFilters: async ({ query, req }) => ({
      status: 200,
      body: await coupons.cashbackFilters(couponViewerOf(callerOf(req), query.vendorId)),
    }),
  });
}
