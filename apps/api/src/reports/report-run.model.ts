import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { REPORT_SOURCES } from '@publisher/contract';
import { tenantModel } from '../shared/tenant';

/** One save of daily reports (or one conversion upload, or a seed batch): the report runs list (GET /home/logs/reportRuns). */
const reportRunSchema = new Schema(
  {
    source: { type: String, enum: REPORT_SOURCES, required: true },
    /** Who started it: an admin's save call, a conversion upload or the seed on first start. */
    trigger: { type: String, enum: ['save', 'upload', 'seed'], required: true },
    start_time: { type: Date, required: true },
    end_time: { type: Date, default: null },
    status: { type: String, enum: ['running', 'success', 'failed', 'staged', 'discarded'], required: true },
    startDate: { type: String, required: true },
    endDate: { type: String, required: true },
    rowsWritten: { type: Number, default: 0 },
    error: { type: String, default: null },
  },
  { versionKey: false, collection: 'report_runs' },
);

// Report runs: newest first.
reportRunSchema.index({ start_time: -1 });

export type ReportRunRecord = InferSchemaType<typeof reportRunSchema> & { _id: mongoose.Types.ObjectId };

export const ReportRunModel = tenantModel(mongoose.model('ReportRun', reportRunSchema));

/** Records the start of a run (status running, started now unless `stamp` gives its id and start). */
export async function createRunningRun(
  fields: Pick<ReportRunRecord, 'source' | 'trigger' | 'startDate' | 'endDate'>,
  stamp?: { _id: mongoose.Types.ObjectId; at: Date },
): Promise<ReportRunRecord> {
  const run = await ReportRunModel.create({
    ...fields,
    ...(stamp ? { _id: stamp._id } : {}),
    start_time: stamp?.at ?? new Date(),
    status: 'running',
    rowsWritten: 0,
  });
  return run.toObject<ReportRunRecord>();
}
