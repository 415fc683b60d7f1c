import mongoose, { Schema } from 'mongoose';
import type { ExtensionDailyRow, ExtensionDeviceRow, ExtensionMarketRow } from '@publisher/contract';
import { tenantModel } from '../shared/tenant';

/**
 * The extension rows of one date as "Save Reports to DB" stored them: one document per date (`_id` = the date),
 * so a save is one replace per day and the saved list is an `_id` range read (what FerretDB v1 does well).
 */
export interface ExtensionReportRecord {
  _id: string;
  daily: ExtensionDailyRow[];
  device: ExtensionDeviceRow[];
  market: ExtensionMarketRow[];
  savedAt: Date;
}

const extensionReportSchema = new Schema<ExtensionReportRecord>(
  {
    _id: { type: String, required: true },
    daily: { type: Schema.Types.Mixed, default: [] },
    device: { type: Schema.Types.Mixed, default: [] },
    market: { type: Schema.Types.Mixed, default: [] },
    savedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'extension_reports' },
);

export const ExtensionReportModel = tenantModel(
  mongoose.model<ExtensionReportRecord>('ExtensionReport', extensionReportSchema),
);
