import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { CONTROL_PATH_PREFIX, MOCK_CONTROL_TOKEN_HEADER, MOCK_SESSION_HEADER } from '@publisher/contract';
import { AppError } from '../shared/app-error';

const HEADER = MOCK_CONTROL_TOKEN_HEADER.toLowerCase();

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * Undefined when the call carries the control token (or none is set); else its refusal: 401 without the header,
 * 403 with another value. Compared in constant time, over digests so that the lengths never differ.
 */
export type ControlTokenCheck = (req: Request) => AppError | undefined;

export function createControlTokenCheck(token: string | undefined): ControlTokenCheck {
  if (token === undefined) return () => undefined;
  const expected = digest(token);
  return (req) => {
    const sent = req.headers[HEADER];
    const value = Array.isArray(sent) ? sent[0] : sent;
    if (value === undefined || value === '') {
      return AppError.unauthenticated(
        `This API's mock controls are closed: send the control token (MOCK_CONTROL_TOKEN) in ${MOCK_CONTROL_TOKEN_HEADER} ` +
          `to call /__control or to start a new ${MOCK_SESSION_HEADER} session.`,
      );
    }
    if (!timingSafeEqual(digest(value), expected)) {
      return AppError.forbidden(`${MOCK_CONTROL_TOKEN_HEADER} is not this API's control token (MOCK_CONTROL_TOKEN).`);
    }
    return undefined;
  };
}

const isControlPath = (path: string): boolean =>
  path === CONTROL_PATH_PREFIX || path.startsWith(`${CONTROL_PATH_PREFIX}/`);

/** Refuses a `/__control` call without the control token (see {@link createControlTokenCheck}); others pass. */
export function controlTokenGuard(check: ControlTokenCheck): RequestHandler {
  return (req, _res, next) => {
    next(isControlPath(req.path) ? check(req) : undefined);
  };
}
