import mongoose, { Schema } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/** An uploaded podcast file, kept in the database (no object store here); `_id` is the signed link's key. */
export interface PodcastFileRecord {
  _id: string;
  contentType: string;
  data: Buffer;
  size: number;
  uploadedAt: Date;
}

export const PodcastFileModel = tenantModel(
  mongoose.model<PodcastFileRecord>(
    'PodcastFile',
    new Schema<PodcastFileRecord>(
      {
        _id: { type: String, required: true },
        contentType: { type: String, required: true },
        data: { type: Buffer, required: true },
        size: { type: Number, required: true },
        uploadedAt: { type: Date, required: true },
      },
      { versionKey: false, collection: 'podcast_files' },
    ),
  ),
);
