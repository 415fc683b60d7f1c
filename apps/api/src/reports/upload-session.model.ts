import mongoose, { Schema } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/**
 * One chunked conversion upload (POST /home/createBulkReports with uploadId): what its chunks wrote so far, so
 * a later chunk adds to the (campaign, date) days an earlier one replaced instead of replacing them again, and
 * the last one clears the listed days the file had no row for. Kept a day for retries, then pruned.
 */
export interface UploadSessionRecord {
  /** The client's uploadId. */
  _id: string;
  chunkCount: number;
  /** Indexes of the chunks written. */
  chunks: number[];
  /** `campaign|date` keys the upload has written rows for. */
  pairs: string[];
  /** Every CAMPAIGN_ID and uniqueDates entry the chunks named. */
  campaignIds: number[];
  dates: string[];
  createdAt: Date;
  updatedAt: Date;
}

const uploadSessionSchema = new Schema<UploadSessionRecord>(
  {
    _id: { type: String, required: true },
    chunkCount: { type: Number, required: true },
    chunks: { type: [Number], default: [] },
    pairs: { type: [String], default: [] },
    campaignIds: { type: [Number], default: [] },
    dates: { type: [String], default: [] },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'upload_sessions', versionKey: false },
);
uploadSessionSchema.index({ updatedAt: 1 });

export const UploadSessionModel = tenantModel(
  mongoose.model<UploadSessionRecord>('UploadSession', uploadSessionSchema),
);
