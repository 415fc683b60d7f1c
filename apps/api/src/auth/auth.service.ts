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
import type { AccessUsers } from '../shared/auth/user-cache';
import { createKeyedSerial } from '../shared/keyed-serial';
import { defaultMenu } from './default-menu';
import { SigninFailureModel, type SigninFailureRecord } from './signin-failure.model';
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
  regenerateApiKey(caller: Caller): Promise<User>;
}

/** Failed sign-ins one account takes in a window before it refuses sign-ins until the window ends. */
export interface SigninLockout {
  maxFailures: number;
  windowMs: number;
}

export interface AuthServiceDeps {
  tokens: TokenService;
  bcryptRounds: number;
  lockout: SigninLockout;
  /** The app's access cache of users: forgets a user this service rewrites. */
  users: AccessUsers;
  now?: () => Date;
}

/** How many attempts a sign-up makes at a vendorId another sign-up may be taking at the same moment. */
const VENDOR_ID_ATTEMPTS = 50;

export function createAuthService(deps: AuthServiceDeps): AuthService {
  const { tokens, bcryptRounds, lockout, users, now = () => new Date() } = deps;
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

  /** The account's failure record while it is locked out, else null. */
  async function lockedOut(email: string): Promise<SigninFailureRecord | null> {
    const record = await SigninFailureModel.findById(email).lean<SigninFailureRecord>();
    if (!record || record.failures < lockout.maxFailures) return null;
    return record.windowStartedAt.getTime() + lockout.windowMs > now().getTime() ? record : null;
  }

  // One account's failure count is updated in order: FerretDB v1 loses concurrent updates (keyed-serial.ts).
  const failureUpdates = createKeyedSerial();

  function recordFailure(email: string): Promise<void> {
    return failureUpdates(email, () => countFailure(email));
  }

  async function countFailure(email: string): Promise<void> {
    const inWindow: Record<string, unknown> = {
      _id: email,
      windowStartedAt: { $gt: new Date(now().getTime() - lockout.windowMs) },
    };
    const counted = await SigninFailureModel.updateOne(inWindow, { $inc: { failures: 1 } });
    if (counted.matchedCount === 0) {
      await SigninFailureModel.replaceOne(
        { _id: email },
        { _id: email, failures: 1, windowStartedAt: now() },
        { upsert: true },
      );
    }
  }

  async function createVendor(body: SignupBody, email: string, passwordHash: string): Promise<UserRecord> {
    // No transactions on FerretDB: take the next free vendorId optimistically; when another sign-up took it
    // first, walk on to the next one. FerretDB's duplicate-key errors do not say which index refused the
    // document, so the email (the other unique field a sign-up can clash on) is checked after each refusal.
    let vendorId = await nextVendorId();
    for (let attempt = 0; attempt < VENDOR_ID_ATTEMPTS; attempt += 1) {
      try {
        const created = await UserModel.create({
          fullName: body.fullName.trim(),
          email,
          passwordHash,
          phoneNumber: body.phoneNumber ?? '',
          vendorId,
          apiKey: generateApiKey(),
          menu: defaultMenu(),
        });
        return created.toObject<UserRecord>();
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
        if (await UserModel.exists({ email })) throw AppError.conflict(ACCOUNT_MESSAGES.emailTaken);
        vendorId = Math.max(vendorId + 1, await nextVendorId());
      }
    }
    throw AppError.unavailable('Could not allocate a vendor id, please try again.');
  }

  return {
    async signin({ email, password }) {
      const key = email.trim().toLowerCase();
      if (await lockedOut(key)) throw AppError.tooManyRequests(ACCOUNT_MESSAGES.tooManyFailedSignins);
      const user = await UserModel.findOne({ email: key }).lean<UserRecord>();
      const matches = await bcrypt.compare(password, user?.passwordHash ?? (await dummyHash()));
      if (!user || !matches) {
        await recordFailure(key);
        throw AppError.unauthenticated(ACCOUNT_MESSAGES.invalidCredentials);
      }
      await SigninFailureModel.deleteOne({ _id: key });
      return issue(user);
    },

    async signup(body) {
      const email = body.email.trim().toLowerCase();
      if (await UserModel.exists({ email })) throw AppError.conflict(ACCOUNT_MESSAGES.emailTaken);
      const passwordHash = await bcrypt.hash(body.password, bcryptRounds);
      return issue(await createVendor(body, email, passwordHash));
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
      users.forget(caller.user._id.toHexString());
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
      // A new password ends every session and retires the apiKey too: whoever knew the old password may know it.
      await UserModel.updateOne(
        { _id: caller.user._id },
        { $set: { passwordHash, apiKey: generateApiKey() }, $inc: { tokenVersion: 1 } },
      );
      users.forget(caller.user._id.toHexString());
    },

    async regenerateApiKey(caller) {
      const user = await UserModel.findByIdAndUpdate(
        caller.user._id,
        { $set: { apiKey: generateApiKey() } },
        { returnDocument: 'after' },
      ).lean<UserRecord>();
      users.forget(caller.user._id.toHexString());
      if (!user) throw AppError.userNotFound();
      return presentUser(user);
    },
  };
}
