import type { Request } from 'express';
import { merchantLockOf } from '@publisher/contract';
import type { UserRecord } from '../../auth/user.model';
import { AppError } from '../app-error';

/** Who is calling, as the access middleware established it. */
export interface Caller {
  user: UserRecord;
  via: 'token' | 'apiKey';
}

declare module 'express-serve-static-core' {
  interface Request {
    caller?: Caller;
  }
}

/**
 * The authenticated caller of a route whose contract access is not `public`. Takes any request carrying
 * `caller`, since ts-rest narrows a request's `query` to the route's parsed (non-string) values.
 */
export function callerOf(req: Pick<Request, 'caller'>): Caller {
  if (!req.caller) throw AppError.unauthenticated();
  return req.caller;
}

export function isAdmin(caller: Caller): boolean {
  return caller.user.role === 'admin';
}

/**
 * The vendor whose data a call reads: the caller's own, or the one it names when that is the caller's own id
 * or the caller is the admin. Anyone else naming another vendor gets 403 with `refusal`.
 */
export function readableVendorId(caller: Caller, requested: number | undefined, refusal: string): number {
  if (requested === undefined || requested === caller.user.vendorId) return caller.user.vendorId;
  if (isAdmin(caller)) return requested;
  throw AppError.forbidden(refusal);
}

/** Whose merchant lists a call shows: the readable vendor and the one merchant its account is locked to, if any. */
export interface MerchantViewer {
  vendorId: number;
  lockedDomain: string | undefined;
}

export function merchantViewerOf(caller: Caller, requested: number | undefined, refusal: string): MerchantViewer {
  const vendorId = readableVendorId(caller, requested, refusal);
  return { vendorId, lockedDomain: merchantLockOf(vendorId)?.domain };
}
