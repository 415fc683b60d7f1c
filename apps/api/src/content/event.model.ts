import mongoose, { Schema, type Types } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/** An event (part 2 §7; fields designed in the contract). */
export interface EventRecord {
  _id: Types.ObjectId;
  title: string;
  description: string;
  location: string;
  startsAt: Date;
  endsAt: Date;
  url: string | null;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const EventModel = tenantModel(
  mongoose.model<EventRecord>(
    'Event',
    new Schema<EventRecord>(
      {
        title: { type: String, required: true },
        description: { type: String, default: '' },
        location: { type: String, default: '' },
        startsAt: { type: Date, required: true },
        endsAt: { type: Date, required: true },
        url: { type: String, default: null },
        isActive: { type: Boolean, default: true },
      },
      { versionKey: false, timestamps: true, collection: 'events' },
    ),
  ),
);
