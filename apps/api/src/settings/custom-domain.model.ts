import mongoose, { Schema } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/** Part 2 §3 "Custom domain": a white-label host of one vendor. `name` is unique and stored lower-cased. */
export interface CustomDomainRecord {
  _id: mongoose.Types.ObjectId;
  name: string;
  vendorId: number;
  /** The vendor's campaign id, which equals its vendorId (part 2 §2 "My Account"). */
  campaign_id: number;
  createdAt: Date;
}

const customDomainSchema = new Schema<CustomDomainRecord>(
  {
    name: { type: String, required: true, lowercase: true, trim: true },
    vendorId: { type: Number, required: true },
    campaign_id: { type: Number, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'custom_domains', versionKey: false },
);
// The host check looks a name up on every page load of the web; the unique index also refuses a race of two adds.
customDomainSchema.index({ name: 1 }, { unique: true });
customDomainSchema.index({ vendorId: 1 });

export const CustomDomainModel = tenantModel(mongoose.model<CustomDomainRecord>('CustomDomain', customDomainSchema));
