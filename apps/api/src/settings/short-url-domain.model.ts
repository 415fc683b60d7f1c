import mongoose, { Schema } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/** Part 2 §3 "Short URL": a host the shortener issues one vendor's short links on. `name` is unique, lower-cased. */
export interface ShortUrlDomainRecord {
  _id: mongoose.Types.ObjectId;
  name: string;
  vendorId: number;
  /** Equals vendorId. */
  campaign_id: number;
  createdAt: Date;
}

const shortUrlDomainSchema = new Schema<ShortUrlDomainRecord>(
  {
    name: { type: String, required: true, lowercase: true, trim: true },
    vendorId: { type: Number, required: true },
    campaign_id: { type: Number, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'short_url_domains', versionKey: false },
);
shortUrlDomainSchema.index({ name: 1 }, { unique: true });
// The shortener reads one vendor's domains per short link it issues.
shortUrlDomainSchema.index({ vendorId: 1, createdAt: 1 });

export const ShortUrlDomainModel = tenantModel(
  mongoose.model<ShortUrlDomainRecord>('ShortUrlDomain', shortUrlDomainSchema),
);
