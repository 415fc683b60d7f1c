import mongoose, { Schema } from 'mongoose';

/**
 * Calls authenticated by apiKey (scripts, the download page): a running total per vendor, which the API logs
 * screen reads. Keyed by `_id`, so the access middleware's `$inc` is a single-document upsert.
 */
export interface ApiCallTotalRecord {
  /** The vendor id. */
  _id: number;
  count: number;
  lastCallAt: Date;
}

const apiCallTotalSchema = new Schema<ApiCallTotalRecord>(
  {
    _id: { type: Number, required: true },
    count: { type: Number, default: 0 },
    lastCallAt: { type: Date, required: true },
  },
  // Read whole (admin, one document per vendor that ever called) or by `_id`.
  { versionKey: false, collection: 'api_call_totals' },
);

export const ApiCallTotalModel = mongoose.model<ApiCallTotalRecord>('ApiCallTotal', apiCallTotalSchema);
