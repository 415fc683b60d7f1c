import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { tenantModel } from '../shared/tenant';

const deeplinkFlagsSchema = new Schema(
  { cpc: { type: Boolean, required: true }, cpa: { type: Boolean, required: true } },
  { _id: false },
);

const menuSchema = new Schema(
  {
    merchants: { type: Boolean, required: true },
    products: { type: Boolean, required: true },
    deeplink1: { type: deeplinkFlagsSchema, required: true },
    deeplink2: { type: deeplinkFlagsSchema, required: true },
    deeplink3: { type: deeplinkFlagsSchema, required: true },
    deeplink4: { type: deeplinkFlagsSchema, required: true },
    deeplink5: { type: deeplinkFlagsSchema, required: true },
  },
  { _id: false },
);

const userSchema = new Schema(
  {
    fullName: { type: String, required: true, trim: true },
    /** Stored lower-cased: sign-in and the duplicate check are case-insensitive. */
    email: { type: String, required: true, lowercase: true, trim: true },
    passwordHash: { type: String, required: true },
    secondaryEmail: { type: String, default: '' },
    secondaryEmail2: { type: String, default: '' },
    secondaryEmail3: { type: String, default: '' },
    secondaryEmail4: { type: String, default: '' },
    address1: { type: String, default: '' },
    address2: { type: String, default: '' },
    country: { type: String, default: '' },
    state: { type: String, default: '' },
    city: { type: String, default: '' },
    zip: { type: String, default: '' },
    phoneNumber: { type: String, default: '' },
    vendorId: { type: Number, required: true },
    apiKey: { type: String, required: true },
    influenceCode: { type: String, default: '' },
    menu: { type: menuSchema, required: true },
    isPublisherAI: { type: Boolean, default: false },
    /** The short-URL switch: Shorten is offered and POST /shortURL/create allowed only when true. */
    isShortUrlEnabled: { type: Boolean, default: false },
    role: { type: String, enum: ['vendor', 'admin'], default: 'vendor' },
    /** Bumped on password change: tokens issued before it stop working. */
    tokenVersion: { type: Number, default: 0 },
  },
  { timestamps: true, collection: 'users' },
);

userSchema.index({ email: 1 }, { unique: true });
userSchema.index({ vendorId: 1 }, { unique: true });
userSchema.index({ apiKey: 1 }, { unique: true });

export type UserRecord = InferSchemaType<typeof userSchema> & { _id: mongoose.Types.ObjectId };

export const UserModel = tenantModel(mongoose.model('User', userSchema));
