import { rateLimit } from 'express-rate-limit';
import { AppError } from './app-error';

/** Limits sign-in and sign-up attempts per client address; answers 429 through the one error handler. */
export function loginRateLimit(limit: number, windowMs: number) {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => {
      next(AppError.tooManyRequests('Too many attempts. Please wait a few minutes and try again.'));
    },
  });
}
