import mongoose, { Schema } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/**
 * Part 2 §3 "Filter text": `filter` as typed (shown), `name` its lower-cased, space-collapsed form (matched
 * against product titles, unique). `campaign_id` null: every vendor's product lists; else that vendor's only.
 */
export interface TitleFilterRecord {
  _id: mongoose.Types.ObjectId;
  filter: string;
  name: string;
  campaign_id: number | null;
  createdAt: Date;
}

const titleFilterSchema = new Schema<TitleFilterRecord>(
  {
    filter: { type: String, required: true },
    name: { type: String, required: true },
    campaign_id: { type: Number, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'title_filters', versionKey: false },
);
titleFilterSchema.index({ name: 1 }, { unique: true });

export const TitleFilterModel = tenantModel(mongoose.model<TitleFilterRecord>('TitleFilter', titleFilterSchema));
