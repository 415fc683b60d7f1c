import mongoose, { Schema } from 'mongoose';
import type { UploadRow } from '@publisher/contract';
import { tenantModel } from '../shared/tenant';

/**
 * One chunk of a chunked upload, staged: its rows wait in `upload_staged_rows`, where no report read looks (reads
 * go to the report day collections only), until the upload's last chunk arrives and the whole upload is written at
 * once; this small document (written after the rows) says the chunk is in. Both are removed when the upload is
 * committed or discarded. Two collections, because FerretDB v1 reads whole documents whatever the projection: the
 * per-chunk checks (is it in, how many, the day sums) then read kilobytes, not every staged row.
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
    months: { type: [String], default: [] },
    sums: { type: Schema.Types.Mixed, required: true },
    stagedAt: { type: Date, required: true },
  },
  { collection: 'upload_staged_chunks', versionKey: false, minimize: false },
);
stagedChunkSchema.index({ uploadId: 1, chunkIndex: 1 });

export const StagedChunkModel = tenantModel(mongoose.model<StagedChunkRecord>('UploadStagedChunk', stagedChunkSchema));

/** A staged chunk's rows (`_id` as its StagedChunkRecord's), read by `_id` only. */
export interface StagedRowsRecord {
  _id: string;
  uploadId: string;
  reports: UploadRow[];
}

const stagedRowsSchema = new Schema<StagedRowsRecord>(
  {
    _id: { type: String, required: true },
    uploadId: { type: String, required: true },
    reports: { type: Schema.Types.Mixed, required: true },
  },
  { collection: 'upload_staged_rows', versionKey: false, minimize: false },
);
stagedRowsSchema.index({ uploadId: 1 });

export const StagedRowsModel = tenantModel(mongoose.model<StagedRowsRecord>('UploadStagedRows', stagedRowsSchema));
