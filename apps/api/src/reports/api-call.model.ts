import mongoose, { Schema } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/**
 * Authenticated calls per vendor, running totals the API logs screen reads: `count` of the calls authenticated
 * by apiKey (scripts, the download page), `authenticatedCount` of every authenticated call. Keyed by `_id`, so
 * the activity recorder's batched `$inc` is one single-document upsert per vendor.
 */
export interface ApiCallTotalRecord {
  /** The vendor id. */
  _id: number;
  count: number;
  /** Absent on totals written before every call was counted: read as 0. */
  authenticatedCount?: number;
  lastCallAt: Date;
}

const apiCallTotalSchema = new Schema<ApiCallTotalRecord>(
  {
    _id: { type: Number, required: true },
    count: { type: Number, default: 0 },
    authenticatedCount: { type: Number, default: 0 },
    lastCallAt: { type: Date, required: true },
  },
  // Read whole (admin, one document per vendor that ever called) or by `_id`.
  { versionKey: false, collection: 'api_call_totals' },
);

export const ApiCallTotalModel = tenantModel(mongoose.model<ApiCallTotalRecord>('ApiCallTotal', apiCallTotalSchema));
