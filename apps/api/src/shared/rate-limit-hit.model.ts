import mongoose, { Schema } from 'mongoose';
import { tenantModel } from './tenant';

/** One client's hits in the current window of a rate limit (see rate-limit-store.ts). */
export interface RateLimitHitRecord {
  _id: string;
  hits: number;
  resetAt: Date;
}

const rateLimitHitSchema = new Schema(
  {
    _id: { type: String, required: true },
    hits: { type: Number, required: true },
    resetAt: { type: Date, required: true },
  },
  { collection: 'rate_limit_hits', versionKey: false },
);

export const RateLimitHitModel = tenantModel(mongoose.model<RateLimitHitRecord>('RateLimitHit', rateLimitHitSchema));
