import mongoose, { Schema } from 'mongoose';
import type { SearchList } from '@publisher/contract';
import { tenantModel } from '../shared/tenant';

/**
 * How often one vendor searched one text in one kind of list: a running total, keyed by `_id`
 * (`vendorId|list|text`) so the recorder's `$inc` is a single-document upsert.
 */
export interface SearchTotalRecord {
  _id: string;
  vendorId: number;
  list: SearchList;
  text: string;
  count: number;
  lastSearchedAt: Date;
}

const searchTotalSchema = new Schema<SearchTotalRecord>(
  {
    _id: { type: String, required: true },
    vendorId: { type: Number, required: true },
    list: { type: String, enum: ['products', 'merchants'], required: true },
    text: { type: String, required: true },
    count: { type: Number, default: 0 },
    lastSearchedAt: { type: Date, required: true },
  },
  { collection: 'search_totals', versionKey: false },
);
// Read most frequent first, for everyone (the admin) or one vendor.
searchTotalSchema.index({ count: -1 });
searchTotalSchema.index({ vendorId: 1, count: -1 });

export const SearchTotalModel = tenantModel(mongoose.model<SearchTotalRecord>('SearchTotal', searchTotalSchema));

export const searchTotalId = (vendorId: number, list: SearchList, text: string): string =>
  `${vendorId}|${list}|${text}`;
