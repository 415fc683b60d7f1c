import { rateLimit } from 'express-rate-limit';
import { envelope } from './error-envelope';

/** Limits sign-in and sign-up attempts per client address; answers 429 in the error envelope. */
export function loginRateLimit(limit: number, windowMs: number) {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json(envelope(['Too many attempts. Please wait a few minutes and try again.']));
    },
  });
}
