import mongoose, { Schema } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/** A short link: `_id` is the code, so the redirect is one `_id` lookup (also on FerretDB). */
export interface ShortUrlRecord {
  _id: string;
  /** Where the short link leads: a direct link of this API, or a merchant or partner-network link. */
  url: string;
  vendorId: number;
  /** The host the short link was issued on. */
  domain: string;
  /** After this instant the short link answers 410; null: never. */
  expiresAt: Date | null;
  createdAt: Date;
}

const shortUrlSchema = new Schema<ShortUrlRecord>(
  {
    _id: { type: String, required: true },
    url: { type: String, required: true },
    vendorId: { type: Number, required: true },
    domain: { type: String, required: true },
    expiresAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'short_urls', versionKey: false },
);

export const ShortUrlModel = tenantModel(mongoose.model('ShortUrl', shortUrlSchema));
