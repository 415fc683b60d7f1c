import mongoose, { Schema } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/**
 * What each save wrote, per (source, month): `_id` = `<source>|<YYYY-MM>`, one entry per saved date.
 *
 * A save first marks its dates `writing` and adds the vendors it is about to write to `pendingVendorIds`, then
 * writes the day documents, then marks the dates `saved` with the final `vendorIds`. Without transactions this
 * write-ahead entry is what makes a save safe to re-run after a crash: the re-run knows every vendor an
 * interrupted save may have written, and replaces or removes their days. It also tells the seed which dates
 * were never saved.
 */
export interface SavedDayEntry {
  status: 'writing' | 'saved';
  /** Vendors with saved rows on that date (after a completed save). */
  vendorIds: number[];
  /** Vendors a save in progress may have written. */
  pendingVendorIds: number[];
  /** Rows the last write of that date stored. */
  rowsWritten: number;
  runId: string;
  savedAt: Date;
  /**
   * The SIMULATOR_VERSION whose rows a save wrote; absent on dates written before versions were recorded (version
   * 1). An upload keeps what the date had. The seed saves again dates an older simulator wrote.
   */
  simulatorVersion?: number;
}

export interface SavedMonthRecord {
  _id: string;
  days: Record<string, SavedDayEntry>;
}

const savedDaySchema = new Schema<SavedDayEntry>(
  {
    status: { type: String, enum: ['writing', 'saved'], required: true },
    vendorIds: { type: [Number], default: [] },
    pendingVendorIds: { type: [Number], default: [] },
    rowsWritten: { type: Number, default: 0 },
    runId: { type: String, required: true },
    savedAt: { type: Date, required: true },
    simulatorVersion: { type: Number },
  },
  { _id: false },
);

const savedMonthSchema = new Schema<SavedMonthRecord>(
  {
    _id: { type: String, required: true },
    days: { type: Map, of: savedDaySchema, default: {} },
  },
  // Read by `_id` only (one document per source and month).
  { versionKey: false, collection: 'report_saved_months' },
);

export const SavedMonthModel = tenantModel(mongoose.model<SavedMonthRecord>('ReportSavedMonth', savedMonthSchema));

export const savedMonthId = (source: string, month: string): string => `${source}|${month}`;
