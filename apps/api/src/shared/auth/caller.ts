import type { Request } from 'express';
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
