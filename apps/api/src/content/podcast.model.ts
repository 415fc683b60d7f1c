import mongoose, { Schema, type Types } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/** A podcast episode (part 2 §7, `prodcast` in the paths). */
export interface PodcastRecord {
  _id: Types.ObjectId;
  title: string;
  description: string;
  audioUrl: string;
  durationSeconds: number;
  publishedOn: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const PodcastModel = tenantModel(
  mongoose.model<PodcastRecord>(
    'Podcast',
    new Schema<PodcastRecord>(
      {
        title: { type: String, required: true },
        description: { type: String, default: '' },
        audioUrl: { type: String, required: true },
        durationSeconds: { type: Number, required: true },
        publishedOn: { type: String, required: true },
        isActive: { type: Boolean, default: true },
      },
      { versionKey: false, timestamps: true, collection: 'podcasts' },
    ),
  ),
);
