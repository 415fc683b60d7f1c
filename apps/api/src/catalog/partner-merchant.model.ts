import mongoose, { Schema } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/** The upstream networks whose merchant lists feed deep links 2 to 5 (see catalog.schema.ts in the contract). */
export const PARTNER_SOURCES = ['newdashboard', 'doneoftheownou', 'shoppermeet', 'kelkoo'] as const;
export type PartnerSource = (typeof PARTNER_SOURCES)[number];

/**
 * One merchant of one partner network in one country. Fields that only one source has are optional; each
 * source's presenter maps exactly the row shape of the spec. `_id` is deterministic (source, country, index).
 */
export interface PartnerMerchantRecord {
  _id: string;
  source: PartnerSource;
  country: string;
  name: string;
  domain: string;
  aveCpaRate?: number;
  aveCpc?: number;
  isDeeplink?: boolean;
  redirectLink?: string;
  trackingLink?: string;
  merchantId?: string;
  avgPayoutCommission?: number;
  url?: string;
  estimatedCpc?: number;
}

const partnerMerchantSchema = new Schema<PartnerMerchantRecord>(
  {
    _id: { type: String, required: true },
    source: { type: String, enum: PARTNER_SOURCES, required: true },
    /** Lower-case country code (API 4 calls it geo). */
    country: { type: String, required: true },
    /** Merchant name; API 2 rows show only the domain. */
    name: { type: String, required: true },
    domain: { type: String, required: true },
    // newdashboard (API 2): percentages and USD; 0 means "does not pay that way".
    aveCpaRate: { type: Number },
    aveCpc: { type: Number },
    // doneoftheownou (API 3, 3 New)
    isDeeplink: { type: Boolean },
    // doneoftheownou and shoppermeet: templates with placeholders
    redirectLink: { type: String },
    trackingLink: { type: String },
    // shoppermeet (API 4, 4 New)
    merchantId: { type: String },
    avgPayoutCommission: { type: Number },
    // kelkoo (API 5)
    url: { type: String },
    estimatedCpc: { type: Number },
  },
  { collection: 'partner_merchants', versionKey: false },
);

export const PartnerMerchantModel = tenantModel(mongoose.model('PartnerMerchant', partnerMerchantSchema));
