import mongoose, { Schema } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/**
 * A merchant of the connexity source (deep link 1, products). `_id` is the merchant id (`mid`), so seeding is
 * idempotent on it. Read through the catalog snapshot, never queried per request.
 */
export interface MerchantRecord {
  /** The merchant id (`mid`). */
  _id: string;
  name: string;
  slug: string;
  domain: string;
  url: string;
  merchantUrl: string;
  hasCpa: boolean;
}

const merchantSchema = new Schema<MerchantRecord>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    /** Names the generated logo: /assets/logos/<slug>.svg. */
    slug: { type: String, required: true },
    domain: { type: String, required: true },
    /** The store page on the shopping network. */
    url: { type: String, required: true },
    /** The merchant's own site, target of deep links. */
    merchantUrl: { type: String, required: true },
    /** Whether the merchant pays per action too (the CPA view of getMerchantsV2). */
    hasCpa: { type: Boolean, required: true },
  },
  { collection: 'merchants', versionKey: false },
);

export const MerchantModel = tenantModel(mongoose.model('Merchant', merchantSchema));
