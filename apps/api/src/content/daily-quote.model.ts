import mongoose, { Schema, type Types } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/** The quote of one date (part 2 §7). */
export interface DailyQuoteRecord {
  _id: Types.ObjectId;
  quote: string;
  author: string;
  date: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const dailyQuoteSchema = new Schema<DailyQuoteRecord>(
  {
    quote: { type: String, required: true },
    author: { type: String, required: true },
    date: { type: String, required: true },
    isActive: { type: Boolean, default: true },
  },
  { versionKey: false, timestamps: true, collection: 'daily_quotes' },
);
// One quote per date; the service also checks first, for a clear 409 where the index is not enforced.
dailyQuoteSchema.index({ date: 1 }, { unique: true });
export const DailyQuoteModel = tenantModel(mongoose.model<DailyQuoteRecord>('DailyQuote', dailyQuoteSchema));
