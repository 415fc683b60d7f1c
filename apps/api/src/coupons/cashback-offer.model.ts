import mongoose, { Schema } from 'mongoose';
import type { CommissionDetail } from '@publisher/contract';
import { tenantModel } from '../shared/tenant';

const commissionDetailSchema = new Schema<CommissionDetail>(
  {
    commissionType: { type: String, enum: ['PERCENTAGE', 'FLAT'], required: true },
    commission: { type: Number, required: true },
    offerName: { type: String, required: true },
    offerType: { type: String, enum: ['CPS', 'CPL', 'CPA'], required: true },
  },
  { _id: false },
);

/** A cashback offer of an advertiser in one country; `_id` is deterministic. */
export interface CashbackOfferRecord {
  _id: string;
  advertiserName: string;
  domain: string;
  categories: string[];
  commission: string;
  commissionDetail: CommissionDetail[];
  commissionUrl: string;
  country: string;
  deeplinkUrl: string;
}

const cashbackOfferSchema = new Schema<CashbackOfferRecord>(
  {
    _id: { type: String, required: true },
    advertiserName: { type: String, required: true },
    domain: { type: String, required: true },
    categories: { type: [String], required: true },
    commission: { type: String, required: true },
    commissionDetail: { type: [commissionDetailSchema], required: true },
    commissionUrl: { type: String, required: true },
    country: { type: String, required: true },
    /** Holds COUPON_TRACKING_PLACEHOLDER. */
    deeplinkUrl: { type: String, required: true },
  },
  { collection: 'cashback_offers', versionKey: false },
);

export const CashbackOfferModel = tenantModel(mongoose.model('CashbackOffer', cashbackOfferSchema));
