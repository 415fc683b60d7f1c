import mongoose, { Schema } from 'mongoose';

/**
 * Calls authenticated by apiKey (scripts, the download page), counted per vendor and day, plus a running
 * total per vendor that the API logs screen reads. Both are keyed by `_id`, so the access middleware's
 * `$inc` is a single-document upsert.
 */
export interface ApiCallDayRecord {
  /** `<vendorId>|<YYYY-MM-DD>`. */
  _id: string;
  vendorId: number;
  date: string;
  count: number;
}

export interface ApiCallTotalRecord {
  /** The vendor id. */
  _id: number;
  count: number;
  lastCallAt: Date;
}

const apiCallDaySchema = new Schema<ApiCallDayRecord>(
  {
    _id: { type: String, required: true },
    vendorId: { type: Number, required: true },
    date: { type: String, required: true },
    count: { type: Number, default: 0 },
  },
  { versionKey: false, collection: 'api_call_days' },
);
// A vendor's calls by day.
apiCallDaySchema.index({ vendorId: 1, date: -1 });

const apiCallTotalSchema = new Schema<ApiCallTotalRecord>(
  {
    _id: { type: Number, required: true },
    count: { type: Number, default: 0 },
    lastCallAt: { type: Date, required: true },
  },
  // Read whole (admin, one document per vendor that ever called) or by `_id`.
  { versionKey: false, collection: 'api_call_totals' },
);

export const ApiCallDayModel = mongoose.model<ApiCallDayRecord>('ApiCallDay', apiCallDaySchema);
export const ApiCallTotalModel = mongoose.model<ApiCallTotalRecord>('ApiCallTotal', apiCallTotalSchema);
