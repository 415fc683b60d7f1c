import mongoose, { Schema } from 'mongoose';

/** One authenticated call (part 2 §2 API logs): who, what, the status answered, when. Never the query string. */
export interface AccessLogRecord {
  _id: mongoose.Types.ObjectId;
  vendorId: number;
  method: string;
  path: string;
  status: number;
  via: 'token' | 'apiKey';
  at: Date;
}

const accessLogSchema = new Schema<AccessLogRecord>(
  {
    vendorId: { type: Number, required: true },
    method: { type: String, required: true },
    path: { type: String, required: true },
    status: { type: Number, required: true },
    via: { type: String, enum: ['token', 'apiKey'], required: true },
    at: { type: Date, required: true },
  },
  { collection: 'api_access_logs', versionKey: false },
);
// Read newest first, for everyone (the admin) or one vendor; pruned by age.
accessLogSchema.index({ at: -1 });
accessLogSchema.index({ vendorId: 1, at: -1 });

export const AccessLogModel = mongoose.model<AccessLogRecord>('AccessLog', accessLogSchema);
