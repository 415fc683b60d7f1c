import { rateLimit } from 'express-rate-limit';
import { AppError } from './app-error';
import { MongoRateLimitStore } from './rate-limit-store';

/**
 * Limits failed sign-in and sign-up attempts per client address; answers 429 through the one error handler.
 * (Each account also has its own limit on failed sign-ins: auth.service.ts.)
 * The counts live in the database, so the limit holds however many API processes serve the address.
 */
export function loginRateLimit(limit: number, windowMs: number) {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new MongoRateLimitStore('signin'),
    // Only failures count: colleagues signing in from one office address must not use up each other's budget.
    skipSuccessfulRequests: true,
    // X-Forwarded-For is ignored unless TRUST_PROXY names the proxy that sets it; no need to warn about it.
    validate: { xForwardedForHeader: false },
    handler: (_req, _res, next) => {
      next(AppError.tooManyRequests('Too many attempts. Please wait a few minutes and try again.'));
    },
  });
}
