import mongoose, { Schema } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/**
 * One counter bumped after every save or upload. Processes that cache saved report data (the rollup cache)
 * compare it now and then and drop their copy when another process has written since.
 */
export interface ReportRevisionRecord {
  _id: string;
  revision: number;
}

const reportRevisionSchema = new Schema<ReportRevisionRecord>(
  { _id: { type: String, required: true }, revision: { type: Number, default: 0 } },
  // One document, read by `_id`.
  { versionKey: false, collection: 'report_revision' },
);

export const ReportRevisionModel = tenantModel(
  mongoose.model<ReportRevisionRecord>('ReportRevision', reportRevisionSchema),
);

export const REPORT_REVISION_ID = 'reports';
