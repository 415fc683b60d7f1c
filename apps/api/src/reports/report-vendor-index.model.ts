import mongoose, { Schema } from 'mongoose';
import type { ReportSource } from '@publisher/contract';
import { tenantModel } from '../shared/tenant';

/**
 * Which partitions (source, month) hold data of a vendor, with their row and order counts: My Orders pages
 * newest first across every source and month from this one document, without listing collections.
 * `_id` = the vendor id; keys of `partitions` are `<source>:<YYYY-MM>`.
 */
export interface PartitionTotals {
  source: ReportSource;
  month: string;
  rows: number;
  orders: number;
}

export interface VendorIndexRecord {
  _id: number;
  partitions: Record<string, PartitionTotals>;
}

const partitionTotalsSchema = new Schema<PartitionTotals>(
  {
    source: { type: String, required: true },
    month: { type: String, required: true },
    rows: { type: Number, required: true },
    orders: { type: Number, required: true },
  },
  { _id: false },
);

const vendorIndexSchema = new Schema<VendorIndexRecord>(
  {
    _id: { type: Number, required: true },
    partitions: { type: Map, of: partitionTotalsSchema, default: {} },
  },
  // Read by `_id` only.
  { versionKey: false, collection: 'report_vendor_index' },
);

export const VendorIndexModel = tenantModel(mongoose.model<VendorIndexRecord>('ReportVendorIndex', vendorIndexSchema));

export const partitionKey = (source: ReportSource, month: string): string => `${source}:${month}`;
