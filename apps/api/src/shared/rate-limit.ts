import type { ErrorRequestHandler, Request, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { AppError } from './app-error';
import { MongoRateLimitStore } from './rate-limit-store';

/** The answer of an attempt over the per-address limit. */
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/** res.locals key: this request came from an address over its limit. */
const OVER_ADDRESS_LIMIT = 'isOverAddressLimit';

/** Routes that check a password: over the limit they still let the right one in. */
const CREDENTIAL_PATHS: readonly string[] = ['/auth/signin', '/api/auth/login'];

const isOverAddressLimit = (res: Response): boolean => res.locals[OVER_ADDRESS_LIMIT] === true;

/** What counts against an address: failures only, and never bad input (a 400 says nothing about a password). */
function isNotCounted(_req: Request, res: Response): boolean {
  return res.statusCode < 400 || res.statusCode === 400;
}

export interface LoginRateLimit {
  /** Counts the failed attempts of each client address (mounted before the sign-in and sign-up routes). */
  limiter: ReturnType<typeof rateLimit>;
  /**
   * Mounted after the routes: over the limit, a sign-in that fails answers 429 instead of 401. A sign-in with the
   * right credentials still succeeds, so colleagues behind one address (everyone on 127.0.0.1 on a dev stack) are
   * never locked out by someone else's typos; guessing one account stays capped by its own lockout
   * (auth.service.ts), and a client over the limit is told to back off.
   */
  refuseFailuresOverLimit: ErrorRequestHandler;
}

/**
 * The per-address limit of failed sign-in and sign-up attempts. Sign-ups over the limit are refused outright
 * (429, through the one error handler); sign-ins go on, see `refuseFailuresOverLimit`. The counts live in the
 * database, so the limit holds however many API processes serve the address.
 */
export function loginRateLimit(
  limit: number,
  windowMs: number,
  store = new MongoRateLimitStore('signin'),
): LoginRateLimit {
  const limiter = rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store,
    // Only failures count (a success or a 400 hands its hit back): colleagues signing in from one office address
    // must not use up each other's budget.
    skipSuccessfulRequests: true,
    requestWasSuccessful: isNotCounted,
    // X-Forwarded-For is ignored unless TRUST_PROXY names the proxy that sets it; no need to warn about it.
    validate: { xForwardedForHeader: false },
    handler: (req, res, next) => {
      if (CREDENTIAL_PATHS.includes(req.baseUrl.toLowerCase())) {
        res.locals[OVER_ADDRESS_LIMIT] = true;
        next();
        return;
      }
      next(AppError.tooManyRequests(TOO_MANY_ATTEMPTS_MESSAGE));
    },
  });
  const refuseFailuresOverLimit: ErrorRequestHandler = (error, _req, res, next) => {
    const isWrongCredentials = error instanceof AppError && error.kind === 'unauthenticated';
    next(isOverAddressLimit(res) && isWrongCredentials ? AppError.tooManyRequests(TOO_MANY_ATTEMPTS_MESSAGE) : error);
  };
  return { limiter, refuseFailuresOverLimit };
}
