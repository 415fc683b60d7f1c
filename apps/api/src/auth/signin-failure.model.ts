import mongoose, { Schema } from 'mongoose';
import { tenantModel } from '../shared/tenant';

/**
 * Failed sign-ins per account (by the email tried), in the database so the limit holds across API processes.
 * A fixed window: the first failure starts it, and after `limit` failures inside it the account refuses every
 * sign-in, the right password included, until it ends. A successful sign-in removes the record.
 */
const signinFailureSchema = new Schema(
  {
    /** The email as tried, lower-cased (also for emails with no account: the limit reveals nothing). */
    _id: { type: String, required: true },
    failures: { type: Number, required: true },
    windowStartedAt: { type: Date, required: true },
  },
  { collection: 'signin_failures', versionKey: false },
);

export interface SigninFailureRecord {
  _id: string;
  failures: number;
  windowStartedAt: Date;
}

export const SigninFailureModel = tenantModel(mongoose.model('SigninFailure', signinFailureSchema));
