import mongoose, { Schema, type Model } from 'mongoose';
import type { ReportSource } from '@publisher/contract';
import { tenantModel } from '../shared/tenant';

/**
 * A click on a link this API tracks (a direct link or a short link). Clicks live in one collection per UTC
 * day, `tracked_clicks.<YYYY-MM-DD>`, for the reason the saved reports are partitioned (report-partition.model.ts):
 * FerretDB v1 scans a whole collection for any filter but `_id`, and a report save reads one day's clicks.
 * `_id` is assigned before the insert, so a retried batch cannot write a click twice.
 */
export interface ClickRecord {
  _id: mongoose.Types.ObjectId;
  at: Date;
  /** The UTC date of `at`, YYYY-MM-DD: the collection it lives in. */
  date: string;
  /** The report source whose rows the click joins when that date is saved; null: a short link to elsewhere. */
  source: ReportSource | null;
  isCPC: boolean;
  /** The direct link's program code (22261 ...), or '' for a short link to elsewhere. */
  programCode: string;
  vendorId: number;
  merchantName: string;
  domain: string;
  /** The link's `publisher`: the campaign id typed on the screen, or the timestamp that replaced it. */
  campaign: string;
  placementId: string;
  clickId: string;
  subId: string;
  country: string;
  device: 'desktop' | 'mobile' | 'tablet' | 'unknown';
  referrer: string;
  /** The short code the click came through, or ''. */
  shortCode: string;
}

const clickSchema = new Schema<ClickRecord>(
  {
    at: { type: Date, required: true },
    date: { type: String, required: true },
    source: { type: String, default: null },
    isCPC: { type: Boolean, required: true },
    programCode: { type: String, default: '' },
    vendorId: { type: Number, required: true },
    merchantName: { type: String, default: '' },
    domain: { type: String, default: '' },
    campaign: { type: String, default: '' },
    placementId: { type: String, default: '' },
    clickId: { type: String, default: '' },
    subId: { type: String, default: '' },
    country: { type: String, default: '' },
    device: { type: String, default: 'unknown' },
    referrer: { type: String, default: '' },
    shortCode: { type: String, default: '' },
  },
  { versionKey: false, autoIndex: false },
);

export const clickCollectionName = (date: string): string => `tracked_clicks.${date}`;

// eslint-disable-next-line state/no-module-state -- mirrors mongoose's own model registry, which is per process (per mongoose instance), not per app
const models = new Map<string, Model<ClickRecord>>();

/** The model of one day's clicks (created once per day name). */
export function clickModel(date: string): Model<ClickRecord> {
  const name = clickCollectionName(date);
  const existing = models.get(name);
  if (existing) return existing;
  const model = tenantModel(
    (mongoose.models[name] as Model<ClickRecord> | undefined) ?? mongoose.model<ClickRecord>(name, clickSchema, name),
  );
  models.set(name, model);
  return model;
}
