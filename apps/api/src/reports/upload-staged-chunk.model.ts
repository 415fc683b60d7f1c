import mongoose, { Schema } from 'mongoose';
import type { UploadRow } from '@publisher/contract';
import { tenantModel } from '../shared/tenant';

/**
 * One chunk of a chunked upload, staged: its rows wait here, where no report read looks (reads go to the report
 * day collections only), until the upload's last chunk arrives and the whole upload is written at once. Removed
 * when the upload is committed or discarded.
 */
/** One (campaign, date) day's sums in a staged chunk. */
export interface StagedDaySums {
  /** `campaign|date`. */
  day: string;
  CLICKS: number;
  SALES_COUNT: number;
  SALES: number;
  EARNINGS: number;
}

export interface StagedChunkRecord {
  /** `<uploadId>:<chunkIndex>`: staging a chunk twice is one document. */
  _id: string;
  uploadId: string;
  chunkIndex: number;
  reports: UploadRow[];
  /** The months (`YYYY-MM`) its rows fall in: the commit reads the chunks of one month at a time. */
  months: string[];
  /**
   * The chunk's sums per (campaign, date), so a later chunk's rows are checked against what the upload already holds
   * on their days without reading earlier rows. (Objects, not tuples: FerretDB v1 stores no nested arrays.)
   */
  sums: StagedDaySums[];
  stagedAt: Date;
}

const stagedChunkSchema = new Schema<StagedChunkRecord>(
  {
    _id: { type: String, required: true },
    uploadId: { type: String, required: true },
    chunkIndex: { type: Number, required: true },
    reports: { type: Schema.Types.Mixed, required: true },
    months: { type: [String], default: [] },
    sums: { type: Schema.Types.Mixed, required: true },
    stagedAt: { type: Date, required: true },
  },
  { collection: 'upload_staged_chunks', versionKey: false, minimize: false },
);
stagedChunkSchema.index({ uploadId: 1, chunkIndex: 1 });
stagedChunkSchema.index({ uploadId: 1, months: 1 });

export const StagedChunkModel = tenantModel(mongoose.model<StagedChunkRecord>('UploadStagedChunk', stagedChunkSchema));
