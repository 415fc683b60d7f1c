import mongoose, { Schema, type Model } from 'mongoose';
import type { FeedKind } from '@publisher/contract';
import { tenantModel } from '../shared/tenant';

/**
 * One follow of a feed link (price-line or search feed). Like tracked clicks (deep-links/click.model.ts) they live
 * in one collection per UTC day, `feed_clicks.<YYYY-MM-DD>`: FerretDB v1 scans a whole collection for any filter
 * but `_id`, and the click dashboard reads whole days. `_id` is set before the insert so a retried batch cannot
 * write a click twice.
 */
export interface FeedClickRecord {
  _id: mongoose.Types.ObjectId;
  at: Date;
  /** The UTC date of `at`, YYYY-MM-DD: the collection it lives in. */
  date: string;
  feed: FeedKind;
  channel: string;
  /** The search text of a search-feed click; '' for price-line clicks. */
  searchText: string;
  /** The vendor the link was made for, when it says; null otherwise. */
  vendorId: number | null;
  /** Price-line values forwarded by the redirect placeholder ('' when absent). */
  checkIn: string;
  checkOut: string;
  city: string;
  device: 'desktop' | 'mobile' | 'tablet' | 'unknown';
  referrer: string;
}

const feedClickSchema = new Schema<FeedClickRecord>(
  {
    at: { type: Date, required: true },
    date: { type: String, required: true },
    feed: { type: String, required: true },
    channel: { type: String, required: true },
    searchText: { type: String, default: '' },
    vendorId: { type: Number, default: null },
    checkIn: { type: String, default: '' },
    checkOut: { type: String, default: '' },
    city: { type: String, default: '' },
    device: { type: String, default: 'unknown' },
    referrer: { type: String, default: '' },
  },
  { versionKey: false, autoIndex: false },
);

export const feedClickCollectionName = (date: string): string => `feed_clicks.${date}`;

// eslint-disable-next-line state/no-module-state -- mirrors mongoose's own model registry, which is per process (per mongoose instance), not per app
const models = new Map<string, Model<FeedClickRecord>>();

/** The model of one day's feed clicks (created once per day name). */
export function feedClickModel(date: string): Model<FeedClickRecord> {
  const name = feedClickCollectionName(date);
  const existing = models.get(name);
  if (existing) return existing;
  const model = tenantModel(
    (mongoose.models[name] as Model<FeedClickRecord> | undefined) ??
      mongoose.model<FeedClickRecord>(name, feedClickSchema, name),
  );
  models.set(name, model);
  return model;
}
