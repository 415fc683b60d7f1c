import mongoose, { Schema } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/**
 * Authenticated calls (part 2 §2 API logs): who, what, the status answered, when (the first of the line), and how
 * many identical calls the line stands for (same vendor, method, path, status and signature within one second).
 * Never the query string.
 */
export interface AccessLogRecord {
  _id: mongoose.Types.ObjectId;
  vendorId: number;
  method: string;
  path: string;
  status: number;
  via: 'token' | 'apiKey';
  at: Date;
  count: number;
}

const accessLogSchema = new Schema<AccessLogRecord>(
  {
    vendorId: { type: Number, required: true },
    method: { type: String, required: true },
    path: { type: String, required: true },
    status: { type: Number, required: true },
    via: { type: String, enum: ['token', 'apiKey'], required: true },
    at: { type: Date, required: true },
    // Lines written before calls were collapsed stand for one call.
    count: { type: Number, default: 1 },
  },
  { collection: 'api_access_logs', versionKey: false },
);
// Read newest first, for everyone (the admin) or one vendor; pruned by age.
accessLogSchema.index({ at: -1 });
accessLogSchema.index({ vendorId: 1, at: -1 });

export const AccessLogModel = tenantModel(mongoose.model<AccessLogRecord>('AccessLog', accessLogSchema));
