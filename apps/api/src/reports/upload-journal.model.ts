import mongoose, { Schema } from 'mongoose';
import { REPORT_SOURCES, type ReportSource } from '@publisher/contract';
import type { SavedDayEntry } from './report-saved-month.model';
import { tenantModel } from '../shared/tenant';

/**
 * The journal of a conversion upload (reports/upload-journal.ts): everything the upload is about to write, put in
 * the database before the first report row is touched, so that a process that dies mid-write leaves enough for
 * the next one to finish the upload exactly as it would have (FerretDB v1 has no transactions to roll back).
 *
 * One header per upload (`_id` = its report run id) and one part per (vendor, month) partition with that
 * partition's new days. The header's `complete` turns true once every part is stored: that single-document
 * update is the upload's commit point. Before it, nothing of the upload has reached the report data; after it,
 * the upload is finished (by the process writing it, or by the next start or the next upload of the source).
 */
export interface JournalDayEntry {
  date: string;
  entry: SavedDayEntry;
}

export interface UploadJournalMonth {
  month: string;
  /** The saved-month entries written before the partitions (write-ahead) and after them (final). */
  pending: JournalDayEntry[];
  saved: JournalDayEntry[];
  /** Dates no save had written before the upload: their days are inserted, not replaced. */
  freshDates: string[];
}

export interface UploadJournalRecord {
  /** The upload's report run id. */
  _id: string;
  source: ReportSource;
  /** True once every part is stored (the commit point). */
  complete: boolean;
  months: UploadJournalMonth[];
  /** Rows the upload writes in all (what its run record says once it is finished). */
  rowsTotal: number;
  savedAt: Date;
  /** A chunked upload's bookkeeping, written with the rows (else a re-sent chunk would add its rows twice). */
  session: { uploadId: string; set: Record<string, unknown> } | null;
  createdAt: Date;
  /**
   * Set when the journal could not be applied for a reason writing it again would meet again (a day whose sums
   * cannot be stored, a part that does not decode): the journal is then kept aside for `SET_ASIDE_KEEP_MS` for
   * inspection, shown in GET /health, and no longer finished by anyone (upload-journal.ts). Absent or null: live.
   */
  setAside?: { reason: string; at: Date } | null;
}

export interface JournalDay {
  date: string;
  /** The day's rows (report-day-codec's packed form), or null: the upload removes the day. */
  packed: Buffer | null;
}

export interface UploadJournalPartRecord {
  /** `<runId>:<month>:<vendorId>`. */
  _id: string;
  runId: string;
  month: string;
  vendorId: number;
  days: JournalDay[];
}

const uploadJournalSchema = new Schema<UploadJournalRecord>(
  {
    _id: { type: String, required: true },
    source: { type: String, enum: REPORT_SOURCES, required: true },
    complete: { type: Boolean, required: true },
    months: { type: Schema.Types.Mixed, default: [] },
    rowsTotal: { type: Number, required: true },
    savedAt: { type: Date, required: true },
    session: { type: Schema.Types.Mixed, default: null },
    createdAt: { type: Date, required: true },
    setAside: { type: Schema.Types.Mixed, default: null },
  },
  { collection: 'report_upload_journals', versionKey: false, minimize: false },
);

const journalDaySchema = new Schema<JournalDay>(
  { date: { type: String, required: true }, packed: { type: Buffer, default: null } },
  { _id: false },
);

const uploadJournalPartSchema = new Schema<UploadJournalPartRecord>(
  {
    _id: { type: String, required: true },
    runId: { type: String, required: true },
    month: { type: String, required: true },
    vendorId: { type: Number, required: true },
    days: { type: [journalDaySchema], default: [] },
  },
  { collection: 'report_upload_journal_parts', versionKey: false },
);
uploadJournalPartSchema.index({ runId: 1 });

export const UploadJournalModel = tenantModel(
  mongoose.model<UploadJournalRecord>('UploadJournal', uploadJournalSchema),
);
export const UploadJournalPartModel = tenantModel(
  mongoose.model<UploadJournalPartRecord>('UploadJournalPart', uploadJournalPartSchema),
);
