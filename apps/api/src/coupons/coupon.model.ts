import mongoose, { Schema } from 'mongoose';
import type { CouponType } from '@publisher/contract';
import { tenantModel } from '../shared/tenant';

/** A coupon or deal of a merchant; `_id` is deterministic. Runs from startsAt to endsAt inclusive (UTC). */
export interface CouponRecord {
  _id: string;
  couponCode: string;
  domainName: string;
  storeName: string;
  startsAt: Date;
  endsAt: Date;
  couponTitle: string;
  jumpUrl: string;
  type: CouponType;
  categoryId: string;
  categoryPath: string[];
  price: number;
}

const couponSchema = new Schema<CouponRecord>(
  {
    _id: { type: String, required: true },
    couponCode: { type: String, default: '' },
    /** Lower-case domain of the merchant. */
    domainName: { type: String, required: true },
    storeName: { type: String, required: true },
    startsAt: { type: Date, required: true },
    endsAt: { type: Date, required: true },
    couponTitle: { type: String, required: true },
    /** Holds COUPON_TRACKING_PLACEHOLDER. */
    jumpUrl: { type: String, required: true },
    type: { type: String, required: true },
    categoryId: { type: String, required: true },
    /** The category and its ancestors, so that a filter on a parent category finds the coupon. */
    categoryPath: { type: [String], required: true },
    price: { type: Number, required: true },
  },
  { collection: 'coupons', versionKey: false },
);

export const CouponModel = tenantModel(mongoose.model('Coupon', couponSchema));
