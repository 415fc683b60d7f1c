import mongoose, { Schema } from 'mongoose';
import { tenantModel } from './tenant';

/** A held lease (see lease.ts): who holds it, and until when unless renewed. */
export interface LeaseRecord {
  _id: string;
  holder: string;
  expiresAt: Date;
}

const leaseSchema = new Schema(
  {
    _id: { type: String, required: true },
    holder: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'leases' },
);

export const LeaseModel = tenantModel(mongoose.model<LeaseRecord>('Lease', leaseSchema));
