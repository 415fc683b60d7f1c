import mongoose, { Schema } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/**
 * Where a chunked upload (POST /home/createBulkReports with uploadId) stands. Its chunks are staged
 * (upload-staged-chunk.model.ts), out of every reader's sight, until the last one arrives; the upload is then
 * written in one journaled step (upload-journal.ts) and becomes visible whole. An upload whose last chunk never
 * comes is discarded `UPLOAD_DISCARD_AFTER_MS` after its latest chunk (report-ingest.service.ts).
 */
export type UploadSessionState = 'staged' | 'committed' | 'discarded';

export interface UploadSessionRecord {
  /** The client's uploadId. */
  _id: string;
  chunkCount: number;
  /**
   * staged: chunks are arriving, nothing of the upload is visible; committed: its journal is written (the rows are
   * in, or finished from the journal by the next upload, save or start); discarded: its staged chunks are gone.
   */
  state: UploadSessionState;
  /** The upload's report run (status staged, then running, success or failed, or discarded). */
  runId: string;
  /** Every CAMPAIGN_ID and uniqueDates entry the chunks named. */
  campaignIds: number[];
  dates: string[];
  createdAt: Date;
  /** When its latest chunk was staged (the discard clock), or when it was committed or discarded. */
  updatedAt: Date;
}

const uploadSessionSchema = new Schema<UploadSessionRecord>(
  {
    _id: { type: String, required: true },
    chunkCount: { type: Number, required: true },
    state: { type: String, enum: ['staged', 'committed', 'discarded'], required: true },
    runId: { type: String, required: true },
    campaignIds: { type: [Number], default: [] },
    dates: { type: [String], default: [] },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'upload_sessions', versionKey: false },
);
uploadSessionSchema.index({ state: 1, updatedAt: 1 });

export const UploadSessionModel = tenantModel(
  mongoose.model<UploadSessionRecord>('UploadSession', uploadSessionSchema),
);
