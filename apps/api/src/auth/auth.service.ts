import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import {
  ACCOUNT_MESSAGES,
  type AuthResponse,
  type ChangePasswordBody,
  type SigninBody,
  type SignupBody,
  type UpdateAccountBody,
  type User,
} from '@publisher/contract';
import { AppError } from '../shared/app-error';
import { isAdmin, type Caller } from '../shared/auth/caller';
import type { TokenService } from '../shared/auth/token';
import { invalidateUserForAccess } from '../shared/auth/user-cache';
import { defaultMenu } from './default-menu';
import { UserModel, type UserRecord } from './user.model';
import { presentUser } from './user.presenter';

/** Vendor ids of self-registered vendors start here, above the hand-assigned ones. */
export const FIRST_SELF_SERVICE_VENDOR_ID = 6001;

/** GET /auth/:id of an id that has no account (read by the admin). */
export const NO_SUCH_ACCOUNT_MESSAGE = 'No account has this id.';

export function generateApiKey(): string {
  return randomBytes(24).toString('hex');
}

export interface AuthService {
  signin(body: SigninBody): Promise<AuthResponse>;
  signup(body: SignupBody): Promise<AuthResponse>;
  getUser(caller: Caller, id: string): Promise<User>;
  update(caller: Caller, body: UpdateAccountBody): Promise<User>;
  changePassword(caller: Caller, body: ChangePasswordBody): Promise<void>;
}

export function createAuthService(deps: { tokens: TokenService; bcryptRounds: number }): AuthService {
  const { tokens, bcryptRounds } = deps;
  // Compared against when the email is unknown, so such a sign-in costs what a real one does. bcrypt's cost is
  // the hash's own rounds, so it is made with the rounds real passwords get; made once, on first use.
  let timingDummyHash: Promise<string> | undefined;
  const dummyHash = (): Promise<string> => (timingDummyHash ??= bcrypt.hash('timing-equaliser', bcryptRounds));

  const issue = (user: UserRecord): AuthResponse => ({
    user: presentUser(user),
    token: tokens.sign(user._id.toHexString(), user.tokenVersion),
  });

  async function nextVendorId(): Promise<number> {
    const highest = await UserModel.findOne({}, { vendorId: 1 }).sort({ vendorId: -1 }).lean<{ vendorId: number }>();
    return Math.max(FIRST_SELF_SERVICE_VENDOR_ID, (highest?.vendorId ?? 0) + 1);
  }

  const isDuplicateKey = (error: unknown, field: string): boolean => {
    const mongoError = error as { code?: number; keyPattern?: Record<string, unknown>; message?: string };
    if (mongoError.code !== 11000) return false;
    return mongoError.keyPattern ? field in mongoError.keyPattern : Boolean(mongoError.message?.includes(field));
  };

  return {
    async signin({ email, password }) {
      const user = await UserModel.findOne({ email: email.trim().toLowerCase() }).lean<UserRecord>();
      const matches = await bcrypt.compare(password, user?.passwordHash ?? (await dummyHash()));
      if (!user || !matches) throw AppError.unauthenticated(ACCOUNT_MESSAGES.invalidCredentials);
      return issue(user);
    },

    async signup(body) {
      const email = body.email.trim().toLowerCase();
      if (await UserModel.exists({ email })) throw AppError.conflict(ACCOUNT_MESSAGES.emailTaken);
      const passwordHash = await bcrypt.hash(body.password, bcryptRounds);
      // No transactions on FerretDB: take the next id optimistically and retry if another sign-up won it.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        try {
          const created = await UserModel.create({
            fullName: body.fullName.trim(),
            email,
            passwordHash,
            phoneNumber: body.phoneNumber ?? '',
            vendorId: await nextVendorId(),
            apiKey: generateApiKey(),
            menu: defaultMenu(),
          });
          return issue(created.toObject<UserRecord>());
        } catch (error) {
          if (isDuplicateKey(error, 'email')) throw AppError.conflict(ACCOUNT_MESSAGES.emailTaken);
          if (!isDuplicateKey(error, 'vendorId') && !isDuplicateKey(error, 'apiKey')) throw error;
        }
      }
      throw new AppError('internal', ['Could not allocate a vendor id, please try again.']);
    },

    async getUser(caller, id) {
      // The caller's own account was just loaded by the access check.
      if (caller.user._id.toHexString() === id) return presentUser(caller.user);
      if (!isAdmin(caller)) throw AppError.forbidden('You can only read your own account.');
      const user = await UserModel.findById(id).lean<UserRecord>();
      // Not "User Not Found.": the web app ends the session on that text, which is about the caller, not this id.
      if (!user) throw AppError.notFound(NO_SUCH_ACCOUNT_MESSAGE);
      return presentUser(user);
    },

    async update(caller, body) {
      const changes: Record<string, string> = {};
      for (const [key, value] of Object.entries(body)) {
        if (key !== 'apiKey' && typeof value === 'string') changes[key] = value;
      }
      const user = await UserModel.findByIdAndUpdate(
        caller.user._id,
        { $set: changes },
        { returnDocument: 'after', runValidators: true },
      ).lean<UserRecord>();
      invalidateUserForAccess(caller.user._id.toHexString());
      if (!user) throw AppError.userNotFound();
      return presentUser(user);
    },

    async changePassword(caller, body) {
      if (caller.user._id.toHexString() !== body._id) {
        throw AppError.forbidden('You can only change your own password.');
      }
      if (!(await bcrypt.compare(body.currentPassword, caller.user.passwordHash))) {
        throw AppError.badRequest(ACCOUNT_MESSAGES.currentPasswordWrong);
      }
      if (body.currentPassword === body.newPassword) throw AppError.badRequest(ACCOUNT_MESSAGES.newPasswordSame);
      const passwordHash = await bcrypt.hash(body.newPassword, bcryptRounds);
      await UserModel.updateOne({ _id: caller.user._id }, { $set: { passwordHash }, $inc: { tokenVersion: 1 } });
      invalidateUserForAccess(caller.user._id.toHexString());
    },
  };
}
